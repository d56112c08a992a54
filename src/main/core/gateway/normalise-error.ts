/**
 * Turns what the wire gives (error answers of every shape, HTTP-200 account failures, transport
 * exceptions) into `GatewayError`s. The body parsing itself is shared (`parseGatewayErrorBody`).
 */
import { ERROR_CASE_RETRY_LATER } from '../../../shared/gateway/error-cases';
import { parseGatewayErrorBody } from '../../../shared/gateway/errors';
import { GatewayError, type GatewayErrorKind } from './gateway-error';
import { redactSecrets } from './redact';

/** Where a failed request was: which request, and the secrets to keep out of the error. */
export interface RequestSite {
  method: string;
  path: string;
  secrets: readonly string[];
}

/**
 * Statuses a proxy in front of the gateway answers when it gave up waiting: the gateway behind
 * it may still have accepted (and charged for) the work.
 */
const PROXY_GAVE_UP = new Set([502, 504, 524]);

/**
 * Whether an error answer leaves open that the work was done: a proxy that gave up, or any server
 * error to a POST (the gateway may have created, and charged for, a task before failing). A
 * gateway that has no channel for the model (`model_not_found`) refused before doing anything.
 */
function mayHaveDoneTheWork(method: string, status: number, knownCase: string | undefined): boolean {
  if (PROXY_GAVE_UP.has(status)) return true;
  return method === 'POST' && status >= 500 && knownCase !== 'model_not_found';
}

/** A non-2xx answer, or a 2xx answer whose body reports a failure (`success: false`). */
export function errorFromAnswer(site: RequestSite, status: number, body: unknown, retryAfterMs: number | undefined): GatewayError {
  const parsed = parseGatewayErrorBody(status, body);
  const account = status < 300;
  const knownCase = parsed.knownCase;
  let retryable: boolean;
  if (account) retryable = knownCase ? ERROR_CASE_RETRY_LATER[knownCase] : false;
  else if (knownCase === 'model_not_found' || knownCase === 'insufficient_quota') retryable = false;
  else retryable = status === 408 || status === 425 || status === 429 || status >= 500;
  return new GatewayError({
    kind: account ? 'account' : 'http',
    method: site.method,
    path: site.path,
    status,
    gatewayMessage: redactSecrets(parsed.message, site.secrets),
    code: parsed.code,
    type: parsed.type,
    shape: parsed.shape,
    knownCase,
    retryable,
    mayHaveReachedServer: true,
    outcomeUnknown: !account && mayHaveDoneTheWork(site.method, status, knownCase),
    retryAfterMs,
  });
}

/**
 * A 2xx answer the client cannot use (not JSON, or not the record the endpoint promises);
 * `rawAnswer` is an excerpt of it (see raw-answer.ts) for the user.
 */
export function malformedAnswer(site: RequestSite, status: number, detail: string, cause?: unknown, rawAnswer?: string): GatewayError {
  return new GatewayError({
    kind: 'malformed',
    method: site.method,
    path: site.path,
    status,
    gatewayMessage: redactSecrets(detail, site.secrets),
    shape: 'malformed',
    retryable: true,
    mayHaveReachedServer: true,
    // The gateway said "OK" but we cannot read what it did, e.g. which task id it created.
    outcomeUnknown: true,
    rawAnswer,
    cause,
  });
}

/** An answer larger than the client accepts. */
export function answerTooLarge(site: RequestSite, status: number, limit: number): GatewayError {
  return new GatewayError({
    kind: 'too_large',
    method: site.method,
    path: site.path,
    status,
    gatewayMessage: `answer exceeds ${limit} bytes`,
    retryable: false,
    mayHaveReachedServer: true,
    outcomeUnknown: status < 300,
  });
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

/** The error code of a transport exception, looking through wrappers (`cause`, AggregateError). */
export function transportCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof record.code === 'string') return record.code;
  if (Array.isArray(record.errors) && record.errors.length > 0) return transportCode(record.errors[0]);
  if (record.cause !== undefined && record.cause !== error) return transportCode(record.cause);
  return undefined;
}

/** True when a transport failure proves the request never left this machine. */
export function provablyNotSent(error: unknown): boolean {
  const code = transportCode(error);
  return code !== undefined && (NOT_SENT_CODES.has(code) || TLS_CODE.test(code));
}

/**
 * A transport exception. `status` is set when the answer's headers had arrived (the failure
 * happened while reading the body); `canceled` when the caller's signal fired.
 */
export function errorFromTransport(site: RequestSite, error: unknown, options: { status?: number | undefined; canceled: boolean }): GatewayError {
  const code = transportCode(error);
  const raw = error instanceof Error ? error.message : String(error);
  const detail = redactSecrets(code ? `${code}: ${raw}` : raw, site.secrets);
  const notSent = provablyNotSent(error);
  const tls = code !== undefined && TLS_CODE.test(code);
  let kind: GatewayErrorKind;
  if (options.canceled) kind = 'canceled';
  else if (notSent) kind = 'unreachable';
  else if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') kind = 'timeout';
  else if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || options.status !== undefined) kind = 'truncated';
  else kind = 'connection';
  const reached = !notSent;
  return new GatewayError({
    kind,
    method: site.method,
    path: site.path,
    status: options.status,
    gatewayMessage: detail,
    shape: 'none',
    retryable: !options.canceled && !tls,
    mayHaveReachedServer: reached,
    // A broken answer to an error status is still an error; a broken success (or none) is unknown.
    outcomeUnknown: reached && (options.status === undefined || options.status < 300),
    ...(tls ? { summary: 'The gateway’s TLS certificate was not accepted. Check the address.' } : {}),
    cause: error,
  });
}
