import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { protocol } from 'electron';
import { planByteRange } from '../core/library/byte-range';
import { resolveLibraryMedia, type LibraryMediaFile } from '../core/library/media-file';
import { libraryPathOfMediaUrl } from './media-request';

const APP_SCHEME = 'atelier-app';
export const APP_ORIGIN = `${APP_SCHEME}://studio`;
const MEDIA_SCHEME = 'atelier-media';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Must run before the app is ready: makes our scheme a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, stream: true } },
  ]);
}

/** Serves the built renderer from `root` under `atelier-app://studio/`, never outside that folder. */
export function serveRenderer(root: string, contentSecurityPolicy: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const { pathname } = new URL(request.url);
    const file = normalize(join(root, decodeURIComponent(pathname === '/' ? '/index.html' : pathname)));
    if (!file.startsWith(root + sep)) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'content-type': MIME[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': contentSecurityPolicy,
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

/**
 * Serves library files as `atelier-media://library/<path>`: media files of the library folder only,
 * with their type, and byte ranges so videos seek. Anything else is "Not found".
 */
export function serveLibraryMedia(libraryRoot: () => string): void {
  protocol.handle(MEDIA_SCHEME, (request) => {
    const relative = libraryPathOfMediaUrl(request.url);
    if (relative === undefined) return notFound();
    let media: LibraryMediaFile;
    try {
      // The core check web mode makes too: the real path inside the library's, a regular media file.
      media = resolveLibraryMedia(libraryRoot(), relative);
    } catch {
      return notFound();
    }
    const { path: file, type, size } = media;
    const plan = planByteRange(request.headers.get('range'), size);
    const headers: Record<string, string> = {
      'content-type': type,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
    };
    if (plan.status === 416) return new Response(null, { status: 416, headers: { ...headers, 'content-range': plan.contentRange } });
    const range = plan.status === 206 ? { start: plan.start, end: plan.end } : {};
    const body = request.method === 'HEAD' || plan.length === 0 ? null : (Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>);
    return new Response(body, {
      status: plan.status,
      headers: { ...headers, 'content-length': String(plan.length), ...(plan.status === 206 ? { 'content-range': plan.contentRange } : {}) },
    });
  });
}

function notFound(): Response {
  return new Response('Not found', { status: 404 });
}
