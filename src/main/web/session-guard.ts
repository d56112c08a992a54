import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionTable, type SessionTableOptions } from './sessions';

/** Name of the session cookie; it lives under this run's own host name, so it needs no port in it. */
const SESSION_COOKIE = 'atelier_session';

/**
 * This run's own host name, `atelier-<random>.localhost`. Browsers resolve `*.localhost` to this
 * computer without asking DNS, and scope cookies by host: a cookie set here is not sent to
 * 127.0.0.1 or localhost on any port, where another program may be listening.
 */
export function randomSessionHost(): string {
  return `atelier-${randomBytes(10).toString('hex')}.localhost`;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Web mode's stand-in for Electron's sender check: only this machine's browser, holding a session
 * of this launch, may talk to the studio. The Host check defeats DNS rebinding; the Origin check
 * defeats other pages; the session defeats other local processes and users.
 *
 * A session starts with a launch code handed to the user out of band (the printed address or a
 * private launch page, never a command line). The printed address names 127.0.0.1; a browser
 * bringing a valid code there is sent on to this run's own host name with it, where the code is
 * traded for a random session id in an HttpOnly, SameSite=Strict cookie and is dead. Programs
 * (tests, tools) present a session id as `Authorization: Bearer` on any loopback name; the cookie
 * counts only under the run's host name.
 */
export class SessionGuard {
  readonly table: SessionTable;
  /** The session each admitted request presented (event streams and sign-out need it). */
  private readonly admitted = new WeakMap<IncomingMessage, string>();

  constructor(
    private readonly port: () => number,
    readonly sessionHost: string,
    options: SessionTableOptions = {},
  ) {
    this.table = new SessionTable(options);
  }

  /** `http://<this run's host name>:<port>`: where browsers use the studio. */
  sessionOrigin(): string {
    return `http://${this.sessionHost}:${this.port()}`;
  }

  /** The session an admitted request presented. */
  sessionOf(request: FastifyRequest): string | undefined {
    return this.admitted.get(request.raw);
  }

  /** The onRequest hook: answers 403/401 itself, trades launch codes, lets sessions through. */
  readonly hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const p = this.port();
    const host = (request.headers.host ?? '').toLowerCase();
    const onSessionHost = host === `${this.sessionHost}:${p}`;
    const allowed = new Set([`${this.sessionHost}:${p}`, ...LOOPBACK_NAMES.map((name) => `${name}:${p}`)]);
    if (!allowed.has(host)) {
      return reply.code(403).type('text/plain').send('Forbidden: this studio only answers on its loopback address.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin.replace(/^https?:\/\//, '').toLowerCase())) {
      return reply.code(403).type('text/plain').send('Forbidden: cross-origin requests are not accepted.');
    }
    const url = new URL(request.url, 'http://local');
    const offered = url.searchParams.get('code');
    const current = this.credentialOf(request, onSessionHost);
    if (offered !== null && request.method === 'GET') {
      // Only a holder of a live code learns this run's host name.
      if (!onSessionHost && this.table.knowsCode(offered)) {
        return reply
          .code(307)
          .header('cache-control', 'no-store')
          .redirect(`${this.sessionOrigin()}${safePath(url)}${url.search}`);
      }
      url.searchParams.delete('code');
      const target = safePath(url) + url.search;
      const session = onSessionHost ? this.table.redeem(offered) : undefined;
      if (session !== undefined) return this.startSession(request, reply, session, target);
      // A used link opened again in a browser that already has its session: just drop the code.
      if (current !== undefined) return reply.code(303).header('cache-control', 'no-store').redirect(target);
      return reply
        .code(401)
        .type('text/plain; charset=utf-8')
        .send('This launch link was already used or is not from this run of the studio. Press Enter in the terminal where Atelier runs for a new one.');
    }
    if (current === undefined) {
      return reply
        .code(401)
        .type('text/plain; charset=utf-8')
        .send('Unauthorized: no session, or it ended (signed out, or idle too long). Press Enter in the terminal where Atelier runs for a new launch address.');
    }
    this.admitted.set(request.raw, current);
  };

  /**
   * Sets the session cookie and moves on to `target`. A navigation the user started here (an
   * address typed, pasted or bookmarked: `Sec-Fetch-Site: none`) is simply redirected. One that
   * began elsewhere (the launch page, the hop from 127.0.0.1) or says nothing moves on from a
   * page of this origin instead: a redirect would stay in the navigation from elsewhere, where a
   * SameSite=Strict cookie is not sent.
   */
  private startSession(request: FastifyRequest, reply: FastifyReply, session: string, target: string): FastifyReply {
    const cookie = `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`;
    const site = request.headers['sec-fetch-site'];
    if (site === 'none' || site === 'same-origin') {
      return reply.code(303).header('set-cookie', cookie).header('cache-control', 'no-store').redirect(target);
    }
    const href = escapeHtml(target);
    return reply
      .code(200)
      .header('set-cookie', cookie)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${href}"><title>Atelier</title></head>` +
          `<body><p><a href="${href}">Open Atelier</a></p></body></html>`,
      );
  }

  private credentialOf(request: FastifyRequest, onSessionHost: boolean): string | undefined {
    const offered = bearer(request) ?? (onSessionHost ? cookie(request, SESSION_COOKIE) : undefined);
    return offered === undefined ? undefined : this.table.use(offered);
  }
}

/** The request's path, always on this server (`//host` would leave it). */
function safePath(url: URL): string {
  return url.pathname.replace(/^\/+/, '/');
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

function cookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
