import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { planByteRange } from '../core/library/byte-range';
import { resolveLibraryMedia, type LibraryMediaFile } from '../core/library/media-file';

/**
 * `GET /media/<path>`: media files of the library folder (checked by their real path and type in
 * core, as Electron's handler does), behind the same session guard as everything else. Supports
 * byte ranges, planned as Electron's handler plans them, so videos can seek.
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
    void reply
      .header('content-type', type)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600');
    const plan = planByteRange(request.headers.range, size);
    if (plan.status === 416) return reply.code(416).header('content-range', plan.contentRange).send();
    if (plan.status === 206) {
      return reply
        .code(206)
        .header('content-range', plan.contentRange)
        .header('content-length', plan.length)
        .send(createReadStream(file, { start: plan.start, end: plan.end }));
    }
    return reply.header('content-length', size).send(size === 0 ? '' : createReadStream(file));
  });
}
