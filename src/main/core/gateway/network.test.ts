import { describe, expect, it } from 'vitest';
import { isLoopbackHost, proxyEnvironment, proxyFromPacAnswer, systemCertificates } from './network';

describe('the proxy environment', () => {
  it('reads lower case before upper case, as curl does, and lets HTTPS_PROXY fall back to HTTP_PROXY', () => {
    expect(proxyEnvironment({ https_proxy: 'http://a:3128', HTTPS_PROXY: 'http://b:3128', NO_PROXY: 'corp.example' })).toEqual({
      httpsProxy: 'http://a:3128',
      httpProxy: undefined,
      noProxy: 'corp.example',
    });
    expect(proxyEnvironment({ HTTP_PROXY: 'http://c:8080' })).toEqual({ httpsProxy: 'http://c:8080', httpProxy: 'http://c:8080', noProxy: undefined });
    expect(proxyEnvironment({ HTTPS_PROXY: '  ' })).toEqual({ httpsProxy: undefined, httpProxy: undefined, noProxy: undefined });
  });

  it('never applies to a gateway on this computer', () => {
    for (const host of ['localhost', 'studio.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['gateway.example.com', '10.0.0.5', 'localhost.example.com']) expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("the system's certificates", () => {
  it("are trusted together with Node's own where the runtime can read the store", () => {
    const read = (type: 'default' | 'system'): string[] => (type === 'system' ? ['SYSTEM-CA', 'SHARED'] : ['NODE-CA', 'SHARED']);
    expect(systemCertificates(read)).toEqual(['NODE-CA', 'SHARED', 'SYSTEM-CA']);
  });

  it("leave Node's defaults alone where the store cannot be read or is empty", () => {
    expect(systemCertificates(undefined)).toBeUndefined();
    expect(systemCertificates((type) => (type === 'system' ? [] : ['NODE-CA']))).toBeUndefined();
    expect(
      systemCertificates(() => {
        throw new Error('no store');
      }),
    ).toBeUndefined();
  });
});

describe("the system's proxy settings, as the desktop app reads them", () => {
  it('take the first proxy of the answer this client can use, and DIRECT as a direct connection', () => {
    expect(proxyFromPacAnswer('PROXY proxy.corp:8080; DIRECT')?.href).toBe('http://proxy.corp:8080/');
    expect(proxyFromPacAnswer('HTTPS secure.corp:443')?.href).toBe('https://secure.corp/');
    expect(proxyFromPacAnswer('DIRECT')).toBeUndefined();
    // SOCKS is passed over for the next entry (undici has no SOCKS client).
    expect(proxyFromPacAnswer('SOCKS5 socks.corp:1080; PROXY proxy.corp:3128')?.href).toBe('http://proxy.corp:3128/');
    expect(proxyFromPacAnswer('')).toBeUndefined();
  });
});
