import { createReadStream, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { resolveInLibrary } from '../core/library/library-files';

const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

/**
 * `GET /media/<path>`: files of the library folder, behind the same session guard as everything else,
 * never outside that folder. Supports byte ranges so videos can seek.
 */
export function registerMediaRoute(app: FastifyInstance, libraryRoot: () => string): void {
  app.get<{ Params: { '*': string } }>('/media/*', (request, reply) => {
    let file: string;
    try {
      file = resolveInLibrary(libraryRoot(), request.params['*']);
    } catch {
      return reply.code(404).send('Not found');
    }
    const type = MEDIA_TYPES[file.split('.').pop()?.toLowerCase() ?? ''];
    let size: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile() || type === undefined) return reply.code(404).send('Not found');
      size = stat.size;
    } catch {
      return reply.code(404).send('Not found');
    }
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
