/** Server-Sent Events bodies for the streaming text endpoints. */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';

/** One SSE frame: a named event with JSON data, raw data (`[DONE]`) or a comment line. */
export type SseFrame = { event?: string; data: unknown } | { raw: string } | { comment: string };

/** The wire text of one frame, including its blank-line terminator. */
function encodeFrame(frame: SseFrame): string {
  if ('comment' in frame) return `: ${frame.comment}\n\n`;
  if ('raw' in frame) return `data: ${frame.raw}\n\n`;
  const name = frame.event === undefined ? '' : `event: ${frame.event}\n`;
  return `${name}data: ${JSON.stringify(frame.data)}\n\n`;
}

/** A stream that writes `frames` with `delayMs` between them (each frame its own chunk). */
function sseStream(frames: readonly SseFrame[], delayMs: number): Readable {
  async function* chunks(): AsyncGenerator<string> {
    for (const [index, frame] of frames.entries()) {
      if (index > 0 && delayMs > 0) await sleep(delayMs);
      yield encodeFrame(frame);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Send `frames` as a `text/event-stream` answer. */
export function sendSse(reply: FastifyReply, frames: readonly SseFrame[], delayMs: number): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(sseStream(frames, delayMs));
}
