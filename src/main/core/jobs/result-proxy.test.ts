import { describe, expect, it } from 'vitest';
import { bypassesProxy, proxyFor } from './result-proxy';

const network = (env: Record<string, string>) => ({ env, ca: undefined });

describe('which result addresses go through the proxy', () => {
  it('reads NO_PROXY as curl does: every host, a host, a domain with or without its dot, a port', () => {
    expect(bypassesProxy('cdn.example.com', 443, '*')).toBe(true);
    expect(bypassesProxy('cdn.example.com', 443, 'cdn.example.com')).toBe(true);
    expect(bypassesProxy('cdn.example.com', 443, 'example.com')).toBe(true);
    expect(bypassesProxy('cdn.example.com', 443, '.example.com')).toBe(true);
    expect(bypassesProxy('cdn.example.com', 443, 'example.com:8443')).toBe(false);
    expect(bypassesProxy('cdn.example.com', 8443, 'other.org, example.com:8443')).toBe(true);
    expect(bypassesProxy('notexample.com', 443, 'example.com')).toBe(false);
    expect(bypassesProxy('cdn.example.com', 443, undefined)).toBe(false);
  });

  it('takes the proxy for the address scheme, and none for NO_PROXY hosts or this computer', () => {
    const env = network({ HTTPS_PROXY: 'http://proxy.corp:3128', http_proxy: 'proxy.corp:8080', NO_PROXY: 'internal.corp' });
    expect(proxyFor('https:', 'cdn.example.com', 443, env)?.href).toBe('http://proxy.corp:3128/');
    expect(proxyFor('http:', 'cdn.example.com', 80, env)?.href).toBe('http://proxy.corp:8080/');
    expect(proxyFor('https:', 'files.internal.corp', 443, env)).toBeUndefined();
    expect(proxyFor('http:', '127.0.0.1', 8787, env)).toBeUndefined();
    expect(proxyFor('https:', 'cdn.example.com', 443, network({}))).toBeUndefined();
  });
});
