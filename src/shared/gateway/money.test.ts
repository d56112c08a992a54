import { describe, expect, it } from 'vitest';
import {
  CREDITS_PER_USD,
  QUOTA_PER_CREDIT,
  creditsToQuota,
  creditsToUsd,
  formatCredits,
  formatCreditsWithUsd,
  formatUsd,
  isUnlimited,
  quotaToCredits,
  quotaToUsd,
  usdToCredits,
  usdToQuota,
} from './money';

describe('money units', () => {
  it('uses 1 USD = 200 credits = 500000 quota units', () => {
    expect(CREDITS_PER_USD).toBe(200);
    expect(QUOTA_PER_CREDIT).toBe(2500);
    expect(usdToCredits(1)).toBe(200);
    expect(creditsToUsd(200)).toBe(1);
    expect(usdToQuota(1)).toBe(500_000);
    expect(quotaToUsd(500_000)).toBe(1);
    expect(creditsToQuota(200)).toBe(500_000);
    expect(quotaToCredits(500_000)).toBe(200);
  });

  it('rounds quota to whole units', () => {
    expect(creditsToQuota(0.0001)).toBe(0);
    expect(creditsToQuota(0.5)).toBe(1250);
    expect(usdToQuota(0.0000031)).toBe(2);
  });

  it('treats -1 and the unlimited flag as unlimited', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(10, true)).toBe(true);
    expect(isUnlimited(0)).toBe(false);
    expect(formatCredits(-1)).toBe('Unlimited');
    expect(formatUsd(-1, { unlimitedText: '无限' })).toBe('无限');
  });

  it('formats credits and dollars', () => {
    expect(formatCredits(1234.567)).toBe('1,234.57 credits');
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatUsd(2)).toBe('$2.00');
    expect(formatUsd(0.0025)).toBe('$0.0025');
    expect(formatCreditsWithUsd(400)).toBe('400 credits ($2.00)');
  });
});
