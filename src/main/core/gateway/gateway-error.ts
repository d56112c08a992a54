import { failureKindWords, gatewayCaseWords, type GatewayFailureKind } from '../../../shared/gateway/error-cases';
import { inEnglish } from '../../../shared/i18n/locales';
import type { GatewayErrorCase, GatewayErrorShape } from '../../../shared/gateway/errors';

/** What went wrong, at the level the app reacts to. */
export type GatewayErrorKind = GatewayFailureKind;

/** The body shape an error came in: the shapes of `parseGatewayErrorBody`, plus malformed bodies and no body at all. */
export type GatewayErrorBodyShape = GatewayErrorShape | 'malformed' | 'none';

export interface GatewayErrorInit {
  kind: GatewayErrorKind;
  method: string;
  path: string;
  status?: number | undefined;
  gatewayMessage?: string | undefined;
  code?: string | undefined;
  type?: string | undefined;
  shape?: GatewayErrorBodyShape;
  knownCase?: GatewayErrorCase | undefined;
  retryable: boolean;
  mayHaveReachedServer: boolean;
  outcomeUnknown: boolean;
  retryAfterMs?: number | undefined;
  attempts?: number;
  /** English summary for kinds the app describes itself (transport failures). */
  summary?: string;
  /** An excerpt of a 2xx answer the client could not read (bounded, without secrets). */
  rawAnswer?: string | undefined;
  cause?: unknown;
}

/**
 * The one error type of the gateway client. Every failure (HTTP error answers of every shape,
 * HTTP-200 account failures, transport problems, unreadable bodies) arrives as this, with the
 * gateway's own text (never containing the key) and a short English summary.
 */
export class GatewayError extends Error {
  readonly kind: GatewayErrorKind;
  readonly method: string;
  /** Request path without the query, e.g. `/v1/balance`. */
  readonly path: string;
  /** HTTP status, or undefined when no answer arrived. */
  readonly status: number | undefined;
  /** The gateway's own text (often Chinese), redacted. */
  readonly gatewayMessage: string | undefined;
  /** The gateway's machine code (`insufficient_user_quota`, `model_not_found`, ...). */
  readonly code: string | undefined;
  /** The gateway's error `type`, when given. */
  readonly type: string | undefined;
  readonly shape: GatewayErrorBodyShape;
  /** A case the app recognises (`unauthorized`, `rate_limited`, ...). */
  readonly knownCase: GatewayErrorCase | undefined;
  /** Short English summary, e.g. "The API key is missing or invalid." */
  readonly summary: string;
  /** Whether trying again later, unchanged, may succeed. */
  readonly retryable: boolean;
  /** Whether the request may have reached the gateway (false only when it provably did not). */
  readonly mayHaveReachedServer: boolean;
  /**
   * True when the request may have reached the gateway but no definite answer was read, so the
   * gateway may have done (and charged for) the work. A definite error answer is not unknown.
   */
  readonly outcomeUnknown: boolean;
  /** The wait the gateway asked for (`Retry-After`), in ms. */
  readonly retryAfterMs: number | undefined;
  /** Attempts made, including retries. */
  readonly attempts: number;
  /** An excerpt of a 2xx answer the client could not read (bounded, without secrets), so the user sees what came back. */
  readonly rawAnswer: string | undefined;

  constructor(init: GatewayErrorInit) {
    const summary = init.summary ?? inEnglish(init.knownCase ? gatewayCaseWords(init.knownCase) : failureKindWords(init.kind));
    super(describe(summary, init), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'GatewayError';
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.gatewayMessage = init.gatewayMessage;
    this.code = init.code;
    this.type = init.type;
    this.shape = init.shape ?? 'none';
    this.knownCase = init.knownCase;
    this.summary = summary;
    this.retryable = init.retryable;
    this.mayHaveReachedServer = init.mayHaveReachedServer;
    this.outcomeUnknown = init.outcomeUnknown;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
    this.rawAnswer = init.rawAnswer;
  }

  /** A copy with the attempt count filled in (the request path counts attempts). */
  withAttempts(attempts: number): GatewayError {
    return new GatewayError({ ...this.init(), attempts });
  }

  /** Plain data for logs (no stack, no key); the renderer gets the reason, parameters and gateway's words instead. */
  toDetails(): Record<string, unknown> {
    return {
      kind: this.kind,
      status: this.status,
      gatewayMessage: this.gatewayMessage,
      code: this.code,
      knownCase: this.knownCase,
      summary: this.summary,
      retryable: this.retryable,
      mayHaveReachedServer: this.mayHaveReachedServer,
      outcomeUnknown: this.outcomeUnknown,
      retryAfterMs: this.retryAfterMs,
      endpoint: `${this.method} ${this.path}`,
    };
  }

  private init(): GatewayErrorInit {
    return {
      kind: this.kind,
      method: this.method,
      path: this.path,
      status: this.status,
      gatewayMessage: this.gatewayMessage,
      code: this.code,
      type: this.type,
      shape: this.shape,
      knownCase: this.knownCase,
      retryable: this.retryable,
      mayHaveReachedServer: this.mayHaveReachedServer,
      outcomeUnknown: this.outcomeUnknown,
      retryAfterMs: this.retryAfterMs,
      attempts: this.attempts,
      summary: this.summary,
      rawAnswer: this.rawAnswer,
      cause: this.cause,
    };
  }
}

function describe(summary: string, init: GatewayErrorInit): string {
  const where = `${init.method} ${init.path}`;
  const status = init.status === undefined ? '' : `HTTP ${init.status}, `;
  const text = init.gatewayMessage ? ` Gateway said: ${init.gatewayMessage}` : '';
  return `${summary}${text} (${status}${where})`;
}

/**
 * True when the gateway refused a request because of the key itself: spent (403
 * `该令牌额度已用尽`), expired or disabled (401), unknown, or not allowed. Another key of the same
 * account, or the same key once topped up or replaced, may be answered.
 */
export function refusedForTheKey(error: unknown): error is GatewayError {
  if (!(error instanceof GatewayError)) return false;
  if (error.status === 401) return true;
  if (error.status !== 403) return false;
  const cases: readonly (GatewayErrorCase | undefined)[] = ['insufficient_quota', 'access_denied', 'unauthorized', 'token_not_found'];
  return cases.includes(error.knownCase) || /额度|令牌|quota/i.test(error.gatewayMessage ?? '');
}
