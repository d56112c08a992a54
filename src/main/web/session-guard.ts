import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'atelier_session';

/**
 * Web mode's stand-in for Electron's sender check: only this machine's browser, holding the
 * per-launch token, may talk to the studio. The Host check defeats DNS rebinding; the token
 * (cookie after the first visit, or a Bearer header) defeats other local pages and processes.
 */
export function createSessionGuard(token: string, port: () => number) {
  const allowedHosts = (): Set<string> => {
    const p = port();
    return new Set([`127.0.0.1:${p}`, `localhost:${p}`, `[::1]:${p}`]);
  };

  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const host = request.headers.host ?? '';
    if (!allowedHosts().has(host.toLowerCase())) {
      return reply.code(403).type('text/plain').send('Forbidden: this studio only answers on its loopback address.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedHosts().has(origin.replace(/^https?:\/\//, '').toLowerCase())) {
      return reply.code(403).type('text/plain').send('Forbidden: cross-origin requests are not accepted.');
    }
    const url = new URL(request.url, 'http://local');
    const offered = url.searchParams.get('token');
    if (offered !== null && request.method === 'GET' && matches(offered, token)) {
      // Trade the launch link's token for a cookie, then drop it from the address bar and history.
      url.searchParams.delete('token');
      void reply
        .header('set-cookie', `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`)
        .redirect(url.pathname + url.search, 303);
      return reply;
    }
    if (!matches(bearer(request) ?? cookie(request, SESSION_COOKIE) ?? '', token)) {
      return reply.code(401).type('text/plain').send('Unauthorized: open the address the studio printed at start.');
    }
  };
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

function matches(offered: string, expected: string): boolean {
  const a = Buffer.from(offered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
