import { describe, expect, it } from 'vitest';
import { AccountStore, TokenStatus, normaliseKey, quotaToCredits } from './accounts';

const newToken = (store: AccountStore, remainQuota: number) =>
  store.createToken({
    userId: 1,
    name: 't',
    expiredTime: -1,
    remainQuota,
    unlimitedQuota: false,
    dailyCredits: 0,
    monthlyCredits: 0,
    modelLimitsEnabled: false,
    modelLimits: '',
    group: 'default',
  });

describe('AccountStore', () => {
  it('finds tokens by key with or without the sk- prefix', () => {
    const store = new AccountStore(() => 0);
    const { secret } = newToken(store, 10);
    expect(secret).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(store.findByKey(secret)).toBeDefined();
    expect(store.findByKey(`sk-${secret}`)).toBeDefined();
    expect(store.findByKey('sk-other')).toBeUndefined();
    expect(normaliseKey('  sk-abc ')).toBe('abc');
  });

  it('marks a token exhausted when consumption empties it and re-enables it on refund', () => {
    const store = new AccountStore(() => 0);
    const user = store.createUser({ group: 'default', quota: 10_000 });
    const { token } = newToken(store, 2_500);
    store.consume(token, user, 2_500);
    expect(token.record).toMatchObject({ remain_quota: 0, remain_credits: 0, used_quota: 2_500, used_credits: 1 });
    expect(token.record.status).toBe(TokenStatus.exhausted);
    expect(user).toMatchObject({ quota: 7_500, usedQuota: 2_500 });
    store.refund(token, user, 2_500);
    expect(token.record.status).toBe(TokenStatus.enabled);
    expect(token.record.remain_credits).toBe(1);
    expect(user.quota).toBe(10_000);
  });

  it('rolls daily usage over at the UTC day boundary', () => {
    let now = Date.UTC(2026, 0, 1, 23, 0);
    const store = new AccountStore(() => now);
    const user = store.createUser({ group: 'default', quota: 1e9 });
    const { token } = newToken(store, 1e6);
    store.consume(token, user, 5_000);
    expect(store.currentUsage(token)).toMatchObject({ dayQuota: 5_000, monthQuota: 5_000 });
    now = Date.UTC(2026, 0, 2, 1, 0);
    expect(store.currentUsage(token)).toMatchObject({ dayQuota: 0, monthQuota: 5_000 });
  });

  it('converts quota to credits at 2500 units per credit', () => {
    expect(quotaToCredits(500_000)).toBe(200);
    expect(quotaToCredits(1)).toBe(0.0004);
  });
});
