import { describe, expect, it } from 'vitest';
import { GatewayError, type GatewayErrorInit } from '../gateway/gateway-error';
import { InvalidRequestError } from '../gateway/invalid-request';
import { classifySubmitError, DEFAULT_RETRY_LIMITS, retryDelay } from './outcome';

const fixed = (): number => 0.5;

function gatewayError(init: Partial<GatewayErrorInit>): GatewayError {
  return new GatewayError({
    kind: 'http',
    method: 'POST',
    path: '/v1/images/generations',
    retryable: false,
    mayHaveReachedServer: true,
    outcomeUnknown: false,
    ...init,
  });
}

describe('classifySubmitError', () => {
  it('fails a request refused locally', () => {
    const error = new InvalidRequestError('image.gen-image-2.task', [{ path: 'n', message: 'n: too many' }]);
    expect(classifySubmitError(error, 1)).toMatchObject({ action: 'fail', code: 'invalid_request' });
  });

  it('makes an answer lost after sending unknown, never a retry', () => {
    for (const init of [
      { kind: 'connection', retryable: true, outcomeUnknown: true },
      { kind: 'timeout', retryable: true, outcomeUnknown: true },
      { kind: 'malformed', status: 200, retryable: true, outcomeUnknown: true },
      { kind: 'http', status: 502, retryable: true, outcomeUnknown: true },
      { kind: 'canceled', mayHaveReachedServer: true },
    ] as const) {
      expect(classifySubmitError(gatewayError(init), 1).action, init.kind).toBe('unknown');
    }
    expect(classifySubmitError(new Error('boom'), 1)).toMatchObject({ action: 'unknown', code: 'unexpected' });
  });

  it('retries what provably did not reach the gateway, slowing the whole queue, with the larger allowance, then gives up', () => {
    const unreachable = gatewayError({ kind: 'unreachable', retryable: true, mayHaveReachedServer: false });
    expect(classifySubmitError(unreachable, 1, DEFAULT_RETRY_LIMITS, fixed)).toMatchObject({
      action: 'retry',
      code: 'unreachable',
      delayMs: 1500,
      rateLimited: true,
    });
    expect(classifySubmitError(unreachable, 5)).toMatchObject({ action: 'retry', rateLimited: true });
    const last = DEFAULT_RETRY_LIMITS.maxRateLimitedAttempts;
    expect(classifySubmitError(unreachable, last)).toMatchObject({
      action: 'fail',
      message: expect.stringMatching(new RegExp(`Gave up after ${last} attempts`)) as unknown,
    });
    const stopped = gatewayError({ kind: 'canceled', mayHaveReachedServer: false });
    expect(classifySubmitError(stopped, 1)).toMatchObject({ action: 'retry', delayMs: 0 });
  });

  it('waits out a 429 as the gateway asks, with a larger allowance of attempts', () => {
    const limited = gatewayError({ status: 429, retryable: true, retryAfterMs: 7000, knownCase: 'rate_limited' });
    expect(classifySubmitError(limited, 9)).toMatchObject({ action: 'retry', rateLimited: true, delayMs: 7000 });
    expect(classifySubmitError(limited, DEFAULT_RETRY_LIMITS.maxRateLimitedAttempts).action).toBe('fail');
  });

  it('never resends after a 500 or 503: the task may have been created (and charged) before the error', () => {
    for (const status of [500, 503, 502, 504]) {
      expect(classifySubmitError(gatewayError({ status, retryable: true }), 1), String(status)).toMatchObject({
        action: 'unknown',
        code: 'server_error_unknown',
      });
    }
  });

  it('retries a request timeout answer, fails a 4xx, a missing channel, and stops on exhausted credits', () => {
    expect(classifySubmitError(gatewayError({ status: 408, retryable: true }), 1).action).toBe('retry');
    expect(classifySubmitError(gatewayError({ status: 400, code: 'invalid_request' }), 1)).toMatchObject({ action: 'fail', code: 'invalid_request' });
    expect(classifySubmitError(gatewayError({ status: 503, knownCase: 'model_not_found' }), 1)).toMatchObject({ action: 'fail', code: 'model_not_found' });
    expect(classifySubmitError(gatewayError({ status: 403, knownCase: 'insufficient_quota' }), 1).action).toBe('out-of-credits');
  });
});

describe('retryDelay', () => {
  it('doubles up to the cap, with half of it jittered', () => {
    const limits = { baseDelayMs: 1000, maxDelayMs: 5000 };
    expect([1, 2, 3, 4].map((n) => retryDelay(n, limits, () => 0))).toEqual([500, 1000, 2000, 2500]);
    expect(retryDelay(1, limits, () => 1)).toBe(1000);
  });
});
