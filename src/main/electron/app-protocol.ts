import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { resolveLibraryMedia } from '../core/library/media-file';

export const APP_SCHEME = 'atelier-app';
export const APP_ORIGIN = `${APP_SCHEME}://studio`;
export const MEDIA_SCHEME = 'atelier-media';

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

/** Serves library files as `atelier-media://library/<path>`, never anything outside the library folder. */
export function serveLibraryMedia(libraryRoot: () => string): void {
  protocol.handle(MEDIA_SCHEME, (request) => {
    try {
      const { pathname } = new URL(request.url);
      const file = resolveLibraryMedia(libraryRoot(), decodeURIComponent(pathname.replace(/^\/+/, ''))).path;
      // net.fetch of the file URL keeps range requests working for video seeking.
      return net.fetch(pathToFileURL(file).toString(), { headers: request.headers });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
