import { describe, expect, it } from 'vitest';
import type { GatewayErrorBody, GatewayErrorCase } from './errors';
import { isAccountFailure, parseGatewayErrorBody } from './errors';
import { LOCALE_IDS, sharedTranslator } from '../i18n/locales';
import { ERROR_CASE_RETRY_LATER, gatewayCaseWords } from './error-cases';

interface Case {
  name: string;
  status: number;
  body: unknown;
  expected: GatewayErrorBody;
}

const cases: Case[] = [
  {
    name: 'relay shape with string code (insufficient quota)',
    status: 403,
    body: { error: { message: '用户额度不足', type: 'new_api_error', param: '', code: 'insufficient_user_quota' } },
    expected: { message: '用户额度不足', code: 'insufficient_user_quota', type: 'new_api_error', shape: 'relay', knownCase: 'insufficient_quota' },
  },
  {
    name: 'relay shape with numeric code',
    status: 400,
    body: { error: { message: 'bad size', type: 'invalid_request_error', code: 400 } },
    expected: { message: 'bad size', code: '400', type: 'invalid_request_error', shape: 'relay', knownCase: 'bad_request' },
  },
  {
    name: 'relay shape with empty code and no model channel',
    status: 503,
    body: { error: { message: 'no available channel for model x under group default', type: 'new_api_error', code: '' } },
    expected: {
      message: 'no available channel for model x under group default',
      code: undefined,
      type: 'new_api_error',
      shape: 'relay',
      knownCase: 'server_error',
    },
  },
  {
    name: 'relay shape with model_not_found code',
    status: 503,
    body: { error: { message: 'model not found', code: 'model_not_found' } },
    expected: { message: 'model not found', code: 'model_not_found', type: undefined, shape: 'relay', knownCase: 'model_not_found' },
  },
  {
    name: 'relay shape given as JSON text',
    status: 401,
    body: '{"error":{"message":"无效的令牌","type":"new_api_error","code":"access_denied"}}',
    expected: { message: '无效的令牌', code: 'access_denied', type: 'new_api_error', shape: 'relay', knownCase: 'access_denied' },
  },
  {
    name: 'relay shape where error is a string',
    status: 429,
    body: { error: '请求过于频繁' },
    expected: { message: '请求过于频繁', code: undefined, type: undefined, shape: 'relay', knownCase: 'rate_limited' },
  },
  {
    name: 'messages shape',
    status: 400,
    body: { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } },
    expected: { message: 'max_tokens: Field required', code: undefined, type: 'invalid_request_error', shape: 'messages', knownCase: 'bad_request' },
  },
  {
    name: 'messages shape, rate limit',
    status: 429,
    body: { type: 'error', error: { type: 'rate_limit_error', message: 'rate exceeded' } },
    expected: { message: 'rate exceeded', code: undefined, type: 'rate_limit_error', shape: 'messages', knownCase: 'rate_limited' },
  },
  {
    name: 'task shape (unknown task id)',
    status: 400,
    body: { code: 'task_not_exist', message: 'task_not_exist', data: null },
    expected: { message: 'task_not_exist', code: 'task_not_exist', type: undefined, shape: 'task', knownCase: 'task_not_found' },
  },
  {
    name: 'task shape with sensitive words',
    status: 400,
    body: { code: 'sensitive_words_detected', message: '提示词包含敏感词', data: {} },
    expected: { message: '提示词包含敏感词', code: 'sensitive_words_detected', type: undefined, shape: 'task', knownCase: 'prompt_blocked' },
  },
  {
    name: 'account failure with HTTP 200: token missing',
    status: 200,
    body: { success: false, message: '获取令牌信息失败' },
    expected: { message: '获取令牌信息失败', code: undefined, type: undefined, shape: 'account200', knownCase: 'token_not_found' },
  },
  {
    name: 'account failure with HTTP 200: user missing',
    status: 200,
    body: { success: false, message: '获取用户额度失败' },
    expected: { message: '获取用户额度失败', code: undefined, type: undefined, shape: 'account200', knownCase: 'user_not_found' },
  },
  {
    name: 'account failure with HTTP 200: used quota query failed',
    status: 200,
    body: { success: false, message: '获取已使用额度失败' },
    expected: { message: '获取已使用额度失败', code: undefined, type: undefined, shape: 'account200', knownCase: 'usage_query_failed' },
  },
  {
    name: 'account failure with HTTP 200: token name too long',
    status: 200,
    body: { success: false, message: '令牌名称过长' },
    expected: { message: '令牌名称过长', code: undefined, type: undefined, shape: 'account200', knownCase: 'token_name_too_long' },
  },
  {
    name: 'account failure with HTTP 200: token creation failed',
    status: 200,
    body: { success: false, message: '生成令牌失败' },
    expected: { message: '生成令牌失败', code: undefined, type: undefined, shape: 'account200', knownCase: 'token_create_failed' },
  },
  {
    name: 'account failure 401: missing header',
    status: 401,
    body: { success: false, message: '无 Authorization 头' },
    expected: { message: '无 Authorization 头', code: undefined, type: undefined, shape: 'account200', knownCase: 'unauthorized' },
  },
  {
    name: 'plain text body',
    status: 502,
    body: 'upstream connect error',
    expected: { message: 'upstream connect error', code: undefined, type: undefined, shape: 'text', knownCase: 'server_error' },
  },
  {
    name: 'HTML error page',
    status: 504,
    body: '<html><head><title>504 Gateway Time-out</title></head><body><h1>504 Gateway Time-out</h1></body></html>',
    expected: { message: '504 Gateway Time-out 504 Gateway Time-out', code: undefined, type: undefined, shape: 'text', knownCase: 'server_error' },
  },
  {
    name: 'empty body',
    status: 429,
    body: '',
    expected: { message: 'HTTP 429 Too Many Requests', code: undefined, type: undefined, shape: 'empty', knownCase: 'rate_limited' },
  },
  {
    name: 'no body at all',
    status: 500,
    body: undefined,
    expected: { message: 'HTTP 500 Internal Server Error', code: undefined, type: undefined, shape: 'empty', knownCase: 'server_error' },
  },
  {
    name: 'unknown JSON with detail',
    status: 422,
    body: { detail: 'Base64 images are not accepted' },
    expected: { message: 'Base64 images are not accepted', code: undefined, type: undefined, shape: 'unknown', knownCase: 'bad_request' },
  },
  {
    name: 'unknown JSON without any text',
    status: 418,
    body: { weird: true },
    expected: { message: '{"weird":true}', code: undefined, type: undefined, shape: 'unknown', knownCase: undefined },
  },
  {
    name: 'relay error with empty message falls back to the code',
    status: 403,
    body: { error: { message: '', code: 'access_denied' } },
    expected: { message: 'access_denied', code: 'access_denied', type: undefined, shape: 'relay', knownCase: 'access_denied' },
  },
];

describe('parseGatewayErrorBody', () => {
  it.each(cases)('$name', ({ status, body, expected }) => {
    expect(parseGatewayErrorBody(status, body)).toEqual(expected);
  });

  it('has a summary in every language for every known case', () => {
    for (const language of LOCALE_IDS) {
      const t = sharedTranslator(language);
      for (const knownCase of Object.keys(ERROR_CASE_RETRY_LATER) as GatewayErrorCase[]) {
        expect(t(gatewayCaseWords(knownCase)), `${language} ${knownCase}`).not.toBe(gatewayCaseWords(knownCase));
      }
    }
  });

  it('recognises HTTP-200 account failures', () => {
    expect(isAccountFailure({ success: false, message: '获取令牌信息失败' })).toBe(true);
    expect(isAccountFailure({ success: true, remain_credits: 10 })).toBe(false);
  });
});
