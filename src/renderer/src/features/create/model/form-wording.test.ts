import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeForm, NOTICE_CODES, PROBLEM_CODES, variantById, type RequestNotice } from '../../../../../shared/catalog';
import { WINDOW_RESOURCES } from '../../../i18n';
import { wordIssue, wordNotice } from './form-wording';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: WINDOW_RESOURCES.en }, 'zh-CN': { translation: WINDOW_RESOURCES['zh-CN'] } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
});

const entry = variantById('video.clip-v3-omni');
if (!entry) throw new Error('catalog');
const description = describeForm(entry);

describe('the words of the request check', () => {
  it('has words in both languages for every reason the catalog can give', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const t = i18n.getFixedT(locale);
      for (const code of PROBLEM_CODES) {
        const text = wordIssue(t, { code, params: {} }, description);
        expect(text, `${locale} ${code}`).not.toBe(`requestChecks.problems.${code}`);
        expect(text.trim(), `${locale} ${code}`).not.toBe('');
      }
      for (const code of NOTICE_CODES.filter((notice) => notice !== 'declared')) {
        const notice: RequestNotice = { code, field: 'aspect_ratio', params: {} };
        expect(wordNotice(t, notice, description), `${locale} ${code}`).not.toMatch(/^requestChecks\./);
      }
    }
  });

  it('names fields by their labels and keeps a variant’s own note as it wrote it', () => {
    const t = i18n.getFixedT('zh-CN');
    expect(wordIssue(t, { code: 'exclusive', params: { other: 'audio' } }, description)).toBe('不能与「音频」同时使用');
    const note = 'plainWords.promptLong';
    expect(wordNotice(t, { code: 'declared', field: '', params: {}, note }, description)).toBe('支持长提示词。');
  });
});
