/**
 * What a failed submission means for its job. A generation POST costs money, so the rule is:
 * resend only when the gateway provably did not take the work (nothing left this machine, or a
 * definite refusal such as 429); when it may have taken it (no readable answer, or a server error
 * that may have come after the task was created), the job is `unknown`.
 */
import { GatewayError } from '../gateway/gateway-error';
import { InvalidRequestError } from '../gateway/invalid-request';

export type SubmitDecision =
  /** The gateway refused for good (or the request is invalid): the job fails with this message. */
  | { action: 'fail'; code: string; message: string }
  /** Provably not taken: back to the queue after `delayMs`. `rateLimited` slows the whole queue. */
  | { action: 'retry'; code: string; message: string; delayMs: number; rateLimited: boolean }
  /** It may have reached the gateway and been charged: never resent without the user (or a reconciliation). */
  | { action: 'unknown'; code: string; message: string }
  /** Out of credits: the job waits in the queue and its batch stops until the user acts. */
  | { action: 'out-of-credits'; code: string; message: string };

export interface RetryLimits {
  /** Submission attempts before a retryable refusal becomes a failure. */
  maxAttempts: number;
  /** Attempts allowed when the refusals were 429s or the gateway was unreachable (they pass; they are not the job's fault). */
  maxRateLimitedAttempts: number;
  /** Backoff of the first retry; doubles per attempt up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_LIMITS: RetryLimits = { maxAttempts: 5, maxRateLimitedAttempts: 30, baseDelayMs: 2_000, maxDelayMs: 60_000 };

/** Exponential backoff with equal jitter for the `attempt`-th retry (1-based). */
export function retryDelay(attempt: number, limits: Pick<RetryLimits, 'baseDelayMs' | 'maxDelayMs'>, random: () => number = Math.random): number {
  const ceiling = Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Classifies the error of the `attempts`-th submission of a job (attempts counts this one).
 * Anything that is not a typed refusal is treated as "may have reached the gateway".
 */
export function classifySubmitError(error: unknown, attempts: number, limits: RetryLimits = DEFAULT_RETRY_LIMITS, random?: () => number): SubmitDecision {
  if (error instanceof InvalidRequestError) return { action: 'fail', code: 'invalid_request', message: error.message };
  if (!(error instanceof GatewayError)) {
    const text = error instanceof Error ? error.message : String(error);
    return { action: 'unknown', code: 'unexpected', message: `The submission ended with an unexpected error (${text}); it may have reached the gateway.` };
  }
  if (error.kind === 'canceled' && !error.mayHaveReachedServer) {
    return { action: 'retry', code: 'canceled', message: 'The submission was stopped before it was sent.', delayMs: 0, rateLimited: false };
  }
  // A server error may come after the gateway created (and charged for) the task: never resent blindly.
  const serverError = error.kind === 'http' && error.status !== undefined && error.status >= 500 && error.knownCase !== 'model_not_found';
  if (error.outcomeUnknown || serverError || (error.mayHaveReachedServer && error.status === undefined)) {
    return {
      action: 'unknown',
      code: error.kind === 'canceled' ? 'interrupted' : serverError ? 'server_error_unknown' : 'outcome_unknown',
      message: `${error.message} The gateway may have accepted (and charged for) this job; it was not sent again.`,
    };
  }
  if (!error.mayHaveReachedServer) {
    // The gateway cannot be reached at all: a state of the connection, not of this job. The whole
    // queue waits (as after a 429), with the larger allowance, so an outage is ridden out.
    if (attempts >= limits.maxRateLimitedAttempts) {
      return { action: 'fail', code: 'unreachable', message: `${error.message} Gave up after ${attempts} attempts.` };
    }
    return {
      action: 'retry',
      code: 'unreachable',
      message: error.message,
      delayMs: error.retryAfterMs ?? retryDelay(attempts, limits, random),
      rateLimited: true,
    };
  }
  if (error.status === 429) {
    if (attempts >= limits.maxRateLimitedAttempts) return { action: 'fail', code: 'rate_limited', message: error.message };
    return {
      action: 'retry',
      code: 'rate_limited',
      message: error.message,
      delayMs: error.retryAfterMs ?? retryDelay(attempts, limits, random),
      rateLimited: true,
    };
  }
  if (error.knownCase === 'insufficient_quota') return { action: 'out-of-credits', code: 'insufficient_quota', message: error.message };
  if (error.retryable) return retryOrFail(error, attempts, limits, random, error.knownCase ?? 'server_error');
  return { action: 'fail', code: error.knownCase ?? error.code ?? `http_${error.status ?? 0}`, message: error.message };
}

function retryOrFail(error: GatewayError, attempts: number, limits: RetryLimits, random: (() => number) | undefined, code: string): SubmitDecision {
  if (attempts >= limits.maxAttempts) {
    return { action: 'fail', code, message: `${error.message} Gave up after ${attempts} attempts.` };
  }
  return { action: 'retry', code, message: error.message, delayMs: error.retryAfterMs ?? retryDelay(attempts, limits, random), rateLimited: false };
}
