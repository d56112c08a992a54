import type { TextKey } from '../i18n/translate';
import type { GatewayErrorCase } from './errors';

/**
 * Whether trying a recognised gateway error again later can succeed without any change by the
 * user. Its summary, shown beside the gateway's own text, is at `reasons.gatewayCases.<case>`.
 */
export const ERROR_CASE_RETRY_LATER: Readonly<Record<GatewayErrorCase, boolean>> = {
  unauthorized: false,
  rate_limited: true,
  insufficient_quota: false,
  model_not_found: false,
  access_denied: false,
  prompt_blocked: false,
  task_not_found: false,
  token_not_found: false,
  user_not_found: false,
  usage_query_failed: true,
  token_name_too_long: false,
  token_create_failed: true,
  bad_request: false,
  server_error: true,
};

/** The summary of a recognised gateway error. */
export function gatewayCaseWords(knownCase: GatewayErrorCase): TextKey {
  return `reasons.gatewayCases.${knownCase}`;
}

/** How a gateway request failed, at the level the app reacts to (see `GatewayError` in main). */
export type GatewayFailureKind =
  /** The gateway answered with a non-2xx status. */
  | 'http'
  /** An account endpoint answered HTTP 200 with `success: false` and a message. */
  | 'account'
  /** No connection could be made; the request never left this machine. */
  | 'unreachable'
  /** The connection broke after the request may have been sent. */
  | 'connection'
  /** No answer (headers, or the next body bytes) in time. */
  | 'timeout'
  /** A 2xx answer that is not JSON or not the expected record. */
  | 'malformed'
  /** The answer ended before its announced end. */
  | 'truncated'
  /** The answer is larger than the client accepts. */
  | 'too_large'
  /** The caller canceled (AbortSignal). */
  | 'canceled';

const FAILURE_KINDS: readonly GatewayFailureKind[] = [
  'http',
  'account',
  'unreachable',
  'connection',
  'timeout',
  'malformed',
  'truncated',
  'too_large',
  'canceled',
];

/** The summary of a failure that matches no known case, by how it failed. */
export function failureKindWords(kind: GatewayFailureKind): TextKey {
  return `reasons.failureKinds.${kind}`;
}

export function isGatewayFailureKind(value: unknown): value is GatewayFailureKind {
  return typeof value === 'string' && (FAILURE_KINDS as readonly string[]).includes(value);
}

export function isGatewayErrorCase(value: unknown): value is GatewayErrorCase {
  return typeof value === 'string' && Object.hasOwn(ERROR_CASE_RETRY_LATER, value);
}
