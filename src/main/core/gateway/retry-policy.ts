/**
 * When and how long to wait before trying a gateway request again. Pure functions, so the
 * schedule can be unit-tested without a server.
 */

/** Which failures a request may be retried after. */
export type RetryMode =
  /** GETs and polls: any transient failure (network, timeout, 429, 5xx, broken body). */
  | 'idempotent'
  /**
   * POSTs that create paid work: only when the request provably never left this machine
   * (connection refused, DNS failure, connect timeout). A duplicate would cost the user money.
   */
  | 'unsent-only'
  | 'none';

export interface RetryPolicy {
  /** Total attempts including the first; 1 disables retries. */
  maxAttempts: number;
  /** Backoff of the first retry before jitter, in ms; doubles each retry. */
  baseDelayMs: number;
  /** Upper bound of one backoff delay, in ms. */
  maxDelayMs: number;
  /**
   * Longest `Retry-After` the client waits for by itself; a longer one ends the request with a
   * retryable error carrying `retryAfterMs`, so a scheduler can come back later.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

/**
 * Parses a `Retry-After` header: delay seconds or an HTTP date. Returns milliseconds from `now`
 * (never negative), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Delay before retry number `retry` (1 for the first retry): exponential with "equal jitter"
 * (half fixed, half random) so clients that failed together do not come back together.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The wait before the next attempt, honouring `Retry-After` when the gateway sent one (plus a
 * little jitter); undefined when that wait is longer than the policy allows.
 */
export function nextDelay(retry: number, policy: RetryPolicy, retryAfterMs: number | undefined, random: () => number = Math.random): number | undefined {
  if (retryAfterMs === undefined) return backoffDelay(retry, policy, random);
  if (retryAfterMs > policy.maxRetryAfterMs) return undefined;
  return retryAfterMs + Math.round(random() * Math.min(250, policy.baseDelayMs));
}
