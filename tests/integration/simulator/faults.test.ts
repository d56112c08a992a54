/** Fault injection through the admin API and at start, observed over real HTTP. */
import { describe, expect, it } from 'vitest';
import { harnessForFile, relayError, startHarness } from './sim-harness';

interface FaultList {
  faults: ({ id: number; kind: string } & Record<string, unknown>)[];
}

const chat = (model = 'chat-sonnet-4-6') => ({ model, messages: [{ role: 'user', content: 'a comet' }] });

const h = harnessForFile({ rateLimit: { max: 10_000 } });

const addFault = (rule: Record<string, unknown>) => h.admin<FaultList>('POST', '/faults', rule);
const faultStats = async () => (await h.admin<{ faults: Record<string, number> }>('GET', '/stats')).faults;

describe('error faults', () => {
  it('answers the next N matching requests with the given status, then recovers', async () => {
    await addFault({ kind: 'error', route: 'POST /v1/chat/completions', status: 500, count: 2 });
    const first = await h.call('/v1/chat/completions', { body: chat() });
    expect(first.status).toBe(500);
    expect(relayError(first.json)).toMatchObject({ message: 'simulated fault', code: 'simulated_fault' });
    expect((await h.call('/v1/models')).status).toBe(200);
    expect((await h.call('/v1/chat/completions', { body: chat() })).status).toBe(500);
    expect((await h.call('/v1/chat/completions', { body: chat() })).status).toBe(200);
    expect((await faultStats()).error).toBe(2);
  });

  it('sends a custom body and headers, and the account shape on account routes', async () => {
    await addFault({ kind: 'error', route: '/v1/models', status: 502, body: { upstream: 'down' }, headers: { 'x-why': 'test' }, count: 1 });
    const custom = await h.call('/v1/models');
    expect(custom.status).toBe(502);
    expect(custom.json).toEqual({ upstream: 'down' });
    expect(custom.headers.get('x-why')).toBe('test');
    await addFault({ kind: 'error', route: 'GET /v1/balance', status: 503, count: 1 });
    const account = await h.call('/v1/balance');
    expect(account.status).toBe(503);
    expect(account.json).toEqual({ success: false, message: 'simulated fault' });
  });

  it('after-handler: the request is handled (and charged), then its answer replaced by the error', async () => {
    const used = async (): Promise<number> => ((await h.call('/v1/balance')).json as { used_credits: number }).used_credits;
    const before = await used();
    await addFault({ kind: 'error', route: 'POST /v1/chat/completions', status: 500, count: 1, phase: 'after-handler' });
    const failed = await h.call('/v1/chat/completions', { body: chat() });
    expect(failed.status).toBe(500);
    expect(relayError(failed.json)).toMatchObject({ message: 'simulated fault', code: 'simulated_fault' });
    // chat-sonnet-4-6 costs 1 credit: the work was done and paid for.
    expect((await used()) - before).toBeCloseTo(1, 6);
    await addFault({ kind: 'error', route: 'POST /v1/chat/completions', status: 500, count: 1 });
    expect((await h.call('/v1/chat/completions', { body: chat() })).status).toBe(500);
    expect((await used()) - before).toBeCloseTo(1, 6);
  });

  it('targets a model and route globs', async () => {
    await addFault({ kind: 'error', route: '/v1/chat/*', model: 'chat-haiku-4-5', status: 500 });
    expect((await h.call('/v1/chat/completions', { body: chat('chat-sonnet-4-6') })).status).toBe(200);
    expect((await h.call('/v1/chat/completions', { body: chat('chat-haiku-4-5') })).status).toBe(500);
    expect((await h.call('/v1/chat/completions', { body: chat('chat-haiku-4-5') })).status).toBe(500);
  });

  it('never applies a rule with probability 0 and always one with probability 1', async () => {
    await addFault({ kind: 'error', route: 'GET /v1/models', status: 500, probability: 0 });
    for (let i = 0; i < 5; i++) expect((await h.call('/v1/models')).status).toBe(200);
    expect((await faultStats()).error).toBeUndefined();
    await addFault({ kind: 'error', route: 'GET /v1/models', status: 500, probability: 1 });
    expect((await h.call('/v1/models')).status).toBe(500);
  });
});

describe('429 bursts', () => {
  it('answers a burst of 429s with Retry-After, then recovers', async () => {
    await addFault({ kind: 'rate-limit', route: 'POST /v1/responses', retryAfterSeconds: 7, count: 2 });
    const body = { model: 'gen-5.2-official', input: 'x' };
    for (let i = 0; i < 2; i++) {
      const limited = await h.call('/v1/responses', { body });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(relayError(limited.json).message).toBe('请求过于频繁');
    }
    expect((await h.call('/v1/responses', { body })).status).toBe(200);
  });

  it('can leave out Retry-After', async () => {
    await addFault({ kind: 'rate-limit', route: 'GET /v1/models', retryAfterSeconds: null, count: 1 });
    const limited = await h.call('/v1/models');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
  });
});

describe('connection and body faults', () => {
  it('drops the connection before the request is read', async () => {
    await addFault({ kind: 'drop-connection', phase: 'before-request-read', route: 'GET /v1/models', count: 1 });
    await expect(h.call('/v1/models')).rejects.toThrow();
    expect((await h.call('/v1/models')).status).toBe(200);
  });

  it('drops the connection after a POST body was read, before answering', async () => {
    await addFault({ kind: 'drop-connection', phase: 'after-request-read', route: 'POST /v1/chat/completions', count: 1 });
    await expect(h.call('/v1/chat/completions', { body: chat() })).rejects.toThrow();
    const stats = await h.admin<{ requests: Record<string, number> }>('GET', '/stats');
    expect(stats.requests['POST /v1/chat/completions']).toBe(1);
    // The request reached the handler stage but was never answered nor charged.
    expect(await h.json('/v1/balance')).toMatchObject({ used_credits: 0 });
  });

  it('truncates a body below its Content-Length', async () => {
    await addFault({ kind: 'truncated-body', route: 'GET /v1/models', count: 1 });
    const response = await fetch(`${h.sim.url}/v1/models`, { headers: { authorization: `Bearer ${h.sim.demoKey}` } });
    expect(response.status).toBe(200);
    const declared = Number(response.headers.get('content-length'));
    expect(declared).toBeGreaterThan(0);
    await expect(response.text()).rejects.toThrow();
  });

  it('truncates a streamed answer', async () => {
    await addFault({ kind: 'truncated-body', route: 'POST /v1/messages', count: 1 });
    const body = { model: 'chat-haiku-4-5', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'x' }] };
    await expect(h.sse('/v1/messages', body)).rejects.toThrow();
  });

  it('sends malformed JSON bodies and malformed stream events', async () => {
    await addFault({ kind: 'malformed-json', route: 'GET /v1/balance', count: 1 });
    const malformed = await h.call('/v1/balance');
    expect(malformed.status).toBe(200);
    expect(malformed.json).toBeUndefined();
    expect(() => JSON.parse(malformed.text) as unknown).toThrow();
    expect((await h.call('/v1/balance')).json).toMatchObject({ success: true });

    await addFault({ kind: 'malformed-json', route: 'POST /v1/chat/completions', count: 1 });
    const stream = await h.sse('/v1/chat/completions', { ...chat(), stream: true });
    const unreadable = stream.events.filter((event) => {
      if (event.data === '[DONE]') return false;
      try {
        JSON.parse(event.data);
        return false;
      } catch {
        return true;
      }
    });
    expect(unreadable).toHaveLength(1);
  });

  it('ends a 200 stream with an error event in the convention of its route', async () => {
    const messagesBody = { model: 'chat-haiku-4-5', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'a b c d' }] };
    await addFault({ kind: 'stream-error', route: 'POST /v1/messages', message: 'overloaded', count: 1 });
    const messages = await h.sse('/v1/messages', messagesBody);
    expect(messages.status).toBe(200);
    expect(messages.events.map((event) => event.event)).toEqual(['message_start', 'content_block_start', 'error']);
    expect(JSON.parse(messages.events[2]?.data ?? '{}')).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'overloaded' } });

    await addFault({ kind: 'stream-error', route: 'POST /v1/responses', afterEvents: 1, count: 1 });
    const responses = await h.sse('/v1/responses', { model: 'gen-5.2-official', input: 'x', stream: true });
    expect(responses.events.map((event) => event.event)).toEqual(['response.created', 'error']);
    expect(JSON.parse(responses.events[1]?.data ?? '{}')).toMatchObject({ type: 'error', message: 'upstream error (simulated)' });

    await addFault({ kind: 'stream-error', route: 'POST /v1/chat/completions', count: 1 });
    const completions = await h.sse('/v1/chat/completions', { ...chat(), stream: true });
    const last = completions.events.at(-1);
    expect(JSON.parse(last?.data ?? '{}')).toMatchObject({ error: { code: 'upstream_error' } });
    expect(completions.events.some((event) => event.data === '[DONE]')).toBe(false);
  });

  it('delays answers with latency faults', async () => {
    await addFault({ kind: 'latency', ms: 30, route: 'GET /v1/models', count: 1 });
    expect((await h.call('/v1/models')).status).toBe(200);
    expect((await faultStats()).latency).toBe(1);
  });
});

describe('fault administration', () => {
  it('lists, removes and clears rules, and ignores admin routes', async () => {
    const added = await h.admin<FaultList>('POST', '/faults', {
      rules: [
        { kind: 'error', status: 500 },
        { kind: 'task-failure', model: 'vid-2', message: 'upstream refused' },
        { kind: 'slow-download', bytesPerSecond: 1000 },
      ],
    });
    expect(added.faults.map((fault) => fault.kind)).toEqual(['error', 'task-failure', 'slow-download']);
    // An error rule without a route hits every API route, never the admin API.
    expect((await h.call('/v1/models')).status).toBe(500);
    const errorId = added.faults[0]?.id ?? 0;
    await h.admin('DELETE', `/faults/${String(errorId)}`);
    expect((await h.call('/v1/models')).status).toBe(200);
    expect((await h.admin<FaultList>('GET', '/faults')).faults).toHaveLength(2);
    await h.admin('DELETE', '/faults');
    expect((await h.admin<FaultList>('GET', '/faults')).faults).toHaveLength(0);
  });

  it('replaces the rule set when asked', async () => {
    await addFault({ kind: 'error', status: 500, route: 'GET /v1/models' });
    const replaced = await h.admin<FaultList>('POST', '/faults', { replace: true, rules: [{ kind: 'latency', ms: 1 }] });
    expect(replaced.faults.map((fault) => fault.kind)).toEqual(['latency']);
    expect((await h.admin<FaultList>('GET', '/faults')).faults.map((fault) => fault.kind)).toEqual(['latency']);
  });

  it('applies faults given at start, and restores them on reset', async () => {
    const faulty = await startHarness({ faults: [{ kind: 'error', route: 'GET /v1/models', status: 418, count: 1 }] });
    try {
      expect((await faulty.call('/v1/models')).status).toBe(418);
      expect((await faulty.call('/v1/models')).status).toBe(200);
      await faulty.reset();
      expect((await faulty.call('/v1/models')).status).toBe(418);
    } finally {
      await faulty.close();
    }
  });
});
