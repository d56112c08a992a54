/**
 * The engine-wide slowdown after the gateway answers 429: submissions and polls both wait until
 * the gate opens. `Retry-After` is honoured when given; otherwise the wait doubles with each 429
 * in a row and resets after a success.
 */
export interface RateGateOptions {
  /** Wait after a first 429 without `Retry-After`. */
  baseMs: number;
  /** Longest wait the gate imposes by itself. */
  maxMs: number;
}

export const DEFAULT_RATE_GATE: RateGateOptions = { baseMs: 2_000, maxMs: 60_000 };

export class RateGate {
  private openAt = 0;
  private strikes = 0;

  constructor(
    private readonly options: RateGateOptions = DEFAULT_RATE_GATE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a 429; returns when the gate opens again (Unix ms). */
  rateLimited(retryAfterMs?: number): number {
    this.strikes += 1;
    const wait = retryAfterMs ?? Math.min(this.options.maxMs, this.options.baseMs * 2 ** (this.strikes - 1));
    this.openAt = Math.max(this.openAt, this.now() + wait);
    return this.openAt;
  }

  /** Records an answer that was not a 429. */
  succeeded(): void {
    this.strikes = 0;
  }

  /** Milliseconds until requests may go out again (0 when open). */
  waitMs(): number {
    return Math.max(0, this.openAt - this.now());
  }

  /** When the gate opens (Unix ms; in the past when open). */
  get opensAt(): number {
    return this.openAt;
  }
}
