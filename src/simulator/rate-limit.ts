/** Fixed-window request counting per key. */
import type { RateLimitOptions } from './options';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current window resets (at least 1). */
  retryAfterSeconds: number;
}

/** Counts hits per key in fixed windows of `windowMs`. */
export class FixedWindowLimiter {
  private windows = new Map<string, { start: number; hits: number }>();

  constructor(
    private limits: RateLimitOptions,
    private readonly nowMs: () => number,
  ) {}

  /** Record one hit for `key` and say whether it is within the limit. */
  hit(key: string): RateDecision {
    const now = this.nowMs();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.limits.windowMs || now < window.start) {
      window = { start: now, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.start + this.limits.windowMs - now) / 1000));
    return { allowed: window.hits <= this.limits.max, retryAfterSeconds };
  }

  /** Change the limits at run time; counting restarts. */
  configure(limits: RateLimitOptions): void {
    this.limits = limits;
    this.windows.clear();
  }

  get current(): RateLimitOptions {
    return { ...this.limits };
  }

  reset(): void {
    this.windows.clear();
  }
}
