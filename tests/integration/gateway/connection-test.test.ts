// "Test connection" against real servers on loopback: the demo gateway answers as a gateway; a
// wrong key, a base path with /v1, a web page, a closed port, a name that does not resolve and a
// certificate nobody trusts each come back as the cause a person can fix. Through the studio's
// route, a profile without a key says so without sending anything.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../../src/main/core/gateway/connection-test';
import type { NetworkSettings } from '../../../src/main/core/gateway/network';
import type { Studio } from '../../../src/main/core/studio';
import type { ConnectionTest, Profile } from '../../../src/shared/contract';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/server';
import { callRoute, createTestStudio } from '../../helpers/studio';

const direct: NetworkSettings = { env: {}, ca: undefined };
const scratch = mkdtempSync(join(tmpdir(), 'atelier-connection-'));
let sim: RunningSimulator;
let webPage: Server;
let tlsServer: Server;
let studio: Studio;

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

beforeAll(async () => {
  sim = await startSimulator();
  webPage = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>'));
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
      '/CN=localhost',
      '-keyout',
      join(scratch, 'key.pem'),
      '-out',
      join(scratch, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  tlsServer = createHttpsServer({ key: readFileSync(join(scratch, 'key.pem')), cert: readFileSync(join(scratch, 'cert.pem')) }, (_req, res) => res.end('{}'));
  ({ studio } = await createTestStudio());
});
afterAll(async () => {
  await sim.close();
  await studio.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('testing a gateway connection', () => {
  it('finds the gateway and counts its models', async () => {
    const result = await testConnection(sim.url, sim.demoKey, { network: direct });
    expect(result).toMatchObject({ ok: true, cause: null, status: 200 });
    expect(result.models).toBeGreaterThan(10);
  });

  it('names a wrong key, a base path with /v1 and a web page that is not a gateway', async () => {
    expect(await testConnection(sim.url, 'sk-not-the-right-key', { network: direct })).toMatchObject({ ok: false, cause: 'wrong_key', status: 401 });
    expect(await testConnection(`${sim.url}/v1`, sim.demoKey, { network: direct })).toMatchObject({ ok: false, cause: 'wrong_base_path', status: 404 });
    const port = await listen(webPage);
    try {
      expect(await testConnection(`http://127.0.0.1:${port}`, sim.demoKey, { network: direct })).toMatchObject({ ok: false, cause: 'wrong_base_path' });
    } finally {
      await close(webPage);
    }
  });

  it('names a closed port, a name that does not resolve and a certificate that is not trusted', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await close(closed);
    expect(await testConnection(`http://127.0.0.1:${port}`, sim.demoKey, { network: direct })).toMatchObject({
      ok: false,
      cause: 'refused',
      detail: 'ECONNREFUSED',
    });
    expect(await testConnection('https://no-such-gateway.invalid', sim.demoKey, { network: direct })).toMatchObject({ ok: false, cause: 'address_not_found' });
    const tlsPort = await listen(tlsServer);
    try {
      const untrusted = await testConnection(`https://localhost:${tlsPort}`, sim.demoKey, { network: direct });
      expect(untrusted).toMatchObject({ ok: false, cause: 'tls' });
    } finally {
      await close(tlsServer);
    }
  });

  it('says a profile has no key yet, without sending anything; an unknown profile is an error', async () => {
    const profile = await callRoute<Profile>(studio, 'profiles.save', { name: 'Work', baseUrl: 'https://gateway.example.com' });
    expect(await callRoute<ConnectionTest>(studio, 'profiles.test_connection', { id: profile.id })).toMatchObject({ ok: false, cause: 'no_key' });
    const missing = await studio.router.dispatch('profiles.test_connection', { id: 'no-such-profile' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
