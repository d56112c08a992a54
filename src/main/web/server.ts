import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { MAX_CONTRACT_REQUEST_BYTES } from '../../shared/contract';
import { headerContentSecurityPolicy } from '../../shared/security/content-security-policy';
import type { Studio } from '../core/studio';
import { randomSessionHost, SessionGuard } from './session-guard';
import type { LaunchListener, SessionTableOptions } from './sessions';
import { registerEventStream } from './event-stream';
import { registerMediaRoute } from './media';
import { registerThumbnailsRoute } from './thumbnails-route';
import { registerBuiltAssets } from './built-assets';
import { BinaryInputRefused, readBinaryInput, registerBinaryInput } from './binary-input';

export interface WebServerOptions {
  studio: Studio;
  /** Folder of the built renderer; when missing, only the API is served. */
  rendererDir?: string;
  port?: number;
  /** The session idle timeout and clock (tests move the clock); the defaults otherwise. */
  sessions?: SessionTableOptions;
}

export interface RunningWebServer {
  /** `http://127.0.0.1:<port>`: for programs presenting `token`, and where launch addresses point. */
  url: string;
  /** `http://atelier-<random>.localhost:<port>`: where browsers use the studio (their session cookie lives there). */
  sessionOrigin: string;
  port: number;
  /**
   * A session id opened for programs in this process (tests, benchmarks) to present as
   * `Authorization: Bearer`; never printed and never sent to a browser.
   */
  token: string;
  /** An address carrying a new one-time launch code: the first browser to open it gets a session (under `sessionOrigin`). */
  launchUrl: string;
  /** Another one-time launch address (each works once). */
  newLaunchUrl(): string;
  /** Called with each launch code when it is traded for a session. */
  onLaunch(listener: LaunchListener): void;
  close(): Promise<void>;
}

const CONTENT_SECURITY_POLICY = headerContentSecurityPolicy();

/** Web mode: the studio contract over HTTP on 127.0.0.1 only, plus the built renderer. */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  // Sized to the largest real request (a 10 MB reference image as Base64, or a batch at its bounds).
  const app = Fastify({ logger: false, bodyLimit: MAX_CONTRACT_REQUEST_BYTES, forceCloseConnections: true });
  let port = options.port ?? 0;
  const guard = new SessionGuard(() => port, randomSessionHost(), options.sessions);

  app.addHook('onRequest', guard.hook);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    done(null, payload);
  });

  await registerBinaryInput(app);

  app.post<{ Params: { route: string }; Body: { input?: unknown } | undefined }>('/api/invoke/:route', async (request, reply) => {
    let input: unknown;
    try {
      // Files (reference images) come as multipart bytes; everything else as JSON `{input}`.
      input = request.isMultipart() ? await readBinaryInput(request) : request.body?.input;
    } catch (error) {
      if (!(error instanceof BinaryInputRefused)) throw error;
      return reply.code(400).header('cache-control', 'no-store').send({ ok: false, error: error.error });
    }
    let envelope = await options.studio.router.dispatch(request.params.route, input);
    // The router checked the input; only the transport knows the caller's session to keep.
    if (envelope.ok && request.params.route === 'app.sign_out_other_browsers') {
      envelope = { ok: true, value: { signedOut: guard.table.signOutOthers(guard.sessionOf(request)) } };
    }
    const status = envelope.ok ? 200 : envelope.error.code === 'unknown_route' ? 404 : envelope.error.code === 'invalid_input' ? 400 : 200;
    return reply.code(status).header('cache-control', 'no-store').send(envelope);
  });
  registerEventStream(app, options.studio.bus, (request, end) => {
    const session = guard.sessionOf(request);
    return session === undefined ? () => undefined : guard.table.holdStream(session, end);
  });
  registerMediaRoute(app, () => options.studio.libraryRoot());
  registerThumbnailsRoute(app, () => options.studio.libraryRoot());

  if (options.rendererDir !== undefined && existsSync(options.rendererDir)) {
    registerBuiltAssets(app, options.rendererDir);
    await app.register(fastifyStatic, { root: options.rendererDir, index: 'index.html' });
  }

  await app.listen({ host: '127.0.0.1', port });
  port = (app.server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const newLaunchUrl = (): string => `${url}/?code=${guard.table.issueLaunchCode()}`;
  const token = guard.table.redeem(guard.table.issueLaunchCode(), 'program') ?? '';
  return {
    url,
    sessionOrigin: guard.sessionOrigin(),
    port,
    token,
    launchUrl: newLaunchUrl(),
    newLaunchUrl,
    onLaunch: (listener) => guard.table.onLaunch(listener),
    close: () => app.close(),
  };
}
