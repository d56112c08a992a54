import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { GatewayClient } from '../../../src/main/core/gateway/client';
import { VirtualClock } from '../../helpers/virtual-clock';
import { gatewayFailure, gatewayForFile, onVirtualTime } from './harness';

const gw = gatewayForFile();

const chat = { model: 'gen-5.2-official', messages: [{ role: 'user', content: 'hello' }] };

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// The client waits between attempts on a virtual clock: the waits are checked, and cost no real time.
describe('retries of GETs', () => {
  it('retries a 429 that carries Retry-After and succeeds', async () => {
    await gw.addFault({ kind: 'rate-limit', route: 'GET /v1/models', retryAfterSeconds: 0, count: 1 });
    const clock = new VirtualClock();
    const models = await onVirtualTime(clock, gw.client({ clock }).models.list('image'));
    expect(models.length).toBeGreaterThan(0);
    expect(await gw.requests('GET /v1/models')).toBe(2);
  });

  it('retries a 429 without Retry-After after a backoff that grows, and succeeds', async () => {
    await gw.addFault({ kind: 'rate-limit', route: 'GET /v1/models', retryAfterSeconds: null, count: 2 });
    const clock = new VirtualClock();
    // No jitter: the backoff is half its ceiling, 10 ms (base 20 ms) and then 20 ms.
    const listing = gw.client({ clock, random: () => 0 }).models.list('image');
    for (const [attempts, backoffMs] of [
      [1, 10],
      [2, 20],
    ] as const) {
      await clock.timerSet();
      await clock.advance(backoffMs - 1);
      expect(await gw.requests('GET /v1/models')).toBe(attempts);
      await clock.advance(1);
    }
    expect((await listing).length).toBeGreaterThan(0);
    expect(await gw.requests('GET /v1/models')).toBe(3);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const clock = new VirtualClock();
    const inAMinute = new Date(clock.now() + 60_000).toUTCString();
    await gw.addFault({ kind: 'error', status: 429, route: 'GET /v1/models', count: 1, headers: { 'retry-after': inAMinute } });
    const listing = gw.client({ clock, random: () => 0, retry: { maxRetryAfterMs: 120_000 } }).models.list();
    await clock.timerSet();
    await clock.advance(59_999);
    expect(await gw.requests('GET /v1/models')).toBe(1);
    await clock.advance(1);
    await listing;
    expect(await gw.requests('GET /v1/models')).toBe(2);
  });

  it('does not sit out a Retry-After longer than the policy allows', async () => {
    await gw.addFault({ kind: 'rate-limit', route: 'GET /v1/balance', retryAfterSeconds: 120 });
    const error = await gatewayFailure(gw.client().account.tokenBalance());
    expect(error).toMatchObject({ status: 429, knownCase: 'rate_limited', retryable: true, retryAfterMs: 120_000, attempts: 1 });
  });

  it('retries 5xx answers and gives up after the bounded attempts', async () => {
    const clock = new VirtualClock();
    await gw.addFault({ kind: 'error', status: 502, route: 'GET /v1/models', count: 1 });
    await onVirtualTime(clock, gw.client({ clock }).models.list());
    expect(await gw.requests('GET /v1/models')).toBe(2);
    await gw.addFault({ kind: 'error', status: 500, route: 'GET /v1/models' });
    const error = await gatewayFailure(onVirtualTime(clock, gw.client({ clock }).models.list()));
    expect(error).toMatchObject({ kind: 'http', status: 500, shape: 'relay', knownCase: 'server_error', attempts: 4 });
  });

  it('retries a dropped connection and a malformed or truncated answer', async () => {
    await gw.addFault({ kind: 'drop-connection', phase: 'before-request-read', route: 'GET /v1/balance', count: 1 });
    await gw.addFault({ kind: 'malformed-json', route: 'GET /v1/balance', count: 1 });
    await gw.addFault({ kind: 'truncated-body', route: 'GET /v1/balance', count: 1 });
    const clock = new VirtualClock();
    const balance = await onVirtualTime(clock, gw.client({ clock }).account.tokenBalance());
    expect(balance.remainCredits).toBe(4000);
    expect(await gw.requests('GET /v1/balance')).toBe(4);
  });

  it('reports persistent malformed and truncated answers with their kind', async () => {
    await gw.addFault({ kind: 'malformed-json', route: 'GET /v1/balance' });
    const clock = new VirtualClock();
    const malformed = await gatewayFailure(onVirtualTime(clock, gw.client({ clock }).account.tokenBalance()));
    expect(malformed).toMatchObject({ kind: 'malformed', status: 200, shape: 'malformed', attempts: 4 });
    await gw.reset();
    await gw.addFault({ kind: 'truncated-body', route: 'GET /v1/balance' });
    const truncated = await gatewayFailure(gw.client({ retry: { maxAttempts: 1 } }).account.tokenBalance());
    expect(truncated).toMatchObject({ kind: 'truncated', status: 200, mayHaveReachedServer: true });
  });

  // undici checks header timeouts on a coarse (about half-second) timer, hence the long latency.
  it('times out a slow answer and retries the GET', async () => {
    await gw.addFault({ kind: 'latency', ms: 2500, route: 'GET /v1/balance', count: 1 });
    const client = gw.client({ timeouts: { headersMs: 200 } });
    const balance = await client.account.tokenBalance();
    expect(balance.remainCredits).toBe(4000);
    await gw.addFault({ kind: 'latency', ms: 2500, route: 'GET /v1/balance', count: 1 });
    const error = await gatewayFailure(gw.client({ timeouts: { headersMs: 200 }, retry: { maxAttempts: 1 } }).account.tokenBalance());
    expect(error).toMatchObject({ kind: 'timeout', status: undefined, retryable: true, mayHaveReachedServer: true });
  });
});

describe('paid POSTs are never retried once they may have reached the gateway', () => {
  it('reports a connection dropped after the request was read as outcome unknown, sent once', async () => {
    await gw.addFault({ kind: 'drop-connection', phase: 'after-request-read', route: 'POST /v1/chat/completions' });
    const error = await gatewayFailure(gw.client().text.chat(chat));
    expect(error).toMatchObject({ kind: 'connection', mayHaveReachedServer: true, outcomeUnknown: true, attempts: 1 });
    expect(await gw.requests('POST /v1/chat/completions')).toBe(1);
  });

  it('does not retry a timed-out POST', async () => {
    await gw.addFault({ kind: 'latency', ms: 2500, route: 'POST /v1/chat/completions' });
    const error = await gatewayFailure(gw.client({ timeouts: { headersMs: 200 } }).text.chat(chat));
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true, attempts: 1 });
    expect(await gw.requests('POST /v1/chat/completions')).toBe(1);
  });

  it('does not retry a 5xx or 429 answer to a POST; after a 5xx the work may have been done', async () => {
    await gw.addFault({ kind: 'error', status: 500, route: 'POST /v1/chat/completions', count: 1 });
    const first = await gatewayFailure(gw.client().text.chat(chat));
    expect(first).toMatchObject({ status: 500, retryable: true, outcomeUnknown: true, attempts: 1 });
    await gw.addFault({ kind: 'rate-limit', route: 'POST /v1/chat/completions', retryAfterSeconds: 0, count: 1 });
    const second = await gatewayFailure(gw.client().text.chat(chat));
    expect(second).toMatchObject({ status: 429, knownCase: 'rate_limited', attempts: 1 });
    expect(await gw.requests('POST /v1/chat/completions')).toBe(2);
  });

  it('retries a POST whose connection was refused (provably never sent)', async () => {
    const client = new GatewayClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      apiKey: gw.sim.demoKey,
      retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20 },
    });
    try {
      const error = await gatewayFailure(client.text.chat(chat));
      expect(error).toMatchObject({ kind: 'unreachable', mayHaveReachedServer: false, outcomeUnknown: false, attempts: 3 });
      expect(error.summary).toMatch(/Could not connect/);
    } finally {
      await client.close();
    }
  });
});

describe('limits, cancellation and secrets', () => {
  it('refuses an answer larger than the cap', async () => {
    const error = await gatewayFailure(gw.client({ maxJsonBytes: 200 }).models.list('all'));
    expect(error).toMatchObject({ kind: 'too_large', status: 200, retryable: false });
  });

  it('cancels through an AbortSignal, also while waiting to retry', async () => {
    // The gateway holds the request far longer than the test needs to abort it, however slow the machine.
    await gw.addFault({ kind: 'latency', ms: 10_000, route: 'GET /v1/balance', count: 1 });
    const controller = new AbortController();
    const held = gatewayFailure(gw.client().account.tokenBalance({ signal: controller.signal }));
    await vi.waitUntil(async () => (await gw.requests('GET /v1/balance')) === 1, { timeout: 30_000, interval: 20 });
    controller.abort();
    expect(await held).toMatchObject({ kind: 'canceled', retryable: false });

    // The wait for a retry on another route: after its latency the gateway goes on with the abandoned request, which
    // would take a fault of its own route meant for the next request (and that one would never wait).
    await gw.addFault({ kind: 'rate-limit', route: 'GET /v1/models', retryAfterSeconds: 2, count: 1 });
    const clock = new VirtualClock();
    const later = new AbortController();
    const waiting = gatewayFailure(gw.client({ clock }).models.list(undefined, { signal: later.signal }));
    // Aborted while it sits out the Retry-After, with no time passing: the wait ends at once.
    await clock.timerSet();
    later.abort();
    expect(await waiting).toMatchObject({ kind: 'canceled', attempts: 1 });
    expect(clock.pendingTimers).toBe(0);
    expect(await gw.requests('GET /v1/models')).toBe(1);
    expect(await gw.requests('GET /v1/balance')).toBe(1);
  });

  it('never puts the key into an error, even when the gateway echoes it', async () => {
    const key = gw.sim.demoKey;
    await gw.addFault({
      kind: 'error',
      status: 401,
      route: 'GET /v1/models',
      body: { error: { message: `invalid token ${key} (Bearer ${key})`, code: 'invalid_api_key' } },
    });
    const error = await gatewayFailure(gw.client().models.list());
    const bare = key.replace(/^sk-/, '');
    for (const text of [error.message, error.gatewayMessage ?? '', JSON.stringify(error.toDetails()), String(error.stack)]) {
      expect(text).not.toContain(bare);
    }
    expect(error.gatewayMessage).toContain('redacted');
    expect(error).toMatchObject({ knownCase: 'unauthorized', code: 'invalid_api_key' });
  });
});
