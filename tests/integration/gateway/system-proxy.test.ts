// The desktop app reaches the gateway and the result hosts through the proxy the system's settings
// name (Electron's session answers for PAC scripts, WPAD and the OS settings), not the environment's
// variables, which an app started from the Start menu or the Dock does not see. Here the system is a
// resolver that answers as Electron's `session.resolveProxy` does, the proxy a CONNECT proxy on
// loopback, and the gateway the demo gateway under a name only that proxy knows.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../../src/main/core/gateway/client';
import type { NetworkSettings, ProxyResolver } from '../../../src/main/core/gateway/network';
import { ResultFetcher } from '../../../src/main/core/jobs/result-fetch';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/server';
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server';
import { startTunnelProxy, type TunnelProxy } from '../../helpers/tunnel-proxy';

let sim: RunningSimulator;
let proxy: TunnelProxy;
const closing: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  sim = await startSimulator();
  // The proxy is the one place where the made-up names resolve: to this computer.
  proxy = await startTunnelProxy((host, port) => (host.endsWith('.test') ? { host: '127.0.0.1', port } : undefined));
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
afterEach(async () => {
  await Promise.all(closing.splice(0).map((item) => item.close()));
  proxy.tunnels.length = 0;
});

/** The system's settings: `answer` for every address, and the addresses asked about. */
function systemSettings(answer: string): ProxyResolver & { asked: string[] } {
  const asked: string[] = [];
  return { asked, resolveProxy: (url) => (asked.push(url), Promise.resolve(answer)) };
}

const proxyAnswer = (): string => `PROXY ${new URL(proxy.url).host}; DIRECT`;
const simPort = (): number => Number(new URL(sim.url).port);
/** The environment names a proxy that does not exist: the desktop app must not use it. */
const misleadingEnv = { HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9' };

function gatewayClient(network: NetworkSettings): GatewayClient {
  const client = new GatewayClient({
    baseUrl: `http://gateway.test:${simPort()}`,
    apiKey: sim.demoKey,
    network,
    retry: { maxAttempts: 1 },
    timeouts: { connectMs: 3000 },
  });
  closing.push(client);
  return client;
}

describe("the gateway client with the system's proxy settings", () => {
  it('asks them for the gateway address and goes through the proxy they name', async () => {
    const system = systemSettings(proxyAnswer());
    const models = await gatewayClient({ env: misleadingEnv, ca: undefined, resolver: system }).models.list('image');
    expect(models.length).toBeGreaterThan(0);
    expect(system.asked).toEqual([`http://gateway.test:${simPort()}`]);
    expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual([`gateway.test:${simPort()}`]);
  });

  it('goes direct when they say DIRECT, whatever the environment says', async () => {
    const direct = gatewayClient({ env: { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url }, ca: undefined, resolver: systemSettings('DIRECT') });
    // gateway.test resolves nowhere but at the proxy: direct, it is unreachable, and the proxy saw nothing.
    await expect(direct.models.list('image')).rejects.toMatchObject({ kind: 'unreachable' });
    expect(proxy.tunnels).toEqual([]);
  });
});

describe("result downloads with the system's proxy settings", () => {
  let cdn: RecordingServer;
  beforeAll(async () => {
    cdn = await startRecordingServer((_req, res) => res.end('bytes through the proxy'));
  });
  afterAll(() => cdn.close());

  it("ask them for the result's address and tunnel through the proxy they name, after the address guard", async () => {
    const system = systemSettings(proxyAnswer());
    // The result host's name resolves to a public address for the guard; only the proxy can reach it.
    const fetcher = new ResultFetcher({
      headersTimeoutMs: 2_000,
      bodyTimeoutMs: 2_000,
      resolve: (name) => Promise.resolve(name === 'cdn.test' ? ['93.184.216.34'] : []),
      network: { env: misleadingEnv, ca: undefined, resolver: system },
    });
    closing.push(fetcher);
    const gateway = new GatewayClient({ baseUrl: 'https://gateway.example.com', apiKey: '' });
    closing.push(gateway);
    const file = join(mkdtempSync(join(tmpdir(), 'atelier-fetch-')), 'result.tmp');
    const options = { client: gateway, expiresAt: null, now: Date.now(), signal: new AbortController().signal, maxBytes: 1024 * 1024 };
    await fetcher.fetch({ kind: 'url', url: `http://cdn.test:${String(cdn.port)}/result.png` }, file, options);
    expect(readFileSync(file, 'utf8')).toBe('bytes through the proxy');
    expect(system.asked).toEqual([`http://cdn.test:${String(cdn.port)}/`]);
    expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual([`cdn.test:${String(cdn.port)}`]);
  });
});
