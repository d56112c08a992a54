/**
 * The account page's logic as pure functions: the days of the spending chart (local midnights),
 * the chart's scale and bars, and what a balance reads as (credits first, "Unlimited" never -1).
 */
import type { BalanceView, CreateTokenInput, DaySpendView } from '../../../../shared/contract';

/** How many days the spending chart shows. */
const SPEND_DAYS = 42;

/** The local midnights of the last `count` days, oldest first, and the end of today (DST-safe). */
export function lastDays(now: Date, count = SPEND_DAYS): { dayStarts: number[]; end: number } {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const dayStarts = Array.from({ length: count }, (_, i) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - (count - 1 - i)).getTime());
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).getTime();
  return { dayStarts, end };
}

/** A round top for the chart's scale: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

interface SpendBar {
  start: number;
  credits: number;
  measuredCredits: number;
  jobs: number;
  /** Left edge and width in chart units (the chart's width is `days * 10`). */
  x: number;
  width: number;
  /** Height of the whole bar and of its measured part, 0 to `height`. */
  barHeight: number;
  measuredHeight: number;
}

export interface SpendChartModel {
  bars: SpendBar[];
  /** The scale's top in credits, and its ticks (0, half, top). */
  top: number;
  ticks: number[];
  total: number;
  /** The day that cost the most (null when nothing was spent). */
  busiest: DaySpendView | null;
}

/** Bars of a chart `height` units tall, 10 units per day with a gap, scaled to a round top. */
export function spendChart(days: readonly DaySpendView[], height: number): SpendChartModel {
  const most = days.reduce((max, day) => Math.max(max, day.credits), 0);
  const top = niceCeiling(most);
  const scale = (credits: number): number => (credits <= 0 ? 0 : Math.max(1, (credits / top) * height));
  const bars = days.map((day, index) => ({
    ...day,
    x: index * 10 + 1.5,
    width: 7,
    barHeight: scale(day.credits),
    measuredHeight: day.measuredCredits <= 0 ? 0 : Math.min(scale(day.credits), scale(day.measuredCredits)),
  }));
  const busiest = days.reduce<DaySpendView | null>((best, day) => (day.credits > 0 && (best === null || day.credits > best.credits) ? day : best), null);
  return { bars, top, ticks: [0, top / 2, top], total: days.reduce((sum, day) => sum + day.credits, 0), busiest };
}

/** What one level of a balance reads as: credits first; unlimited never shows as -1. */
export type BalanceReading =
  | { kind: 'unlimited'; usedCredits: number | null }
  | { kind: 'amount'; credits: number; usd: number; unitAmount: number | null; usedCredits: number | null }
  | { kind: 'unknown' };

export function readBalance(balance: BalanceView): BalanceReading {
  if (balance.unlimited) return { kind: 'unlimited', usedCredits: balance.usedCredits };
  if (balance.remainCredits === null || balance.remainCredits < 0) return { kind: 'unknown' };
  return {
    kind: 'amount',
    credits: balance.remainCredits,
    usd: balance.remainCredits / balance.creditsPerUsd,
    unitAmount: balance.remainBalance,
    usedCredits: balance.usedCredits,
  };
}

/** The restricted-key form as the person fills it (text fields as typed). */
export interface KeyDraft {
  name: string;
  unlimited: boolean;
  credits: string;
  /** `YYYY-MM-DD` from a date field, or empty for never. */
  expires: string;
  daily: string;
  monthly: string;
  models: string[];
  group: string;
}

export const emptyKeyDraft: KeyDraft = { name: '', unlimited: false, credits: '', expires: '', daily: '', monthly: '', models: [], group: '' };

/**
 * The contract's input from the form: empty fields are left out; a number that does not read
 * is kept as NaN so main refuses it beside its field; the expiry is the end of that local day.
 */
export function keyInputOf(draft: KeyDraft): CreateTokenInput {
  const amount = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));
  const credits = amount(draft.credits);
  const daily = amount(draft.daily);
  const monthly = amount(draft.monthly);
  const [year, month, day] = draft.expires.split('-').map(Number);
  const expiresAt = year && month && day ? Math.floor(new Date(year, month - 1, day, 23, 59, 59).getTime() / 1000) : undefined;
  return {
    name: draft.name,
    ...(draft.unlimited ? { unlimited: true } : credits === undefined ? {} : { remainCredits: credits }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(daily === undefined ? {} : { dailyCredits: daily }),
    ...(monthly === undefined ? {} : { monthlyCredits: monthly }),
    ...(draft.models.length === 0 ? {} : { modelLimits: draft.models }),
    ...(draft.group.trim() === '' ? {} : { group: draft.group.trim() }),
  };
}
