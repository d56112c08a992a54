import type { SimRoutePlugin } from '../context';
import { FILES_PREFIX } from '../media/file-store';
import { mediaStateOf } from '../media/media-state';
import { sendBytes } from '../media/served-bytes';

/**
 * `GET /files/{name}`: the public addresses of uploads and results. No key needed (addresses
 * are meant to be fetched by anyone holding them). Results answer 404 before their task
 * completes and 410 once expired; byte ranges are honoured; the `slow-download` fault
 * throttles the body.
 */
export const fileRoutes: SimRoutePlugin = (app, ctx) => {
  const media = mediaStateOf(ctx);
  app.get<{ Params: { name: string } }>(`${FILES_PREFIX}:name`, async (request, reply) => {
    const file = media.files.get(request.params.name);
    const availability = file?.availability(ctx.now());
    if (!file || availability === 'not-yet') {
      return ctx.sendError(reply, 404, { message: 'file not found', code: 'not_found' });
    }
    if (availability === 'expired') {
      return ctx.sendError(reply, 410, { message: 'this result has expired; generate it again', code: 'result_expired' });
    }
    let bytes: Buffer;
    try {
      bytes = await file.bytes();
    } catch (error) {
      // Say what went wrong (ffmpeg missing, a render that broke) rather than a bare 500.
      const reason = error instanceof Error ? error.message : String(error);
      return ctx.sendError(reply, 500, { message: `the demo gateway could not make this file: ${reason}`, code: 'render_failed' });
    }
    void reply.header('cache-control', 'private, max-age=3600');
    return sendBytes(ctx, request, reply, { bytes, mime: file.mime });
  });
};
