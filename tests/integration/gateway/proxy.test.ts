// The gateway client behind a corporate proxy: HTTPS_PROXY reaches the client (a real CONNECT proxy
// on loopback tunnels to the gateway), NO_PROXY and the demo gateway on this computer go direct, and
// the certificates the client trusts (the system's store in the app) decide the gateway's TLS.
// The gateway is the demo gateway behind a TLS front for `gateway.test`, a name only the proxy knows.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../../src/main/core/gateway/client';
import type { NetworkSettings } from '../../../src/main/core/gateway/network';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/server';

let sim: RunningSimulator;
let front: TlsServer;
let proxy: Server;
let certificate: string;
let frontPort: number;
let proxyPort: number;
/** What the proxy was asked to tunnel to, and with which credentials. */
const tunnels: { target: string; authorization: string | undefined }[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'atelier-proxy-'));

const port = (server: Server | TlsServer): number => (server.address() as AddressInfo).port;
const listen = (server: Server | TlsServer): Promise<void> => new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

beforeAll(async () => {
  // A certificate for gateway.test (and localhost) that no store trusts unless told to.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=gateway.test',
      '-addext',
      'subjectAltName=DNS:gateway.test,DNS:localhost',
      '-keyout',
      join(scratch, 'key.pem'),
      '-out',
      join(scratch, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  certificate = readFileSync(join(scratch, 'cert.pem'), 'utf8');
  sim = await startSimulator();
  // TLS in front of the demo gateway: what a gateway on the internet looks like.
  front = createTlsServer({ key: readFileSync(join(scratch, 'key.pem')), cert: certificate }, (socket) => {
    const upstream = connect(new URL(sim.url).port ? Number(new URL(sim.url).port) : 80, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await listen(front);
  frontPort = port(front);
  // The corporate proxy: CONNECT only, and the one place where gateway.test resolves.
  proxy = createHttpServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    tunnels.push({ target: req.url ?? '', authorization: req.headers['proxy-authorization'] });
    const [host, targetPort] = (req.url ?? '').split(':');
    const upstream = connect(Number(targetPort), host === 'gateway.test' || host === 'localhost' ? '127.0.0.1' : (host ?? ''), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await listen(proxy);
  proxyPort = port(proxy);
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await new Promise((resolve) => front.close(resolve));
  await sim.close();
  rmSync(scratch, { recursive: true, force: true });
});

beforeEach(() => {
  tunnels.length = 0;
});

function client(baseUrl: string, network: NetworkSettings): GatewayClient {
  return new GatewayClient({ baseUrl, apiKey: sim.demoKey, network, retry: { maxAttempts: 1 }, timeouts: { connectMs: 3000 } });
}

describe('the gateway client behind a proxy', () => {
  it('reaches the gateway through HTTPS_PROXY (a CONNECT tunnel), with the proxy credentials the variable carries', async () => {
    const gateway = client(`https://gateway.test:${frontPort}`, { env: { HTTPS_PROXY: `http://studio:s3cret@127.0.0.1:${proxyPort}` }, ca: [certificate] });
    try {
      const models = await gateway.models.list('image');
      expect(models.length).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
    expect(tunnels).toEqual([{ target: `gateway.test:${frontPort}`, authorization: `Basic ${Buffer.from('studio:s3cret').toString('base64')}` }]);
  });

  it('reads the lower-case variable too, and goes direct for a host NO_PROXY names', async () => {
    const viaProxy = client(`https://gateway.test:${frontPort}`, { env: { https_proxy: `http://127.0.0.1:${proxyPort}` }, ca: [certificate] });
    try {
      await viaProxy.models.list('image');
    } finally {
      await viaProxy.close();
    }
    expect(tunnels).toHaveLength(1);
    tunnels.length = 0;
    // Direct, gateway.test does not resolve: the request fails, and the proxy never saw it.
    const direct = client(`https://gateway.test:${frontPort}`, {
      env: { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`, NO_PROXY: 'example.com,.test' },
      ca: [certificate],
    });
    await expect(direct.models.list('image')).rejects.toMatchObject({ kind: 'unreachable' });
    await direct.close();
    expect(tunnels).toEqual([]);
  });

  it('never sends a gateway on this computer (the demo gateway) to the proxy', async () => {
    const local = client(`https://localhost:${frontPort}`, { env: { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}` }, ca: [certificate] });
    try {
      await local.models.list('image');
    } finally {
      await local.close();
    }
    expect(tunnels).toEqual([]);
  });

  it("checks the gateway's certificate against the trusted authorities: refused without the one that signed it", async () => {
    const untrusting = client(`https://gateway.test:${frontPort}`, { env: { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}` }, ca: undefined });
    await expect(untrusting.models.list('image')).rejects.toMatchObject({
      summary: 'The gateway’s TLS certificate was not accepted. Check the address.',
    });
    await untrusting.close();
    expect(tunnels).toHaveLength(1);
  });
});
