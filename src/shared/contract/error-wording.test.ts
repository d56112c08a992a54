import { describe, expect, it } from 'vitest';
import { LOCALE_IDS, ENGLISH_TEXTS, sharedTranslator } from '../i18n/locales';
import { PSEUDO_LOCALE, pseudoTree } from '../i18n/pseudo-locale';
import { say, translatorFor } from '../i18n/translate';
import { codeWords, errorReasons, reasonWords, type ErrorReason } from './error-reasons';
import { errorCodes } from './errors';
import { errorFor } from './error-summary';
import { errorText, wordError, wordIssue } from './error-wording';
import { inputMessages } from './input-messages';

const sampleParams = {
  profile: 'Night studio',
  name: 'Night studio',
  route: 'x.y',
  variants: 'image.nope',
  detail: 'The CSV has no column "colour"',
  count: 2,
  problems: 'job 1 (GPT Image): n: too many',
  target: 'notes.png',
  status: 429,
  retryAfterSeconds: 7,
  case: 'rate_limited',
  kind: 'http',
};

describe('error reasons', () => {
  /** A value for every placeholder any reason's text names. */
  const everyParam = Object.fromEntries([...JSON.stringify(ENGLISH_TEXTS.reasons).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => [m[1] ?? '', '7']));
  const readers = [
    ...LOCALE_IDS.map((id) => [id, sharedTranslator(id)] as const),
    ['pseudo', translatorFor(pseudoTree(ENGLISH_TEXTS), PSEUDO_LOCALE)] as const,
  ];

  it.each(readers)('word every reason and every code in %s, with every parameter filled in', (_name, translate) => {
    const reasonTexts = Object.keys(errorReasons).flatMap((reason) =>
      [{ ...everyParam, ...sampleParams }, everyParam, { ...everyParam, insecure: true, tiers: '', refusal: 'not_found', problem: 'choice_single' }].map(
        (params) => say(reasonWords(reason as ErrorReason, params), translate),
      ),
    );
    const codeTexts = errorCodes.map((code) => say(codeWords(code), translate));
    for (const text of [...reasonTexts, ...codeTexts]) {
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/^reasons\.|undefined|null|\[object/);
      expect(text.replaceAll('{{column}}', '')).not.toMatch(/\{\{/);
    }
  });

  it('give each of the studio’s field messages its own key', () => {
    const keys = Object.values(inputMessages).map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('wordError', () => {
  it('words a reason from its parameters in the chosen language', () => {
    const error = errorFor('missing_api_key', { profile: 'Night studio' });
    expect(error.code).toBe('unauthorized');
    expect(wordError(error, 'en').summary).toBe('The profile "Night studio" has no API key yet. Add one in Settings.');
    expect(wordError(error, 'zh-CN').summary).toContain('“Night studio”还没有 API 密钥');
  });

  it('shows the gateway’s own text as it came, beside the explanation', () => {
    const error = { ...errorFor('gateway_quota'), gatewayMessage: '  该令牌额度已用尽 ' };
    const zh = wordError(error, 'zh-CN');
    expect(zh.summary).toMatch(/积分不足/);
    expect(zh.gatewayText).toBe('该令牌额度已用尽');
    expect(wordError(error, 'en').gatewayText).toBe('该令牌额度已用尽');
  });

  it('says how long to wait when the gateway asked for a pause', () => {
    expect(wordError(errorFor('gateway_rate_limited', { retryAfterSeconds: 7 }), 'en').summary).toMatch(/in 7 s/);
    expect(wordError(errorFor('gateway_rate_limited', { retryAfterSeconds: null }), 'zh-CN').summary).toMatch(/稍后再试/);
  });

  it('uses the recognised gateway case when there is one, the failure kind otherwise', () => {
    expect(wordError(errorFor('gateway_error', { case: 'model_not_found', kind: 'http' }), 'en').summary).toMatch(/no channel for this model/);
    expect(wordError(errorFor('gateway_error', { case: null, kind: 'timeout' }), 'zh-CN').summary).toBe('网关没有及时回复。');
  });

  it('says what the code means for an error with only a code, in either language', () => {
    const error = { code: 'not_found' as const, message: 'That thing went away.' };
    expect(wordError(error, 'en').summary).toBe('That item no longer exists.');
    expect(wordError(error, 'zh-CN').summary).toBe('该项目已不存在。');
  });

  it('words field issues: the studio’s own message translated, the validator’s limits generically', () => {
    const error = {
      ...errorFor('invalid_fields'),
      issues: [
        { path: ['name'], message: inputMessages.profileName.key, code: 'too_small', params: { minimum: 1, origin: 'string' } },
        { path: ['description'], message: 'Too small: expected string to have >=3 characters', code: 'too_small', params: { minimum: 3, origin: 'string' } },
        { path: ['metadata', 'n'], message: 'n: at most 4 images' },
      ],
    };
    expect(wordError(error, 'zh-CN').issues).toEqual([
      { path: 'name', text: '请为配置起个名字' },
      { path: 'description', text: '至少 3 个字符' },
      { path: 'metadata.n', text: 'n: at most 4 images' },
    ]);
    expect(wordError(error, 'en').issues.map((i) => i.text)).toEqual(['Give the profile a name', 'At least 3 characters', 'n: at most 4 images']);
  });

  it('wordIssue falls back on main’s text where it knows nothing better', () => {
    expect(wordIssue({ path: [], message: 'something odd', code: 'custom' }, 'zh-CN')).toBe('something odd');
  });
});

describe('errorText (the command line)', () => {
  it('puts the summary, each field and the gateway’s words on their own lines', () => {
    const error = {
      ...errorFor('invalid_request', { target: 'image.gen-image-2.task' }),
      issues: [{ path: ['n'], message: 'n: at most 4' }],
      gatewayMessage: '参数错误',
    };
    expect(errorText(error)).toBe('image.gen-image-2.task: refused before sending; nothing was sent or charged.\nn: n: at most 4\nGateway said: 参数错误');
  });
});
