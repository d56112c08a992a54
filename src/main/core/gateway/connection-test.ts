/**
 * "Test connection": one request for the model list, without retries, and what its outcome means
 * for the person setting the gateway up (address not found, refused, TLS, too slow, wrong key,
 * wrong base path). The same causes word every gateway failure the window shows.
 */
import { isConnectionCause, type ConnectionCause, type ConnectionTest } from '../../../shared/contract';
import { GatewayError } from './gateway-error';
import { GatewayHttp } from './http';
import type { NetworkSettings } from './network';
import { transportCode } from './normalise-error';

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** Why a gateway failure happened, where the cause is one a person can fix; undefined otherwise. */
export function connectionCauseOf(error: GatewayError): ConnectionCause | undefined {
  if (error.kind === 'timeout') return 'timeout';
  if (error.kind === 'unreachable' || error.kind === 'connection') {
    const code = transportCode(error.cause);
    if (code === undefined) return 'unreachable';
    if (NOT_FOUND_CODES.has(code)) return 'address_not_found';
    if (code === 'ECONNREFUSED') return 'refused';
    if (TLS_CODE.test(code)) return 'tls';
    if (TIMEOUT_CODES.has(code)) return 'timeout';
    return 'unreachable';
  }
  if (error.knownCase === 'unauthorized' || error.knownCase === 'token_not_found' || error.status === 401) return 'wrong_key';
  // A page that is not a gateway's (a web site's 404, an HTML answer): the base path is wrong.
  if ((error.kind === 'http' && error.status === 404 && error.knownCase === undefined) || error.kind === 'malformed') return 'wrong_base_path';
  return undefined;
}

export interface ConnectionTestOptions {
  network?: NetworkSettings;
  /** Connect and answer timeouts of the test (a person is waiting for it). */
  timeoutMs?: number;
}

/** Asks `baseUrl` for its models with `apiKey`, once, and says what came of it. */
export async function testConnection(baseUrl: string, apiKey: string, options: ConnectionTestOptions = {}): Promise<ConnectionTest> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const http = new GatewayHttp({
    baseUrl,
    apiKey,
    retry: { maxAttempts: 1 },
    timeouts: { connectMs: timeoutMs, headersMs: timeoutMs, bodyMs: timeoutMs },
    ...(options.network === undefined ? {} : { network: options.network }),
  });
  try {
    const answer = await http.requestJson({ method: 'GET', path: '/v1/models', query: { type: 'all' }, retry: 'none' });
    const data = (answer.body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) return { ok: false, cause: 'wrong_base_path', status: answer.status, models: null, detail: http.excerpt(answer.body) };
    return { ok: true, cause: null, status: answer.status, models: data.length, detail: null };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const cause = connectionCauseOf(error) ?? 'gateway_error';
    const code = error.kind === 'http' ? error.gatewayMessage : (transportCode(error.cause) ?? error.gatewayMessage);
    return { ok: false, cause: isConnectionCause(cause) ? cause : 'gateway_error', status: error.status ?? null, models: null, detail: code ?? null };
  } finally {
    await http.close();
  }
}
