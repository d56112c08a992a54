import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../core/events/event-bus';

const HEARTBEAT_MS = 15_000;

/** `GET /api/events`: main's events as a server-sent event stream, one `event:` per contract event. */
export function registerEventStream(app: FastifyInstance, bus: EventBus): void {
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
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
