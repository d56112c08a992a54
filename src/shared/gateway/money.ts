/**
 * Money units of the gateway: 1 USD = 200 credits (fixed) = 500000 internal quota units.
 * `remain_balance`/`used_balance` are in a deployment-configured unit; credits are always at the
 * fixed rate, so the studio shows credits and converts from there.
 */

export const CREDITS_PER_USD = 200;
const QUOTA_PER_USD = 500_000;
/** Internal quota units per credit (500000 / 200). */
export const QUOTA_PER_CREDIT = QUOTA_PER_USD / CREDITS_PER_USD;
/** The value balance fields carry when the quota is unlimited. */
const UNLIMITED_BALANCE = -1;

export function usdToCredits(usd: number): number {
  return usd * CREDITS_PER_USD;
}

export function creditsToUsd(credits: number): number {
  return credits / CREDITS_PER_USD;
}

/** Internal quota units are integers, so the result is rounded. */
export function usdToQuota(usd: number): number {
  return Math.round(usd * QUOTA_PER_USD);
}

export function quotaToUsd(quota: number): number {
  return quota / QUOTA_PER_USD;
}

/** Internal quota units are integers, so the result is rounded. */
export function creditsToQuota(credits: number): number {
  return Math.round(credits * QUOTA_PER_CREDIT);
}

export function quotaToCredits(quota: number): number {
  return quota / QUOTA_PER_CREDIT;
}

/** True when a balance value means "unlimited" (the gateway sends -1), or the flag says so. */
export function isUnlimited(value: number, unlimitedFlag?: boolean): boolean {
  return unlimitedFlag === true || value === UNLIMITED_BALANCE;
}

export interface MoneyFormatOptions {
  /** BCP 47 locale for digit grouping; defaults to `en`. */
  locale?: string;
  /** Text shown for unlimited balances; defaults to "Unlimited". */
  unlimitedText?: string;
}

/** Formats a credit amount, e.g. `1,234.5 credits`; -1 (or the unlimited flag) gives "Unlimited". */
export function formatCredits(credits: number, options: MoneyFormatOptions & { unlimited?: boolean } = {}): string {
  if (isUnlimited(credits, options.unlimited)) return options.unlimitedText ?? 'Unlimited';
  const number = new Intl.NumberFormat(options.locale ?? 'en', { maximumFractionDigits: 2 }).format(credits);
  return `${number} ${Math.abs(credits) === 1 ? 'credit' : 'credits'}`;
}

/** Formats US dollars, e.g. `$1.25`; small amounts keep up to 4 decimals so costs are not shown as $0.00. */
export function formatUsd(usd: number, options: MoneyFormatOptions & { unlimited?: boolean } = {}): string {
  if (isUnlimited(usd, options.unlimited)) return options.unlimitedText ?? 'Unlimited';
  const maximumFractionDigits = Math.abs(usd) > 0 && Math.abs(usd) < 0.01 ? 4 : 2;
  return new Intl.NumberFormat(options.locale ?? 'en', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits,
  }).format(usd);
}

/** Formats a credit amount with its dollar equivalent, e.g. `400 credits ($2.00)`. */
export function formatCreditsWithUsd(credits: number, options: MoneyFormatOptions & { unlimited?: boolean } = {}): string {
  if (isUnlimited(credits, options.unlimited)) return options.unlimitedText ?? 'Unlimited';
  return `${formatCredits(credits, options)} (${formatUsd(creditsToUsd(credits), options)})`;
}
