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
    'zh-CN': '账户或密钥的额度不足。',
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
