import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { resolveLibraryMedia } from '../core/library/media-file';
import { THUMBNAIL_NOT_SERVED as NOT_SERVED, THUMBNAILS_AT_ONCE, THUMBNAILS_ROUTE } from '../../shared/contract/thumbnails';

/** The largest file sent this way; anything bigger is no thumbnail and is left to `/media`. */
const LARGEST_THUMBNAIL_BYTES = 1024 * 1024;

/**
 * `GET /media-thumbnails?path=<library path>&path=...`: a screen of thumbnails in one answer. A
 * browser holds six connections per host over plain http, so thirty thumbnails asked one by one
 * arrive a few at a time; asked together they arrive in one stream. Each path is checked exactly
 * as `/media` checks it (its real path inside the library, a media type the library writes), the
 * session guard stands before it as before everything else, and only pictures up to 1 MB are
 * sent. The body holds, in the order asked, each file as a 4-byte big-endian length and its bytes
 * (`NOT_SERVED` and no bytes for a path refused); `x-media-types` lists their types, comma-separated.
 */
export function registerThumbnailsRoute(app: FastifyInstance, libraryRoot: () => string): void {
  app.get<{ Querystring: { path?: string | string[] } }>(THUMBNAILS_ROUTE, (request, reply) => {
    const asked = request.query.path;
    const paths = asked === undefined ? [] : Array.isArray(asked) ? asked : [asked];
    if (paths.length === 0 || paths.length > THUMBNAILS_AT_ONCE) return reply.code(400).send(`Ask for 1 to ${THUMBNAILS_AT_ONCE} thumbnails.`);
    const files = paths.map((path) => {
      try {
        const media = resolveLibraryMedia(libraryRoot(), path);
        return media.type.startsWith('image/') && media.size <= LARGEST_THUMBNAIL_BYTES ? media : undefined;
      } catch {
        return undefined;
      }
    });
    return reply
      .header('content-type', 'application/octet-stream')
      .header('x-media-types', files.map((file) => file?.type ?? '').join(','))
      .header('cache-control', 'private, max-age=3600')
      .send(Readable.from(framed(files.map((file) => file?.path))));
  });
}

/** Each file as its length and bytes, one after another; a file gone meanwhile counts as refused. */
async function* framed(files: readonly (string | undefined)[]): AsyncGenerator<Buffer> {
  for (const file of files) {
    const bytes = file === undefined ? undefined : await readFile(file).catch(() => undefined);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes === undefined || bytes.length > LARGEST_THUMBNAIL_BYTES ? NOT_SERVED : bytes.length);
    yield length;
    if (bytes !== undefined && bytes.length <= LARGEST_THUMBNAIL_BYTES) yield bytes;
  }
}
