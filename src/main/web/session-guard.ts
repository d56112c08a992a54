import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Name of the session cookie: it carries the port, because browsers do not separate cookies by port. */
export function sessionCookieName(port: number): string {
  return `atelier_session_${port}`;
}

/** How a launch code was traded, for the owner of the launch page (to delete it). */
export type LaunchListener = (code: string) => void;

/**
 * Web mode's stand-in for Electron's sender check: only this machine's browser, holding a session
 * of this launch, may talk to the studio. The Host check defeats DNS rebinding; the Origin check
 * defeats other pages; the session defeats other local processes and users.
 *
 * A session starts with a launch code: random, single use, handed to the user out of band (the
 * printed address or a private launch page, never a command line). Trading it sets a separate
 * random session id in an HttpOnly, SameSite=Strict cookie whose name carries the port, then the
 * code is dead. Programs (tests, tools) may present the session id as `Authorization: Bearer`.
 */
export class SessionGuard {
  private readonly codes = new Set<string>();
  private readonly sessions = new Set<string>();
  private readonly listeners = new Set<LaunchListener>();

  constructor(private readonly port: () => number) {}

  /** A new one-time launch code. */
  issueLaunchCode(): string {
    const code = randomBytes(24).toString('base64url');
    this.codes.add(code);
    return code;
  }

  /** Trades a launch code for a session id, or undefined when the code is unknown or was used. */
  redeem(code: string): string | undefined {
    const match = [...this.codes].find((candidate) => equal(candidate, code));
    if (match === undefined) return undefined;
    this.codes.delete(match);
    const session = randomBytes(32).toString('base64url');
    this.sessions.add(session);
    for (const listener of this.listeners) listener(match);
    return session;
  }

  onLaunch(listener: LaunchListener): void {
    this.listeners.add(listener);
  }

  /** The onRequest hook: answers 403/401 itself, trades launch codes, lets sessions through. */
  readonly hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const allowed = this.allowedHosts();
    const host = request.headers.host ?? '';
    if (!allowed.has(host.toLowerCase())) {
      return reply.code(403).type('text/plain').send('Forbidden: this studio only answers on its loopback address.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin.replace(/^https?:\/\//, '').toLowerCase())) {
      return reply.code(403).type('text/plain').send('Forbidden: cross-origin requests are not accepted.');
    }
    const url = new URL(request.url, 'http://local');
    const offered = url.searchParams.get('code');
    const current = this.sessionOf(request);
    if (offered !== null && request.method === 'GET') {
      url.searchParams.delete('code');
      // Always a path on this server: `//host` would leave it.
      const target = url.pathname.replace(/^\/+/, '/') + url.search;
      const session = this.redeem(offered);
      if (session !== undefined) return this.startSession(request, reply, session, target);
      // A used link opened again in a browser that already has its session: just drop the code.
      if (current !== undefined) return reply.code(303).header('cache-control', 'no-store').redirect(target);
      return reply
        .code(401)
        .type('text/plain; charset=utf-8')
        .send('This launch link was already used or is not from this run of the studio. Open the address the studio printed when it started.');
    }
    if (current === undefined) {
      return reply.code(401).type('text/plain').send('Unauthorized: open the address the studio printed at start.');
    }
  };

  /**
   * Sets the session cookie and moves on to `target`. A navigation the user started here (an
   * address typed, pasted or bookmarked: `Sec-Fetch-Site: none`) is simply redirected. One that
   * began elsewhere (the launch page) or says nothing moves on from a page of this origin
   * instead: a redirect would stay in the navigation from elsewhere, where a SameSite=Strict
   * cookie is not sent.
   */
  private startSession(request: FastifyRequest, reply: FastifyReply, session: string, target: string): FastifyReply {
    const cookie = `${sessionCookieName(this.port())}=${session}; HttpOnly; SameSite=Strict; Path=/`;
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

  private sessionOf(request: FastifyRequest): string | undefined {
    const offered = bearer(request) ?? cookie(request, sessionCookieName(this.port()));
    if (offered === undefined) return undefined;
    return [...this.sessions].find((session) => equal(session, offered));
  }

  private allowedHosts(): Set<string> {
    const p = this.port();
    return new Set([`127.0.0.1:${p}`, `localhost:${p}`, `[::1]:${p}`]);
  }
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

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
