import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { SimContext } from '../context';
import { throttledStream } from './throttle';

/**
 * Sends a served file's bytes: whole (200), or one byte range (206 with `Content-Range`) when
 * the request has `Range: bytes=...`, so players can seek and downloads can resume. Several
 * ranges are answered with the first (a server may do so); a range past the end is a 416.
 * The `slow-download` fault throttles the body either way.
 */
export function sendBytes(ctx: SimContext, request: FastifyRequest, reply: FastifyReply, file: { bytes: Buffer; mime: string; model?: string }): FastifyReply {
  const { bytes } = file;
  void reply.header('accept-ranges', 'bytes');
  let body = bytes;
  const header = request.headers.range;
  if (typeof header === 'string' && header.trim() !== '') {
    const ranges = parseRange(bytes.length, header, { combine: true });
    if (ranges === -1) {
      void reply.header('content-range', `bytes */${bytes.length}`);
      return ctx.sendError(reply, 416, { message: `the range ${header} is outside the file's ${bytes.length} bytes`, code: 'range_not_satisfiable' });
    }
    // -2 (not a byte range this server understands): the whole file, as RFC 9110 allows.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges[0] !== undefined) {
      const { start, end } = ranges[0];
      body = bytes.subarray(start, end + 1);
      void reply.code(206).header('content-range', `bytes ${start}-${end}/${bytes.length}`);
    }
  }
  void reply.header('content-type', file.mime).header('content-length', String(body.length));
  const path = request.url.split('?')[0] ?? request.url;
  const slow = ctx.faults.take('slow-download', { method: request.method, path, ...(file.model === undefined ? {} : { model: file.model }) });
  return reply.send(slow ? throttledStream(body, slow.bytesPerSecond) : body);
}
