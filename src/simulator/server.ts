/**
 * Entry point of the demo gateway: `startSimulator()` builds the Fastify server, seeds the demo
 * account, registers the admin routes and every route plugin of `routes/index.ts`, and listens
 * on loopback.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/routes';
import { SimulatorContext } from './context';
import { relayErrorBody } from './relay-errors';
import { installFaultHooks } from './fault-hooks';
import { resolveOptions } from './options';
import type { SimulatorOptions } from './options';
import { routePlugins } from './routes/index';
import { StatePersistence } from './state/persistence';

export type { SimulatorOptions } from './options';

/** A running simulator. */
export interface RunningSimulator {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash, no `/v1`). */
  url: string;
  port: number;
  /** The demo key, `sk-...`. */
  demoKey: string;
  /** Value of the `x-admin-token` header for `/__admin/*`. */
  adminToken: string;
  /** Stop listening and drop open connections. */
  close(): Promise<void>;
}

/** Largest JSON body accepted (messages may carry Base64 images). */
const BODY_LIMIT_BYTES = 64 * 1024 * 1024;

function installErrorAnswers(app: FastifyInstance): void {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    return reply.code(404).send(relayErrorBody(404, { message: `Invalid URL (${request.method} ${path})`, code: 'not_found' }));
  });
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    const message = status >= 500 ? 'internal error' : `invalid request: ${error.message}`;
    if (request.routeOptions.config.errorStyle === 'account' && status < 500) {
      return reply.code(200).send({ success: false, message: '无效的参数' });
    }
    return reply.code(status).send(relayErrorBody(status, { message, code: error.code }));
  });
}

/**
 * Listens on `preferred` when given and free (a restarted simulator keeps its address, so the
 * addresses clients recorded keep working), else on `port`.
 */
async function listen(app: FastifyInstance, host: string, preferred: number | undefined, port: number): Promise<void> {
  if (preferred !== undefined) {
    try {
      await app.listen({ port: preferred, host });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  await app.listen({ port, host });
}

/** Start a simulator; resolves once it listens. */
export async function startSimulator(input: SimulatorOptions = {}): Promise<RunningSimulator> {
  const options = resolveOptions(input);
  const adminToken = options.adminToken ?? randomBytes(16).toString('hex');
  const ctx = new SimulatorContext(options);
  const persistence = options.stateDir === undefined ? undefined : new StatePersistence(ctx, options.stateDir, options.onWarning);
  if (persistence?.restored !== true) ctx.seedDemoAccount();

  const app = Fastify({ logger: options.logger, bodyLimit: BODY_LIMIT_BYTES, forceCloseConnections: true });
  installErrorAnswers(app);
  installFaultHooks(app, ctx);
  persistence?.install(app);
  await adminRoutes(app, ctx, adminToken);
  for (const plugin of routePlugins) {
    await app.register(async (scope) => {
      await plugin(scope, ctx);
    });
  }

  await listen(app, options.host, options.port === 0 ? persistence?.preferredPort : undefined, options.port);
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  // A wildcard bind is still reached through loopback.
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  ctx.setBaseUrl(options.publicBaseUrl ?? url);
  persistence?.listening(options.publicBaseUrl ?? url, port);

  return {
    url,
    port,
    demoKey: options.demoKey,
    adminToken,
    close: async () => {
      await app.close();
      persistence?.close();
    },
  };
}
