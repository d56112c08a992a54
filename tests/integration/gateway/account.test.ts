import { describe, expect, it } from 'vitest';
import { isAccountFailure } from '../../../src/shared/gateway/errors';
import { InvalidRequestError } from '../../../src/main/core/gateway/invalid-request';
import { gatewayFailure, gatewayForFile } from './harness';

const gw = gatewayForFile();

describe('balances', () => {
  it('reads the token balance in credits', async () => {
    const balance = await gw.client().account.tokenBalance();
    expect(balance).toMatchObject({ level: 'token', unlimited: false, remainCredits: 4000, usedCredits: 0, creditsPerUsd: 200 });
    expect(balance.remainBalance).toBe(20);
  });

  it('reads the user balance in credits', async () => {
    const balance = await gw.client().account.userBalance();
    expect(balance).toMatchObject({ level: 'user', unlimited: false, remainCredits: 20000, creditsPerUsd: 200 });
  });

  it('reports an unlimited key as unlimited, not as -1 credits', async () => {
    const { key } = await gw.createKey({ unlimited_quota: true });
    const balance = await gw.client({ apiKey: key }).account.tokenBalance();
    expect(balance).toMatchObject({ unlimited: true, remainCredits: null, remainBalance: null });
  });

  it('reads daily and monthly limits where a deployment reports them, and none where it does not', async () => {
    expect(await gw.client().account.tokenBalance()).toMatchObject({ dailyLimitCredits: null, monthlyLimitCredits: null });
    const body = { success: true, remain_credits: 300, used_credits: 20, credits_per_usd: 200, unlimited_quota: false, daily_credits: 100, monthly_credits: 0 };
    await gw.addFault({ kind: 'error', status: 200, route: 'GET /v1/balance', count: 1, body });
    expect(await gw.client().account.tokenBalance()).toMatchObject({ remainCredits: 300, dailyLimitCredits: 100, monthlyLimitCredits: 0 });
  });

  it('turns 200 + 获取令牌信息失败 into a GatewayError', async () => {
    await gw.addFault({ kind: 'account-failure', failure: 'token-info' });
    const error = await gatewayFailure(gw.client().account.tokenBalance());
    expect(error).toMatchObject({
      kind: 'account',
      status: 200,
      shape: 'account200',
      gatewayMessage: '获取令牌信息失败',
      knownCase: 'token_not_found',
      retryable: false,
      attempts: 1,
    });
    expect(error.summary).toMatch(/does not exist or was deleted/);
    expect(await gw.requests('GET /v1/balance')).toBe(1);
  });

  it('turns 200 + 获取用户额度失败 (user deleted) into a GatewayError', async () => {
    await gw.admin('DELETE', '/users/1');
    const error = await gatewayFailure(gw.client().account.userBalance());
    expect(error).toMatchObject({ kind: 'account', status: 200, gatewayMessage: '获取用户额度失败', knownCase: 'user_not_found' });
  });

  it('retries 200 + 获取已使用额度失败 (a server-side query error) on the GET', async () => {
    await gw.addFault({ kind: 'account-failure', failure: 'used-quota', count: 1 });
    const balance = await gw.client().account.userBalance();
    expect(balance.remainCredits).toBe(20000);
    expect(await gw.requests('GET /v1/user/balance')).toBe(2);
  });

  it('gives up on a persistent 获取已使用额度失败 after the bounded attempts', async () => {
    await gw.addFault({ kind: 'account-failure', failure: 'used-quota' });
    const error = await gatewayFailure(gw.client().account.userBalance());
    expect(error).toMatchObject({ knownCase: 'usage_query_failed', retryable: true, attempts: 4 });
    expect(await gw.requests('GET /v1/user/balance')).toBe(4);
  });

  it('normalises 401 without credentials (无 Authorization 头) and with a wrong key', async () => {
    const missing = await gatewayFailure(gw.client({ apiKey: '' }).account.tokenBalance());
    expect(missing).toMatchObject({ kind: 'http', status: 401, gatewayMessage: '无 Authorization 头', knownCase: 'unauthorized', retryable: false });
    const wrong = await gatewayFailure(gw.client({ apiKey: 'sk-wrongwrongwrongwrong' }).account.userBalance());
    expect(wrong).toMatchObject({ status: 401, knownCase: 'unauthorized', attempts: 1 });
    expect(wrong.summary).toMatch(/API key is missing or invalid/);
  });
});

describe('token creation', () => {
  it('returns the new key once, usable as a bearer key with its own balance', async () => {
    const created = await gw.client().account.createToken({ name: 'batch budget', remain_credits: 50 });
    expect(created.key).toMatch(/^sk-[A-Za-z0-9]{16,}$/);
    expect(created.token).toMatchObject({ name: 'batch budget', remain_credits: 50, unlimited_quota: false });
    const balance = await gw.client({ apiKey: created.key }).account.tokenBalance();
    expect(balance.remainCredits).toBe(50);
  });

  it('refuses a name over 50 characters locally, sending nothing', async () => {
    const attempt = gw.client().account.createToken({ name: 'n'.repeat(51) });
    await expect(attempt).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(attempt).rejects.toThrow(/name: at most 50 characters/);
    expect(await gw.requests('POST /v1/tokens')).toBe(0);
  });

  it('normalises the gateway’s own 令牌名称过长 answer', async () => {
    const client = gw.client();
    const error = await gatewayFailure(
      client.http.requestJson({
        method: 'POST',
        path: '/v1/tokens',
        json: { name: 'n'.repeat(51) },
        retry: 'unsent-only',
        reportsFailure: isAccountFailure,
      }),
    );
    expect(error).toMatchObject({ kind: 'account', status: 200, gatewayMessage: '令牌名称过长', knownCase: 'token_name_too_long' });
  });

  it('never retries 生成令牌失败 although it is worth retrying later: a retry could mint a second key', async () => {
    await gw.addFault({ kind: 'account-failure', failure: 'create-token' });
    const error = await gatewayFailure(gw.client().account.createToken({ name: 'x' }));
    expect(error).toMatchObject({ gatewayMessage: '生成令牌失败', knownCase: 'token_create_failed', retryable: true, attempts: 1 });
    expect(await gw.requests('POST /v1/tokens')).toBe(1);
  });

  it('reports 429 on token creation without retrying', async () => {
    await gw.addFault({ kind: 'rate-limit', route: 'POST /v1/tokens', retryAfterSeconds: 1 });
    const error = await gatewayFailure(gw.client().account.createToken({ name: 'x' }));
    expect(error).toMatchObject({ status: 429, gatewayMessage: '请求过于频繁', knownCase: 'rate_limited', retryAfterMs: 1000, attempts: 1 });
    expect(await gw.requests('POST /v1/tokens')).toBe(1);
  });
});
