import type { GatewayErrorCase } from './errors';

/** A short summary of a recognised gateway error, shown beside the gateway's own text. */
export interface ErrorCaseSummary {
  en: string;
  'zh-CN': string;
  /** True when trying again later can succeed without any change by the user. */
  retryLater: boolean;
}

export const ERROR_CASE_SUMMARIES: Readonly<Record<GatewayErrorCase, ErrorCaseSummary>> = {
  unauthorized: {
    en: 'The API key is missing or invalid. Check the key in the gateway settings.',
    'zh-CN': 'API 密钥缺失或无效。请在网关设置中检查密钥。',
    retryLater: false,
  },
  rate_limited: {
    en: 'Too many requests. The studio will slow down and retry.',
    'zh-CN': '请求过于频繁。工作室会放慢速度并重试。',
    retryLater: true,
  },
  insufficient_quota: {
    en: 'Not enough credits on this account or key.',
    'zh-CN': '账户或密钥的积分不足。',
    retryLater: false,
  },
  model_not_found: {
    en: 'The gateway has no channel for this model in your group.',
    'zh-CN': '网关在您的分组中没有该模型的可用渠道。',
    retryLater: false,
  },
  access_denied: {
    en: 'This key is not allowed to do that (model restriction or permissions).',
    'zh-CN': '该密钥无权执行此操作(模型限制或权限)。',
    retryLater: false,
  },
  prompt_blocked: {
    en: 'The prompt was blocked by the content filter. Rephrase it.',
    'zh-CN': '提示词被内容审核拦截,请修改后重试。',
    retryLater: false,
  },
  task_not_found: {
    en: 'The gateway does not know this task id.',
    'zh-CN': '网关找不到该任务 ID。',
    retryLater: false,
  },
  token_not_found: {
    en: 'The key does not exist or was deleted.',
    'zh-CN': '令牌不存在或已被删除。',
    retryLater: false,
  },
  user_not_found: {
    en: 'The user linked to this key does not exist.',
    'zh-CN': '与该令牌关联的用户不存在。',
    retryLater: false,
  },
  usage_query_failed: {
    en: 'The gateway could not read the used quota. Try again later.',
    'zh-CN': '网关无法查询已使用额度,请稍后重试。',
    retryLater: true,
  },
  token_name_too_long: {
    en: 'The key name is too long (at most 50 characters).',
    'zh-CN': '令牌名称过长(最多 50 个字符)。',
    retryLater: false,
  },
  token_create_failed: {
    en: 'The gateway could not create the key. Try again later.',
    'zh-CN': '网关生成令牌失败,请稍后重试。',
    retryLater: true,
  },
  bad_request: {
    en: 'The gateway rejected the request parameters.',
    'zh-CN': '网关拒绝了请求参数。',
    retryLater: false,
  },
  server_error: {
    en: 'The gateway had an internal problem. Try again later.',
    'zh-CN': '网关内部错误,请稍后重试。',
    retryLater: true,
  },
};

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

/** A summary per failure kind, for failures that match no known case. */
export const FAILURE_KIND_SUMMARIES: Readonly<Record<GatewayFailureKind, { en: string; 'zh-CN': string }>> = {
  http: { en: 'The gateway rejected the request.', 'zh-CN': '网关拒绝了请求。' },
  account: { en: 'The gateway reported a failure.', 'zh-CN': '网关报告了一个错误。' },
  unreachable: {
    en: 'Could not connect to the gateway. Check the address and your network.',
    'zh-CN': '无法连接到网关。请检查地址和网络。',
  },
  connection: { en: 'The connection to the gateway broke before an answer arrived.', 'zh-CN': '收到回复之前,与网关的连接中断了。' },
  timeout: { en: 'The gateway did not answer in time.', 'zh-CN': '网关没有及时回复。' },
  malformed: { en: 'The gateway sent an answer the studio cannot read.', 'zh-CN': '网关返回了工作室无法读取的内容。' },
  truncated: { en: 'The gateway answer was cut off.', 'zh-CN': '网关的回复被截断了。' },
  too_large: { en: 'The gateway answer is larger than the studio accepts.', 'zh-CN': '网关的回复超过了工作室可接受的大小。' },
  canceled: { en: 'The request was canceled.', 'zh-CN': '请求已取消。' },
};

export function isGatewayFailureKind(value: unknown): value is GatewayFailureKind {
  return typeof value === 'string' && Object.hasOwn(FAILURE_KIND_SUMMARIES, value);
}

export function isGatewayErrorCase(value: unknown): value is GatewayErrorCase {
  return typeof value === 'string' && Object.hasOwn(ERROR_CASE_SUMMARIES, value);
}
