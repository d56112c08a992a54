import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './rate-limit';

describe('FixedWindowLimiter', () => {
  it('allows max hits per window per key and resets with the next window', () => {
    let now = 1_000;
    const limiter = new FixedWindowLimiter({ max: 2, windowMs: 10_000, retryAfter: true }, () => now);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(true);
    const refused = limiter.hit('a');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(10);
    expect(limiter.hit('b').allowed).toBe(true);
    now += 4_500;
    expect(limiter.hit('a').retryAfterSeconds).toBe(6);
    now += 6_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('restarts counting when reconfigured', () => {
    const limiter = new FixedWindowLimiter({ max: 1, windowMs: 1_000, retryAfter: false }, () => 0);
    limiter.hit('a');
    expect(limiter.hit('a').allowed).toBe(false);
    limiter.configure({ max: 5, windowMs: 1_000, retryAfter: false });
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.current.max).toBe(5);
  });
});
