/** Authentication, error shapes, rate limiting and the admin API of the demo gateway. */
import { describe, expect, it } from 'vitest';
import { harnessForFile, relayError } from './sim-harness';

const h = harnessForFile();

describe('authentication', () => {
  it('answers 401 in the relay shape when a relay route gets no key', async () => {
    const result = await h.call('/v1/models', { key: null });
    expect(result.status).toBe(401);
    expect(relayError(result.json)).toMatchObject({ message: '未提供令牌', type: 'authentication_error' });
  });

  it('answers 401 "无 Authorization 头" on the account routes', async () => {
    for (const path of ['/v1/balance', '/balance', '/v1/user/balance', '/user/balance']) {
      const result = await h.call(path, { key: null });
      expect(result.status).toBe(401);
      expect(result.json).toEqual({ success: false, message: '无 Authorization 头' });
    }
    const tokens = await h.call('/v1/tokens', { key: null, body: { name: 'x' } });
    expect(tokens.status).toBe(401);
    expect(tokens.json).toEqual({ success: false, message: '无 Authorization 头' });
  });

  it('answers 401 for an unknown key', async () => {
    const relay = await h.call('/v1/models', { key: 'sk-notakey' });
    expect(relay.status).toBe(401);
    expect(relayError(relay.json).message).toBe('无效的令牌');
    const account = await h.call('/v1/balance', { key: 'sk-notakey' });
    expect(account.status).toBe(401);
    expect(account.json).toEqual({ success: false, message: '无效的令牌' });
  });

  it('accepts the key with or without its sk- prefix, and without "Bearer"', async () => {
    const bare = h.sim.demoKey.slice(3);
    expect((await h.call('/v1/models', { key: bare })).status).toBe(200);
    expect((await h.call('/v1/models')).status).toBe(200);
    const noBearer = await h.call('/v1/models', { key: null, headers: { authorization: h.sim.demoKey } });
    expect(noBearer.status).toBe(200);
  });

  it('accepts x-api-key on /v1/messages only', async () => {
    const headers = { 'x-api-key': h.sim.demoKey };
    const messages = await h.call('/v1/messages', {
      key: null,
      headers,
      body: { model: 'chat-haiku-4-5', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(messages.status).toBe(200);
    expect((await h.call('/v1/models', { key: null, headers })).status).toBe(401);
  });

  it('refuses disabled, expired and exhausted keys', async () => {
    const disabled = await h.createKey({ status: 2 });
    const result = await h.call('/v1/models', { key: disabled.key });
    expect(result.status).toBe(401);
    expect(relayError(result.json).message).toBe('该令牌状态不可用');

    const expired = await h.createKey({ expired_time: Math.floor(Date.now() / 1000) - 60 });
    const expiredResult = await h.call('/v1/models', { key: expired.key });
    expect(expiredResult.status).toBe(401);
    expect(relayError(expiredResult.json).message).toBe('该令牌已过期');

    const exhausted = await h.createKey({ remain_quota: 0 });
    const exhaustedResult = await h.call('/v1/models', { key: exhausted.key });
    expect(exhaustedResult.status).toBe(403);
    expect(relayError(exhaustedResult.json)).toMatchObject({ message: '该令牌额度已用尽', code: 'insufficient_user_quota' });
  });

  it('lets a spent key read its balance', async () => {
    const exhausted = await h.createKey({ remain_quota: 0 });
    const balance = await h.call('/v1/balance', { key: exhausted.key });
    expect(balance.status).toBe(200);
    expect(balance.json).toMatchObject({ success: true, remain_credits: 0 });
  });

  it('expires a key when the clock passes its expiry', async () => {
    const { now } = await h.admin<{ now: number }>('GET', '/clock');
    const created = await h.createKey({ expired_time: Math.floor(now / 1000) + 3600 });
    expect((await h.call('/v1/models', { key: created.key })).status).toBe(200);
    await h.admin('POST', '/clock', { advanceMs: 2 * 3600 * 1000 });
    expect((await h.call('/v1/models', { key: created.key })).status).toBe(401);
    const record = await h.admin<{ token: { status: number } }>('GET', `/keys/${String(created.token.id)}`);
    expect(record.token.status).toBe(3);
  });
});

describe('error shapes', () => {
  it('answers unknown paths with 404 in the relay shape', async () => {
    const result = await h.call('/v1/nothing-here');
    expect(result.status).toBe(404);
    expect(relayError(result.json)).toMatchObject({ message: 'Invalid URL (GET /v1/nothing-here)', code: 'not_found' });
    expect(Object.keys(relayError(result.json)).sort()).toEqual(['code', 'message', 'param', 'type']);
  });

  it('answers an unreadable JSON body with 400 on relay routes and 无效的参数 on account routes', async () => {
    const relay = await h.call('/v1/chat/completions', { rawBody: '{"model": ' });
    expect(relay.status).toBe(400);
    expect(relayError(relay.json).type).toBe('invalid_request_error');
    const account = await h.call('/v1/tokens', { rawBody: '{"name": ' });
    expect(account.status).toBe(200);
    expect(account.json).toEqual({ success: false, message: '无效的参数' });
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a key exceeds its window, per key', async () => {
    await h.admin('POST', '/rate-limit', { max: 2, windowMs: 60_000, retryAfter: true });
    expect((await h.call('/v1/models')).status).toBe(200);
    expect((await h.call('/v1/models')).status).toBe(200);
    const limited = await h.call('/v1/models');
    expect(limited.status).toBe(429);
    expect(relayError(limited.json)).toMatchObject({ message: '请求过于频繁', code: 'rate_limit_exceeded' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const other = await h.createKey();
    expect((await h.call('/v1/models', { key: other.key })).status).toBe(200);
  });

  it('can answer 429 without Retry-After, in the account shape on account routes', async () => {
    await h.admin('POST', '/rate-limit', { max: 1, retryAfter: false });
    expect((await h.call('/v1/balance')).status).toBe(200);
    const limited = await h.call('/v1/balance');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(limited.json).toEqual({ success: false, message: '请求过于频繁' });
  });

  it('opens a new window after it ends', async () => {
    await h.admin('POST', '/rate-limit', { max: 1, windowMs: 1_000 });
    expect((await h.call('/v1/models')).status).toBe(200);
    expect((await h.call('/v1/models')).status).toBe(429);
    await h.admin('POST', '/clock', { advanceMs: 1_500 });
    expect((await h.call('/v1/models')).status).toBe(200);
  });
});

describe('admin API', () => {
  it('refuses calls without the admin token', async () => {
    const result = await h.call('/__admin/stats', { key: null });
    expect(result.status).toBe(401);
  });

  it('counts requests per route and forgets them on reset', async () => {
    await h.call('/v1/models');
    await h.call('/v1/models?type=image');
    await h.call('/v1/balance');
    const stats = await h.admin<{ requests: Record<string, number>; responses: Record<string, Record<string, number>> }>('GET', '/stats');
    expect(stats.requests['GET /v1/models']).toBe(2);
    expect(stats.requests['GET /v1/balance']).toBe(1);
    expect(stats.responses['GET /v1/models']).toEqual({ '200': 2 });
    await h.reset();
    const after = await h.admin<{ totalRequests: number }>('GET', '/stats');
    expect(after.totalRequests).toBe(0);
  });

  it('creates keys with given fields, updates and deletes them; reset restores the demo account', async () => {
    const created = await h.createKey({ name: 'limited', remain_credits: 3, model_limits_enabled: true, model_limits: 'chat-haiku-4-5' });
    expect(created.key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    expect(created.token).toMatchObject({ name: 'limited', remain_credits: 3, remain_quota: 7500, model_limits_enabled: true });
    const patched = await h.admin<{ token: Record<string, unknown> }>('PATCH', `/keys/${String(created.token.id)}`, {
      remain_credits: 10,
      status: 2,
    });
    expect(patched.token).toMatchObject({ remain_credits: 10, remain_quota: 25_000, status: 2 });
    await h.admin('DELETE', `/keys/${String(created.token.id)}`);
    expect((await h.call('/v1/models', { key: created.key })).status).toBe(401);
    await h.reset();
    expect((await h.call('/v1/models')).status).toBe(200);
  });

  it('validates admin bodies', async () => {
    await expect(h.admin('POST', '/faults', { kind: 'nonsense' })).rejects.toThrow(/400/);
    await expect(h.admin('POST', '/keys', { status: 9 })).rejects.toThrow(/400/);
  });
});
