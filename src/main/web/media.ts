import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { resolveLibraryMedia, type LibraryMediaFile } from '../core/library/media-file';

/**
 * `GET /media/<path>`: media files of the library folder (checked by their real path and type in
 * core, as Electron's handler does), behind the same session guard as everything else. Supports
 * byte ranges so videos can seek.
 */
export function registerMediaRoute(app: FastifyInstance, libraryRoot: () => string): void {
  app.get<{ Params: { '*': string } }>('/media/*', (request, reply) => {
    let media: LibraryMediaFile;
    try {
      media = resolveLibraryMedia(libraryRoot(), request.params['*']);
    } catch {
      return reply.code(404).send('Not found');
    }
    const { path: file, type, size } = media;
    void reply.header('content-type', type).header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600');
    const range = parseRange(request.headers.range, size);
    if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${size}`).send();
    if (range) {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(file, range));
    }
    return reply.header('content-length', size).send(createReadStream(file));
  });
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] !== '' && match[2] !== '' ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start > end || start >= size ? 'invalid' : { start, end };
}
