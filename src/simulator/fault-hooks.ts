/**
 * Fastify hooks that apply the request-level faults and record stats:
 * onRequest: stats, latency, drop before the body is read;
 * preHandler (body parsed, so `model` is known): drop after the body was read, 429 bursts, errors;
 * onSend: errors after the work was done, truncated and malformed bodies, error events in 200
 * streams; onResponse: status counts.
 * Admin routes (`/__admin/*`) are never faulted or counted.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { relayErrorBody } from './relay-errors';
import type { SimulatorContext } from './context';
import type { FaultOf, FaultSubject } from './faults';

export const ADMIN_PREFIX = '/__admin';

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function isAdmin(request: FastifyRequest): boolean {
  return pathOf(request).startsWith(ADMIN_PREFIX);
}

/** `METHOD /route/pattern` used as the stats key. */
function routeKeyOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? pathOf(request)}`;
}

function subjectOf(request: FastifyRequest): FaultSubject {
  const body: unknown = request.body;
  const model = typeof body === 'object' && body !== null && 'model' in body && typeof body.model === 'string' ? body.model : undefined;
  return { method: request.method, path: pathOf(request), model };
}

/** Close the socket without any answer. */
function dropConnection(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  request.raw.socket.destroy();
}

/** A stream that sends the first half of `payload`, then breaks the connection. */
function truncatedBody(payload: Buffer): Readable {
  const cut = Math.max(1, Math.floor(payload.length / 2));
  let sent = false;
  return new Readable({
    read() {
      if (sent) return;
      sent = true;
      this.push(payload.subarray(0, cut));
      // Give the first half time to leave before the connection breaks.
      setTimeout(() => this.destroy(new Error('simulated truncated body')), 20);
    },
  });
}

/** Pass the first `keep` chunks of a stream, then break it. */
function truncatedStream(source: Readable, keep: number): Readable {
  async function* firstChunks(): AsyncGenerator<Buffer> {
    let count = 0;
    for await (const chunk of source) {
      yield Buffer.from(chunk as Uint8Array);
      count += 1;
      if (count >= keep) break;
    }
    source.destroy();
    await sleep(20);
    throw new Error('simulated truncated stream');
  }
  return Readable.from(firstChunks());
}

/** Insert a broken event after the first chunk of a stream. */
function malformedStream(source: Readable): Readable {
  async function* withBrokenEvent(): AsyncGenerator<Buffer> {
    let first = true;
    for await (const chunk of source) {
      yield Buffer.from(chunk as Uint8Array);
      if (first) yield Buffer.from('data: {"malformed": tr\n\n');
      first = false;
    }
  }
  return Readable.from(withBrokenEvent());
}

/** The error event of a stream in the convention of its route (messages, responses, chat). */
function streamErrorFrame(path: string, message: string): string {
  if (path.startsWith('/v1/messages')) {
    return `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message } })}\n\n`;
  }
  if (path.startsWith('/v1/responses')) {
    return `event: error\ndata: ${JSON.stringify({ type: 'error', code: 'server_error', message, param: null })}\n\n`;
  }
  return `data: ${JSON.stringify({ error: { message, type: 'server_error', code: 'upstream_error', param: null } })}\n\n`;
}

/** Pass the first `keep` events of a 200 stream, then an error event, then end (no closing event). */
function streamWithError(source: Readable, keep: number, frame: string): Readable {
  async function* eventsThenError(): AsyncGenerator<Buffer> {
    let count = 0;
    for await (const chunk of source) {
      if (count >= keep) break;
      yield Buffer.from(chunk as Uint8Array);
      count += 1;
    }
    source.destroy();
    yield Buffer.from(frame);
  }
  return Readable.from(eventsThenError());
}

/** The body of an `error` fault: the rule's own, or the route's error shape. */
function faultBody(request: FastifyRequest, rule: FaultOf<'error'>): unknown {
  if (rule.body !== undefined) return rule.body;
  return request.routeOptions.config.errorStyle === 'account'
    ? { success: false, message: 'simulated fault' }
    : relayErrorBody(rule.status, { message: 'simulated fault', code: 'simulated_fault' });
}

function malformedText(text: string): string {
  return `${text.slice(0, Math.max(1, Math.floor(text.length / 2)))}<!-- malformed -->`;
}

export function installFaultHooks(app: FastifyInstance, ctx: SimulatorContext): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isAdmin(request)) return;
    ctx.stats.recordRequest(routeKeyOf(request));
    const subject = subjectOf(request);
    const latency = ctx.faults.take('latency', subject);
    if (latency) await sleep(latency.ms);
    if (ctx.faults.take('drop-connection', subject, (rule) => rule.phase === 'before-request-read')) {
      dropConnection(request, reply);
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    if (isAdmin(request)) return;
    const subject = subjectOf(request);
    if (ctx.faults.take('drop-connection', subject, (rule) => rule.phase === 'after-request-read')) {
      dropConnection(request, reply);
      return;
    }
    const burst = ctx.faults.take('rate-limit', subject);
    if (burst) {
      await ctx.rejectRateLimited(request, reply, burst.retryAfterSeconds === undefined ? 1 : burst.retryAfterSeconds);
      return reply;
    }
    const error = ctx.faults.take('error', subject, (rule) => rule.phase !== 'after-handler');
    if (error) {
      if (error.headers) void reply.headers(error.headers);
      await reply.code(error.status).send(faultBody(request, error));
      return reply;
    }
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, faultedPayload(ctx, request, reply, payload));
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (!isAdmin(request)) ctx.stats.recordResponse(routeKeyOf(request), reply.statusCode);
    done();
  });
}

/** What the client receives once the handler answered: the payload, or the fault a rule asks for after the handler. */
function faultedPayload(ctx: SimulatorContext, request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (isAdmin(request) || payload === null || payload === undefined) return payload;
  const subject = subjectOf(request);
  // The handler already did (and charged for) the work; the client only sees the error.
  const whole = typeof payload === 'string' || Buffer.isBuffer(payload);
  const late = whole && reply.statusCode < 300 ? ctx.faults.take('error', subject, (rule) => rule.phase === 'after-handler') : undefined;
  if (late) {
    if (late.headers) void reply.headers(late.headers);
    void reply.code(late.status).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(faultBody(request, late));
  }
  if (ctx.faults.take('truncated-body', subject)) {
    if (payload instanceof Readable) return truncatedStream(payload, 2);
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const bytes = Buffer.from(payload);
      void reply.header('content-length', String(bytes.length));
      return truncatedBody(bytes);
    }
  }
  const streamError = payload instanceof Readable ? ctx.faults.take('stream-error', subject) : undefined;
  if (streamError && payload instanceof Readable) {
    const message = streamError.message ?? 'upstream error (simulated)';
    return streamWithError(payload, streamError.afterEvents ?? 2, streamErrorFrame(subject.path, message));
  }
  if (ctx.faults.take('malformed-json', subject)) {
    if (payload instanceof Readable) return malformedStream(payload);
    if (typeof payload === 'string') return malformedText(payload);
    if (Buffer.isBuffer(payload)) return malformedText(payload.toString('utf8'));
  }
  return payload;
}
