/** Balances, quota charging and token creation, walking the interface's account sections. */
import { describe, expect, it } from 'vitest';
import { harnessForFile, relayError, startHarness } from './sim-harness';

const BALANCE_FIELDS = ['credits_per_usd', 'remain_balance', 'remain_credits', 'success', 'unlimited_quota', 'used_balance', 'used_credits'];

const TOKEN_FIELDS = [
  'accessed_time',
  'created_time',
  'cross_group_retry',
  'daily_credits',
  'expired_time',
  'group',
  'id',
  'key',
  'model_limits',
  'model_limits_enabled',
  'monthly_credits',
  'name',
  'remain_credits',
  'remain_quota',
  'status',
  'unlimited_quota',
  'used_credits',
  'used_quota',
  'user_id',
];

const chat = (model = 'chat-sonnet-4-6') => ({ model, messages: [{ role: 'user', content: 'a lighthouse' }] });

const h = harnessForFile();

describe('token balance', () => {
  it('returns exactly the balance record fields, in USD by default, on both paths', async () => {
    const balance = await h.json('/v1/balance');
    expect(Object.keys(balance).sort()).toEqual(BALANCE_FIELDS);
    expect(balance).toEqual({
      success: true,
      remain_balance: 20,
      used_balance: 0,
      remain_credits: 4000,
      used_credits: 0,
      credits_per_usd: 200,
      unlimited_quota: false,
    });
    expect(await h.json('/balance')).toEqual(balance);
  });

  it('shows -1 for an unlimited key', async () => {
    const unlimited = await h.createKey({ unlimited_quota: true });
    const balance = await h.json('/v1/balance', { key: unlimited.key });
    expect(balance).toMatchObject({ remain_balance: -1, remain_credits: -1, unlimited_quota: true, success: true });
  });

  it('answers 获取令牌信息失败 with HTTP 200 when the token lookup fails', async () => {
    await h.admin('POST', '/faults', { kind: 'account-failure', failure: 'token-info', count: 1 });
    const result = await h.call('/v1/balance');
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ success: false, message: '获取令牌信息失败' });
    expect((await h.json('/v1/balance')).success).toBe(true);
  });

  it('answers 获取令牌信息失败 with HTTP 200 for a deleted key; a key never issued is a 401', async () => {
    const created = await h.createKey();
    await h.admin('DELETE', `/keys/${String(created.token.id)}`);
    for (const path of ['/v1/balance', '/balance']) {
      const result = await h.call(path, { key: created.key });
      expect(result.status).toBe(200);
      expect(result.json).toEqual({ success: false, message: '获取令牌信息失败' });
    }
    expect((await h.call('/v1/user/balance', { key: created.key })).status).toBe(401);
    expect((await h.call('/v1/balance', { key: 'sk-neverissued00000000000000000000' })).status).toBe(401);
  });
});

describe('user balance', () => {
  it('returns the user account on both paths', async () => {
    const balance = await h.json('/v1/user/balance');
    expect(Object.keys(balance).sort()).toEqual(BALANCE_FIELDS);
    expect(balance).toMatchObject({ success: true, remain_balance: 100, remain_credits: 20_000, unlimited_quota: false });
    expect(await h.json('/user/balance')).toEqual(balance);
  });

  it('answers 获取用户额度失败 when the user does not exist', async () => {
    await h.admin('DELETE', '/users/1');
    const result = await h.call('/v1/user/balance');
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ success: false, message: '获取用户额度失败' });
  });

  it('answers 获取用户额度失败 and 获取已使用额度失败 through faults', async () => {
    await h.admin('POST', '/faults', {
      rules: [
        { kind: 'account-failure', failure: 'user-quota', count: 1 },
        { kind: 'account-failure', failure: 'used-quota', count: 1 },
      ],
    });
    expect((await h.call('/v1/user/balance')).json).toEqual({ success: false, message: '获取用户额度失败' });
    expect((await h.call('/user/balance')).json).toEqual({ success: false, message: '获取已使用额度失败' });
    expect((await h.json('/v1/user/balance')).success).toBe(true);
  });
});

describe('display units', () => {
  it('reports CNY at the fixed rate and tokens as raw quota units', async () => {
    const cny = await startHarness({ displayUnit: 'CNY' });
    const tokens = await startHarness({ displayUnit: 'tokens' });
    try {
      expect(await cny.json('/v1/balance')).toMatchObject({ remain_balance: 144, remain_credits: 4000 });
      expect(await tokens.json('/v1/balance')).toMatchObject({ remain_balance: 10_000_000, remain_credits: 4000 });
    } finally {
      await cny.close();
      await tokens.close();
    }
  });
});

describe('quota charging', () => {
  it('charges the price table to the token and the user', async () => {
    expect((await h.call('/v1/chat/completions', { body: chat('chat-sonnet-4-6') })).status).toBe(200);
    expect((await h.call('/v1/chat/completions', { body: chat('chat-haiku-4-5') })).status).toBe(200);
    expect(await h.json('/v1/balance')).toMatchObject({ remain_credits: 3998.5, used_credits: 1.5, used_balance: 0.0075 });
    expect(await h.json('/v1/user/balance')).toMatchObject({ remain_credits: 19_998.5, used_credits: 1.5 });
  });

  it('refuses with 403 insufficient_user_quota when the token has too little left', async () => {
    const poor = await h.createKey({ remain_credits: 0.5 });
    const result = await h.call('/v1/chat/completions', { key: poor.key, body: chat('chat-sonnet-4-6') });
    expect(result.status).toBe(403);
    expect(relayError(result.json).code).toBe('insufficient_user_quota');
    expect((await h.call('/v1/chat/completions', { key: poor.key, body: chat('chat-haiku-4-5') })).status).toBe(200);
    const record = await h.admin<{ token: { status: number; remain_quota: number } }>('GET', `/keys/${String(poor.token.id)}`);
    expect(record.token).toMatchObject({ status: 4, remain_quota: 0 });
  });

  it('enforces the daily credit limit and the user quota', async () => {
    const daily = await h.createKey({ daily_credits: 1.5 });
    expect((await h.call('/v1/chat/completions', { key: daily.key, body: chat() })).status).toBe(200);
    const second = await h.call('/v1/chat/completions', { key: daily.key, body: chat() });
    expect(second.status).toBe(403);
    expect(relayError(second.json)).toMatchObject({ code: 'insufficient_user_quota', message: '令牌今日额度已用尽' });

    await h.admin('PATCH', '/users/1', { quota_credits: 0.5 });
    const broke = await h.call('/v1/chat/completions', { body: chat() });
    expect(broke.status).toBe(403);
    expect(relayError(broke.json).code).toBe('insufficient_user_quota');
  });

  it('enforces the monthly credit limit', async () => {
    const monthly = await h.createKey({ monthly_credits: 1 });
    expect((await h.call('/v1/chat/completions', { key: monthly.key, body: chat() })).status).toBe(200);
    const second = await h.call('/v1/chat/completions', { key: monthly.key, body: chat() });
    expect(relayError(second.json).message).toBe('令牌本月额度已用尽');
  });
});

describe('POST /v1/tokens', () => {
  it('creates a token with every field and returns the key once', async () => {
    const expiry = Math.floor(Date.now() / 1000) + 86_400;
    const result = await h.call('/v1/tokens', {
      body: {
        name: 'batch budget',
        expired_time: expiry,
        remain_quota: 123,
        remain_credits: 50,
        daily_credits: 10,
        monthly_credits: 100,
        unlimited_quota: false,
        model_limits_enabled: true,
        model_limits: 'gen-5.2-official,gen-image-2',
        group: 'vip',
      },
    });
    expect(result.status).toBe(200);
    const body = result.json as { success: boolean; credits_per_usd: number; message?: string; data: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.credits_per_usd).toBe(200);
    expect(body.message).toBeUndefined();
    expect(Object.keys(body.data).sort()).toEqual(TOKEN_FIELDS);
    expect(body.data).toMatchObject({
      user_id: 1,
      status: 1,
      name: 'batch budget',
      expired_time: expiry,
      remain_quota: 125_000,
      remain_credits: 50,
      unlimited_quota: false,
      used_quota: 0,
      used_credits: 0,
      daily_credits: 10,
      monthly_credits: 100,
      model_limits_enabled: true,
      model_limits: 'gen-5.2-official,gen-image-2',
      group: 'vip',
      cross_group_retry: false,
    });
    const secret = body.data.key as string;
    expect(secret).toMatch(/^[A-Za-z0-9]{48}$/);

    // The new key works at once, with its model restriction.
    const key = `sk-${secret}`;
    expect((await h.call('/v1/balance', { key })).json).toMatchObject({ remain_credits: 50 });
    const models = await h.json<{ data: { id: string }[] }>('/v1/models', { key });
    expect(models.data.map((model) => model.id)).toEqual(['gen-5.2-official']);
    expect((await h.call('/v1/chat/completions', { key, body: chat() })).status).toBe(403);

    // The secret never appears again anywhere.
    const elsewhere = [
      await h.call('/v1/balance', { key }),
      await h.call('/v1/user/balance', { key }),
      await h.call('/v1/models?type=all', { key }),
      await h.call(`/__admin/keys/${String(body.data.id)}`, { key: null, headers: { 'x-admin-token': h.sim.adminToken } }),
    ];
    for (const answer of elsewhere) expect(answer.text).not.toContain(secret);
  });

  it('converts remain_quota to credits and defaults to a limited, empty token', async () => {
    const data = (await h.json<{ data: Record<string, unknown> }>('/v1/tokens', { body: { name: 'q', remain_quota: 500_000 } })).data;
    expect(data).toMatchObject({ remain_quota: 500_000, remain_credits: 200, expired_time: -1, group: 'default' });
    const empty = (await h.json<{ data: Record<string, unknown> }>('/v1/tokens', { body: { name: 'empty' } })).data;
    expect(empty).toMatchObject({ remain_quota: 0, unlimited_quota: false, model_limits_enabled: false, model_limits: '' });
    const unlimited = (await h.json<{ data: { key: string } }>('/v1/tokens', { body: { name: 'u', unlimited_quota: true } })).data;
    expect(await h.json('/v1/balance', { key: `sk-${unlimited.key}` })).toMatchObject({ remain_balance: -1 });
  });

  it('accepts a 50-character name and refuses 51 with 令牌名称过长', async () => {
    const fifty = 'n'.repeat(50);
    expect((await h.json('/v1/tokens', { body: { name: fifty } })).success).toBe(true);
    const cjk = '令'.repeat(50);
    expect((await h.json('/v1/tokens', { body: { name: cjk } })).success).toBe(true);
    const tooLong = await h.call('/v1/tokens', { body: { name: 'n'.repeat(51) } });
    expect(tooLong.status).toBe(200);
    expect(tooLong.json).toEqual({ success: false, message: '令牌名称过长' });
  });

  it('refuses a missing name, wrong types and a past expiry', async () => {
    expect(await h.json('/v1/tokens', { body: {} })).toEqual({ success: false, message: '令牌名称不能为空' });
    expect(await h.json('/v1/tokens', { body: { name: 'x', remain_quota: 'lots' } })).toEqual({
      success: false,
      message: '无效的参数',
    });
    expect(await h.json('/v1/tokens', { body: { name: 'x', expired_time: 1000 } })).toEqual({
      success: false,
      message: '过期时间不能早于当前时间',
    });
  });

  it('answers 生成令牌失败 on an internal failure', async () => {
    await h.admin('POST', '/faults', { kind: 'account-failure', failure: 'create-token', count: 1 });
    const result = await h.call('/v1/tokens', { body: { name: 'x' } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ success: false, message: '生成令牌失败' });
    expect((await h.json('/v1/tokens', { body: { name: 'x' } })).success).toBe(true);
  });

  it('answers 429 请求过于频繁 when tokens are created too fast', async () => {
    const limited = await startHarness({ tokenCreationLimit: { max: 2 } });
    try {
      expect((await limited.json('/v1/tokens', { body: { name: 'a' } })).success).toBe(true);
      expect((await limited.json('/v1/tokens', { body: { name: 'b' } })).success).toBe(true);
      const third = await limited.call('/v1/tokens', { body: { name: 'c' } });
      expect(third.status).toBe(429);
      expect(third.json).toEqual({ success: false, message: '请求过于频繁' });
      expect((await limited.call('/v1/balance')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
