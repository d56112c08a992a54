/**
 * Result downloads do not trust the gateway: a gateway that is not local cannot send the studio
 * to this computer or the user's network (checked after DNS, on every redirect), a result larger
 * than its kind allows is refused from its declared length, and bytes that are not the media
 * promised fail the job at once, their start kept for the user, instead of being fetched again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../../src/main/core/gateway/client';
import { ResultFetcher, ResultFetchError, type FetchLimits } from '../../../src/main/core/jobs/result-fetch';
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server';
import { startTunnelProxy, type TunnelProxy } from '../../helpers/tunnel-proxy';
import { bodyOf, fastClient, runOne, startBench, type Bench } from '../jobs/harness';

const servers: (RecordingServer | TunnelProxy)[] = [];
const clients: GatewayClient[] = [];
let bench: Bench | undefined;
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await bench?.close();
  bench = undefined;
});

async function serve(respond: Parameters<typeof startRecordingServer>[0]): Promise<RecordingServer> {
  const server = await startRecordingServer(respond);
  servers.push(server);
  return server;
}

/** A client of the gateway at `baseUrl` (the fetcher only reads its address here). */
function clientAt(baseUrl: string): GatewayClient {
  const client = new GatewayClient({ baseUrl, apiKey: '' });
  clients.push(client);
  return client;
}

/** A gateway on the public internet, as far as the fetcher can tell (it never contacts it here). */
const publicGateway = (): GatewayClient => clientAt('https://gateway.example.com');
const target = (): string => join(mkdtempSync(join(tmpdir(), 'atelier-fetch-')), 'result.tmp');
const fetchOptions = (client: GatewayClient, maxBytes = 10 * 1024 * 1024) => ({
  client,
  expiresAt: null,
  now: Date.now(),
  signal: new AbortController().signal,
  maxBytes,
});

async function failure(run: Promise<unknown>): Promise<ResultFetchError> {
  try {
    await run;
  } catch (error) {
    if (error instanceof ResultFetchError) return error;
    throw error;
  }
  throw new Error('the fetch succeeded');
}

describe('where results may come from', () => {
  it('a gateway that is not local cannot point a result at this computer', async () => {
    const local = await serve((_req, res) => res.end('secret from the local network'));
    const fetcher = new ResultFetcher({ headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000 });
    const error = await failure(fetcher.fetch({ kind: 'url', url: `${local.url}/admin.png` }, target(), fetchOptions(publicGateway())));
    expect(error.reason).toBe('permanent');
    expect(error.message).toMatch(/not a public address/);
    expect(local.requests).toHaveLength(0);
    await fetcher.close();
  });

  it('every redirect is checked: an allowed address cannot bounce the download to a refused one', async () => {
    const refused = await serve((_req, res) => res.end('private'));
    const allowed = await serve((_req, res) => {
      res.writeHead(302, { location: `${refused.url}/metadata.png` });
      res.end();
    });
    // Here only the first server counts as "public"; the policy is the same code path as in use.
    const fetcher = new ResultFetcher({ headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000, addressPolicy: (_address, port) => port === allowed.port });
    const error = await failure(fetcher.fetch({ kind: 'url', url: `${allowed.url}/result.png` }, target(), fetchOptions(publicGateway())));
    expect(error).toMatchObject({ reason: 'permanent' });
    expect(allowed.requests).toHaveLength(1);
    expect(refused.requests).toHaveLength(0);
    await fetcher.close();
  });

  it('a local gateway opens only its own host and port, not the rest of this computer', async () => {
    const gateway = await serve((_req, res) => res.end('bytes'));
    const neighbour = await serve((_req, res) => res.end('another local service'));
    const fetcher = new ResultFetcher({ headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000 });
    const error = await failure(fetcher.fetch({ kind: 'url', url: `${neighbour.url}/r.png` }, target(), fetchOptions(clientAt(gateway.url))));
    expect(error).toMatchObject({ reason: 'permanent', message: expect.stringMatching(/not a public address/) as unknown });
    expect(neighbour.requests).toHaveLength(0);
    await fetcher.close();
  });

  it("the gateway's own DNS answer does not switch the guard off: one private address among its public ones opens nothing", async () => {
    const inside = await serve((_req, res) => res.end('secret from the local network'));
    // The gateway's name answers with a public and a private address, as a hostile or careless zone can.
    const resolve = (name: string): Promise<string[]> => Promise.resolve(name === 'gateway.example.com' ? ['93.184.216.34', '10.20.30.40'] : []);
    const fetcher = new ResultFetcher({ headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000, resolve });
    const error = await failure(fetcher.fetch({ kind: 'url', url: `${inside.url}/router-admin.png` }, target(), fetchOptions(publicGateway())));
    expect(error).toMatchObject({ reason: 'permanent', message: expect.stringMatching(/not a public address/) as unknown });
    expect(inside.requests).toHaveLength(0);
    await fetcher.close();
  });

  it('a local gateway (the demo gateway, one on this network) may serve its results locally', async () => {
    const local = await serve((_req, res) => res.end('bytes'));
    const fetcher = new ResultFetcher({ headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000 });
    const fetched = await fetcher.fetch({ kind: 'url', url: `${local.url}/r.png` }, target(), fetchOptions(clientAt(local.url)));
    expect(fetched.bytes).toBe(5);
    await fetcher.close();
  });
});

describe('behind a proxy', () => {
  /** A proxy that tunnels the made-up public names to this computer, where the test's server is. */
  async function proxyFor(...names: string[]): Promise<TunnelProxy> {
    const proxy = await startTunnelProxy((host, port) => (names.includes(host) ? { host: '127.0.0.1', port } : undefined));
    servers.push(proxy);
    return proxy;
  }
  const dns =
    (table: Record<string, string>) =>
    (name: string): Promise<string[]> =>
      Promise.resolve(table[name] === undefined ? [] : [table[name]]);
  /** A fetcher in an environment naming proxies (`env`), where DNS answers from `names`. */
  const fetcherBehind = (env: Record<string, string>, names: Record<string, string>, { ca, ...more }: Partial<FetchLimits> & { ca?: string[] } = {}) =>
    new ResultFetcher({ headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000, resolve: dns(names), network: { env, ca }, ...more });
  /** The proxy's address with a user and password in it, as HTTPS_PROXY carries them. */
  const withCredentials = (proxy: TunnelProxy, password: string): string => {
    const url = new URL(proxy.url);
    url.username = 'artist';
    url.password = password;
    return url.href;
  };

  it('a result on the internet is fetched through the proxy the environment names, with its credentials', async () => {
    const cdn = await serve((_req, res) => res.end('bytes through the proxy'));
    const proxy = await proxyFor('cdn.example');
    const fetcher = fetcherBehind({ HTTP_PROXY: withCredentials(proxy, 's@cret') }, { 'cdn.example': '93.184.216.34' });
    const file = target();
    const fetched = await fetcher.fetch({ kind: 'url', url: `http://cdn.example:${String(cdn.port)}/result.png` }, file, fetchOptions(publicGateway()));
    expect(readFileSync(file, 'utf8')).toBe('bytes through the proxy');
    expect(fetched.bytes).toBe(23);
    expect(proxy.tunnels).toEqual([{ target: `cdn.example:${String(cdn.port)}`, authorization: `Basic ${Buffer.from('artist:s@cret').toString('base64')}` }]);
    expect(cdn.requests).toHaveLength(1);
    await fetcher.close();
  });

  it('an https result is fetched inside the tunnel, its certificate checked for its own name against the trusted authorities', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'atelier-cdn-tls-'));
    const [key, cert] = [join(scratch, 'key.pem'), join(scratch, 'cert.pem')];
    const subject = ['-subj', '/CN=cdn.example', '-addext', 'subjectAltName=DNS:cdn.example'];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', ...subject, '-keyout', key, '-out', cert],
      {
        stdio: 'ignore',
      },
    );
    const cdn = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => res.end('sealed bytes'));
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const { port } = cdn.address() as AddressInfo;
    const proxy = await proxyFor('cdn.example');
    const fetcherTrusting = (ca: string[] | undefined) => fetcherBehind({ HTTPS_PROXY: proxy.url }, { 'cdn.example': '93.184.216.34' }, { ca });
    try {
      const trusting = fetcherTrusting([readFileSync(cert, 'utf8')]);
      const fetched = await trusting.fetch({ kind: 'url', url: `https://cdn.example:${String(port)}/r.png` }, target(), fetchOptions(publicGateway()));
      expect(fetched.bytes).toBe(12);
      await trusting.close();
      // The same certificate, not trusted: the tunnel opens, TLS inside it does not.
      const doubting = fetcherTrusting(undefined);
      const error = await failure(doubting.fetch({ kind: 'url', url: `https://cdn.example:${String(port)}/r.png` }, target(), fetchOptions(publicGateway())));
      expect(error.message).toMatch(/certificate/i);
      expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual([`cdn.example:${String(port)}`, `cdn.example:${String(port)}`]);
      await doubting.close();
    } finally {
      cdn.closeAllConnections();
      await new Promise((resolve) => cdn.close(resolve));
    }
  });

  it('the address guard comes first: a name that resolves inside the network is refused before the proxy is asked', async () => {
    const proxy = await proxyFor('intranet.example');
    const fetcher = fetcherBehind({ https_proxy: proxy.url, http_proxy: proxy.url }, { 'intranet.example': '10.1.2.3' });
    const error = await failure(fetcher.fetch({ kind: 'url', url: 'http://intranet.example/router-admin.png' }, target(), fetchOptions(publicGateway())));
    expect(error).toMatchObject({ reason: 'permanent', message: expect.stringMatching(/not a public address/) as unknown });
    expect(proxy.tunnels).toEqual([]);
    await fetcher.close();
  });

  it('a host NO_PROXY names is reached directly', async () => {
    const cdn = await serve((_req, res) => res.end('direct'));
    const proxy = await proxyFor('direct.example');
    // This computer stands in for the internet here: only the test server's port counts as public.
    const fetcher = fetcherBehind(
      { HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,.direct.example' },
      { 'direct.example': '127.0.0.1' },
      { addressPolicy: (_address, port) => port === cdn.port },
    );
    const fetched = await fetcher.fetch({ kind: 'url', url: `http://direct.example:${String(cdn.port)}/r.png` }, target(), fetchOptions(publicGateway()));
    expect(fetched.bytes).toBe(6);
    expect(proxy.tunnels).toEqual([]);
    await fetcher.close();
  });

  it('a proxy that refuses the tunnel fails the download as one to try again, naming the proxy but not its password', async () => {
    const proxy = await proxyFor();
    const fetcher = fetcherBehind({ HTTP_PROXY: withCredentials(proxy, 'hunter2') }, { 'cdn.example': '93.184.216.34' });
    const error = await failure(fetcher.fetch({ kind: 'url', url: 'http://cdn.example/result.png' }, target(), fetchOptions(publicGateway())));
    expect(error.reason).toBe('transient');
    expect(error.message).toMatch(new RegExp(`proxy 127\\.0\\.0\\.1:${new URL(proxy.url).port} answered HTTP 403 .*cdn\\.example:80`));
    expect(error.message).not.toContain('hunter2');
    await fetcher.close();
  });
});

describe('how large a result may be', () => {
  it('a declared 10 GB body is refused from its Content-Length, before it is read', async () => {
    const huge = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(10 * 1024 ** 3) });
      res.write(Buffer.alloc(1024));
      // ...and then nothing more: a client that reads on waits for a body that never comes.
    });
    const fetcher = new ResultFetcher({ headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000 });
    const error = await failure(fetcher.fetch({ kind: 'url', url: `${huge.url}/big.png` }, target(), fetchOptions(clientAt(huge.url))));
    expect(error.reason).toBe('permanent');
    expect(error.message).toMatch(/declared as 10240 MB/);
    await fetcher.close();
  });

  it('a body without a length is cut at the cap of its kind while streaming', async () => {
    const endless = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(3 * 1024 * 1024));
    });
    const fetcher = new ResultFetcher({ headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000 });
    const error = await failure(fetcher.fetch({ kind: 'url', url: `${endless.url}/big.png` }, target(), fetchOptions(clientAt(endless.url), 1024 * 1024)));
    expect(error).toMatchObject({ reason: 'permanent', message: expect.stringMatching(/larger than the 1 MB/) as unknown });
    await fetcher.close();
  });
});

describe('bytes that are not the media promised', () => {
  it('fail the job at once with what they look like, fetched once, their first bytes kept in the library', async () => {
    const page = '<!doctype html><html><body>Please sign in to continue</body></html>';
    const gateway = await serve((req, res) => {
      if (req.method === 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ created: 1, data: [{ url: `${gateway.url}/files/result.png` }] }));
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(page);
    });
    bench = await startBench();
    const client = fastClient(gateway.url, 'sk-not-media-0123456789');
    const engine = bench.engine({ connectionFor: () => client });
    await engine.start();
    const job = await runOne(engine, {
      variantId: 'image.gen-image-2.direct',
      body: bodyOf('image.gen-image-2.direct', { prompt: 'a harbour', response_format: 'url' }),
    });
    await client.close();
    expect(job).toMatchObject({ state: 'failed', errorCode: 'download_failed' });
    expect(job.errorMessage).toMatch(/not a readable image \(it starts with "<!doctype html>/);
    // Fetched once (the engine's other GETs, such as the balance it measures costs by, are not the result).
    expect(gateway.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/files/'))).toHaveLength(1);
    const kept = /kept in (\S+) in the library folder/.exec(job.errorMessage ?? '')?.[1] ?? '';
    expect(existsSync(join(bench.root, kept))).toBe(true);
    expect(readFileSync(join(bench.root, kept), 'utf8')).toBe(page);
  });
});
