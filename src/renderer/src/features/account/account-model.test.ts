import { describe, expect, it } from 'vitest';
import type { BalanceView } from '../../../../shared/contract';
import { emptyKeyDraft, keyInputOf, lastDays, niceCeiling, readBalance, spendChart } from './account-model';

describe('the spending chart', () => {
  it('takes the local midnights of the last days, oldest first, ending with the end of today', () => {
    const { dayStarts, end } = lastDays(new Date(2025, 2, 31, 15, 30), 3);
    expect(dayStarts).toEqual([new Date(2025, 2, 29).getTime(), new Date(2025, 2, 30).getTime(), new Date(2025, 2, 31).getTime()]);
    expect(end).toBe(new Date(2025, 3, 1).getTime());
    expect(lastDays(new Date(2025, 5, 1)).dayStarts).toHaveLength(42);
  });

  it('scales to a round top and keeps a spent day visible however small', () => {
    expect([0, 0.3, 7, 12, 180, 260, 999].map(niceCeiling)).toEqual([1, 0.5, 10, 20, 200, 500, 1000]);
    const day = (credits: number, measuredCredits = 0) => ({ start: 0, credits, measuredCredits, jobs: credits > 0 ? 1 : 0 });
    const chart = spendChart([day(0), day(180, 90), day(0.5), day(40)], 100);
    expect(chart.top).toBe(200);
    expect(chart.ticks).toEqual([0, 100, 200]);
    expect(chart.bars.map((bar) => bar.barHeight)).toEqual([0, 90, 1, 20]);
    expect(chart.bars[1]?.measuredHeight).toBe(45);
    expect(chart.bars.map((bar) => bar.x)).toEqual([1.5, 11.5, 21.5, 31.5]);
    expect(chart.total).toBe(220.5);
    expect(chart.busiest?.credits).toBe(180);
    expect(spendChart([day(0)], 100)).toMatchObject({ top: 1, busiest: null, total: 0 });
  });
});

describe('a balance as it reads', () => {
  const view = (over: Partial<BalanceView>): BalanceView => ({
    unlimited: false,
    remainCredits: 4000,
    usedCredits: 120,
    remainBalance: 20,
    usedBalance: 0.6,
    creditsPerUsd: 200,
    dailyLimitCredits: null,
    monthlyLimitCredits: null,
    ...over,
  });

  it('says unlimited, never -1, and gives credits first with dollars and the gateway’s own unit', () => {
    expect(readBalance(view({ unlimited: true, remainCredits: null, remainBalance: null }))).toEqual({ kind: 'unlimited', usedCredits: 120 });
    expect(readBalance(view({}))).toEqual({ kind: 'amount', credits: 4000, usd: 20, unitAmount: 20, usedCredits: 120 });
    expect(readBalance(view({ remainCredits: -1 }))).toEqual({ kind: 'unknown' });
  });
});

describe('the restricted-key form', () => {
  it('sends only what was filled in, the expiry at the end of the chosen day', () => {
    expect(keyInputOf({ ...emptyKeyDraft, name: 'Batch key' })).toEqual({ name: 'Batch key' });
    const input = keyInputOf({
      name: 'Client',
      unlimited: false,
      credits: '500',
      expires: '2026-01-31',
      daily: '50',
      monthly: ' ',
      models: ['vid-2'],
      group: ' vip ',
    });
    expect(input).toEqual({
      name: 'Client',
      remainCredits: 500,
      expiresAt: Math.floor(new Date(2026, 0, 31, 23, 59, 59).getTime() / 1000),
      dailyCredits: 50,
      modelLimits: ['vid-2'],
      group: 'vip',
    });
    expect(keyInputOf({ ...emptyKeyDraft, name: 'Open', unlimited: true, credits: '10' })).toEqual({ name: 'Open', unlimited: true });
    expect(keyInputOf({ ...emptyKeyDraft, name: 'Typo', credits: 'ten' }).remainCredits).toBeNaN();
  });
});
