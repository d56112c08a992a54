/**
 * Contract overhead: `router.dispatch('settings.get', {})` in process against calling the settings
 * service directly, and web mode's `POST /api/invoke/settings.get` on loopback against bare
 * node:http and Fastify routes that answer the same JSON.
 */
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Fastify from 'fastify';
import { Client } from 'undici';
import { EventBus } from '../src/main/core/events/event-bus';
import { createConfStore } from '../src/main/core/settings/key-value-store';
import { SettingsService } from '../src/main/core/settings/settings-service';
import { createFileKeyVault } from '../src/main/core/vault/file-key-vault';
import { startWebServer } from '../src/main/web/server';
import { createTestStudio } from '../tests/helpers/studio';
import { compare } from './measure';
import type { Table } from './table';

const ROUTE_PATH = '/api/invoke/settings.get';

/** A bare node:http server answering every request with `json`. */
async function startBareHttp(json: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
      response.end(json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** A bare Fastify app with the same route path, answering `value` (no hooks, no guard, no router). */
async function startBareFastify(value: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.post('/api/invoke/:route', (_request, reply) => reply.send(value));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** One keep-alive connection posting the contract call, reading the JSON answer. */
function invoker(url: string, token?: string): { call: () => Promise<unknown>; close: () => Promise<void> } {
  const client = new Client(url);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return {
    call: async () => {
      const response = await client.request({ method: 'POST', path: ROUTE_PATH, headers, body: '{"input":{}}' });
      const body: unknown = await response.body.json();
      if (response.statusCode !== 200) throw new Error(`${url}${ROUTE_PATH} answered ${response.statusCode}: ${JSON.stringify(body)}`);
      return body;
    },
    close: () => client.close(),
  };
}

export async function run(): Promise<Table[]> {
  // Nothing is in flight at stop; a short grace keeps the engine's stop timer from holding the process open.
  const { studio, dataDir } = await createTestStudio({ engine: { stopGraceMs: 50 } });
  const cleanups: (() => Promise<void>)[] = [
    async () => {
      await studio.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  ];
  try {
    // The same settings file the studio reads, through a service of its own: what a handler does without the router.
    const settings = new SettingsService(createConfStore(dataDir), createFileKeyVault(join(dataDir, 'vault.key')), new EventBus());
    const [direct, dispatched] = await compare(
      [
        { label: 'settings.get(): service called directly', operation: () => settings.get() },
        { label: "router.dispatch('settings.get', {})", operation: () => studio.router.dispatch('settings.get', {}) },
      ],
      { iterations: 3000 },
    );

    const envelope = await studio.router.dispatch('settings.get', {});
    const web = await startWebServer({ studio });
    cleanups.push(() => web.close());
    const bareHttp = await startBareHttp(JSON.stringify(envelope));
    cleanups.push(() => bareHttp.close());
    const bareFastify = await startBareFastify(envelope);
    cleanups.push(() => bareFastify.close());

    const clients = [invoker(bareHttp.url), invoker(bareFastify.url), invoker(web.url, web.token)] as const;
    cleanups.push(async () => {
      await Promise.all(clients.map((client) => client.close()));
    });
    const [rawHttp, rawFastify, webMode] = await compare(
      [
        { label: 'POST: bare node:http, same JSON', operation: clients[0].call },
        { label: 'POST: bare Fastify route, same JSON', operation: clients[1].call },
        { label: `POST ${ROUTE_PATH}: web mode`, operation: clients[2].call },
      ],
      { iterations: 1500, budgetMs: 6000 },
    );

    return [
      {
        title: 'Studio contract in process (settings.get)',
        rows: [{ stats: direct }, { stats: dispatched, raw: direct }],
        notes: ['raw = SettingsService.get() on the same settings file; dispatch adds input validation, output validation and a promise'],
      },
      {
        title: 'Studio contract over HTTP on loopback (settings.get, undici, one keep-alive connection)',
        rows: [{ stats: rawHttp }, { stats: rawFastify, raw: rawHttp }, { stats: webMode, raw: rawHttp }],
        notes: [
          'raw = node:http server answering the same envelope JSON; web mode adds Fastify, the session guard, security headers,',
          "the router and the settings read; compare its row with the bare Fastify row to see what is ours rather than the framework's",
        ],
      },
    ];
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
