import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { Studio } from '../core/studio';
import { createSessionGuard } from './session-guard';
import { registerEventStream } from './event-stream';
import { registerMediaRoute } from './media';

export interface WebServerOptions {
  studio: Studio;
  /** Folder of the built renderer; when missing, only the API is served. */
  rendererDir?: string;
  port?: number;
  /** Fixed token for tests; random per launch otherwise. */
  token?: string;
}

export interface RunningWebServer {
  url: string;
  port: number;
  token: string;
  /** The address to open: it carries the token once, then the browser keeps a cookie. */
  launchUrl: string;
  close(): Promise<void>;
}

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Web mode: the studio contract over HTTP on 127.0.0.1 only, plus the built renderer. */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024, forceCloseConnections: true });
  let port = options.port ?? 0;

  app.addHook('onRequest', createSessionGuard(token, () => port));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
  });

  app.post<{ Params: { route: string }; Body: { input?: unknown } | undefined }>(
    '/api/invoke/:route',
    async (request, reply) => {
      const envelope = await options.studio.router.dispatch(request.params.route, request.body?.input);
      const status = envelope.ok ? 200 : envelope.error.code === 'unknown_route' ? 404 : envelope.error.code === 'invalid_input' ? 400 : 200;
      return reply.code(status).header('cache-control', 'no-store').send(envelope);
    },
  );
  registerEventStream(app, options.studio.bus);
  registerMediaRoute(app, () => options.studio.libraryRoot());

  if (options.rendererDir !== undefined && existsSync(options.rendererDir)) {
    await app.register(fastifyStatic, { root: options.rendererDir, index: 'index.html' });
  }

  await app.listen({ host: '127.0.0.1', port });
  port = (app.server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    token,
    launchUrl: `${url}/?token=${token}`,
    close: () => app.close(),
  };
}
