import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EventBus } from '../core/events/event-bus';

const HEARTBEAT_MS = 15_000;

/** Marks a request's stream as open for its session; `end` closes it if the session ends. Returns the release. */
export type HoldStream = (request: FastifyRequest, end: () => void) => () => void;

/**
 * `GET /api/events`: main's events as a server-sent event stream, one `event:` per contract event.
 * An open stream keeps its session from idling out; a signed-out session's streams are closed.
 */
export function registerEventStream(app: FastifyInstance, bus: EventBus, hold: HoldStream): void {
  app.get('/api/events', (request, reply) => {
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    out.write(': connected\n\n');
    const unsubscribe = bus.subscribe((name, payload) => {
      out.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const release = hold(request, () => out.end());
    // The response closes when the browser goes away and when the stream is ended here.
    out.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      release();
    });
  });
}
