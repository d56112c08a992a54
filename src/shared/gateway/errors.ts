import { z } from 'zod';
import { isRecord, lenient, optCode, optString } from './lenient';

/** `{"error": {"message", "type", "param", "code"}}` of relay endpoints; `code` string, number or empty. */
const relayErrorBodySchema = z.looseObject({
  error: z.union([
    z.looseObject({ message: optString, type: optString, param: lenient(z.unknown()), code: optCode }),
    z.string().transform((message) => ({ message, type: undefined, param: undefined, code: undefined })),
  ]),
});

/** `{"type": "error", "error": {"type", "message"}}` of `/v1/messages`. */
const messagesErrorBodySchema = z.looseObject({
  type: z.literal('error'),
  error: z.looseObject({ type: optString, message: optString }),
});

/** `{"success": false, "message"}` of balance and token endpoints (often with HTTP 200). */
const accountFailureBodySchema = z.looseObject({
  success: z.literal(false),
  message: optString,
});

/** `{"code", "message", "data"}` of task endpoints. */
const taskErrorBodySchema = z.looseObject({
  code: optCode,
  message: optString,
  data: lenient(z.unknown()),
});

/** Which of the known error body shapes a response had. */
export type GatewayErrorShape = 'relay' | 'messages' | 'task' | 'account200' | 'text' | 'empty' | 'unknown';

/** Cases the studio recognises and can summarise in the user's language. */
export type GatewayErrorCase =
  | 'unauthorized'
  | 'rate_limited'
  | 'insufficient_quota'
  | 'model_not_found'
  | 'access_denied'
  | 'prompt_blocked'
  | 'task_not_found'
  | 'token_not_found'
  | 'user_not_found'
  | 'usage_query_failed'
  | 'token_name_too_long'
  | 'token_create_failed'
  | 'bad_request'
  | 'server_error';

/** One error answer of the gateway, whatever its shape. */
export interface GatewayErrorBody {
  /** The gateway's own text (often Chinese), or a generic text built from the HTTP status. */
  message: string;
  code: string | undefined;
  type: string | undefined;
  shape: GatewayErrorShape;
  /** A recognised case, for a translated summary; undefined when nothing is known. */
  knownCase: GatewayErrorCase | undefined;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** `HTTP 429 Too Many Requests`, for answers that carry no text of their own. */
function httpStatusMessage(status: number): string {
  const text = STATUS_TEXT[status];
  return text === undefined ? `HTTP ${status}` : `HTTP ${status} ${text}`;
}

const MAX_TEXT_MESSAGE = 300;

function textMessage(status: number, text: string): string {
  // HTML error pages of proxies: keep the readable words only.
  const plain = text.startsWith('<') ? text.replace(/<[^>]*>/g, ' ') : text;
  const collapsed = plain.replace(/\s+/g, ' ').trim();
  if (collapsed === '') return httpStatusMessage(status);
  return collapsed.length > MAX_TEXT_MESSAGE ? `${collapsed.slice(0, MAX_TEXT_MESSAGE)}…` : collapsed;
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type ShapedError = Omit<GatewayErrorBody, 'knownCase'>;

function shapeOf(status: number, body: Record<string, unknown>): ShapedError {
  const fallback = httpStatusMessage(status);
  const messages = messagesErrorBodySchema.safeParse(body);
  if (messages.success) {
    const { error } = messages.data;
    return { message: error.message || fallback, code: undefined, type: error.type, shape: 'messages' };
  }
  const relay = relayErrorBodySchema.safeParse(body);
  if (relay.success) {
    const { error } = relay.data;
    return { message: error.message || error.code || fallback, code: error.code, type: error.type, shape: 'relay' };
  }
  const account = accountFailureBodySchema.safeParse(body);
  if (account.success) {
    return { message: account.data.message || fallback, code: undefined, type: undefined, shape: 'account200' };
  }
  if ('code' in body && ('message' in body || 'data' in body)) {
    const task = taskErrorBodySchema.safeParse(body);
    if (task.success) {
      const { code, message } = task.data;
      return { message: message || code || fallback, code, type: undefined, shape: 'task' };
    }
  }
  const loose = body.message ?? body.detail ?? body.msg;
  const message = typeof loose === 'string' && loose !== '' ? loose : textMessage(status, JSON.stringify(body));
  return { message, code: undefined, type: undefined, shape: 'unknown' };
}

/** Message fragments of the interface's Chinese errors and of common relay texts. */
const MESSAGE_CASES: readonly [RegExp, GatewayErrorCase][] = [
  [/获取令牌信息失败/, 'token_not_found'],
  [/获取用户额度失败/, 'user_not_found'],
  [/获取已使用额度失败/, 'usage_query_failed'],
  [/令牌名称过长/, 'token_name_too_long'],
  [/生成令牌失败/, 'token_create_failed'],
  [/请求过于频繁|rate limit|too many requests/i, 'rate_limited'],
  [/无 ?Authorization|authentication|unauthori[sz]ed|invalid (api )?key|无效的令牌/i, 'unauthorized'],
  [/额度不足|quota is not enough|insufficient.*quota/i, 'insufficient_quota'],
  [/敏感词|sensitive|prompt.*blocked/i, 'prompt_blocked'],
  [/task.*not.*exist|任务不存在/i, 'task_not_found'],
];

const CODE_CASES: Readonly<Record<string, GatewayErrorCase>> = {
  insufficient_user_quota: 'insufficient_quota',
  insufficient_quota: 'insufficient_quota',
  model_not_found: 'model_not_found',
  access_denied: 'access_denied',
  prompt_blocked: 'prompt_blocked',
  sensitive_words_detected: 'prompt_blocked',
  task_not_exist: 'task_not_found',
  rate_limit_exceeded: 'rate_limited',
  invalid_api_key: 'unauthorized',
};

function knownCaseOf(status: number, error: ShapedError): GatewayErrorCase | undefined {
  const byCode = error.code === undefined ? undefined : CODE_CASES[error.code];
  if (byCode) return byCode;
  const byMessage = MESSAGE_CASES.find(([pattern]) => pattern.test(error.message))?.[1];
  if (byMessage) return byMessage;
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 403) return 'access_denied';
  if (status === 400 || status === 422) return 'bad_request';
  if (status >= 500) return 'server_error';
  return undefined;
}

/**
 * Normalises an error answer of any endpoint. `body` is the parsed JSON, the raw text (JSON text
 * is parsed here), or undefined/empty. Never throws.
 */
export function parseGatewayErrorBody(status: number, body: unknown): GatewayErrorBody {
  let value = body;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') value = undefined;
    else {
      const json = parseJsonText(text);
      value = json === undefined ? text : json;
    }
  }
  let shaped: ShapedError;
  if (value === undefined || value === null) {
    shaped = { message: httpStatusMessage(status), code: undefined, type: undefined, shape: 'empty' };
  } else if (typeof value === 'string') {
    shaped = { message: textMessage(status, value), code: undefined, type: undefined, shape: 'text' };
  } else if (isRecord(value)) {
    shaped = shapeOf(status, value);
  } else {
    shaped = { message: textMessage(status, JSON.stringify(value)), code: undefined, type: undefined, shape: 'unknown' };
  }
  return { ...shaped, knownCase: knownCaseOf(status, shaped) };
}

/** True for an HTTP-200 answer of a balance or token endpoint that actually reports a failure. */
export function isAccountFailure(body: unknown): boolean {
  return accountFailureBodySchema.safeParse(body).success;
}
