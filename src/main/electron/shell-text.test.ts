import { describe, expect, it } from 'vitest';
import { shellLanguage, shellText } from './shell-text';

/** The shape of a text table: every key, nested, with functions named as such. */
function shape(value: unknown): unknown {
  if (typeof value === 'function') return 'function';
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

describe('the texts the shell shows itself', () => {
  it('follow the studio language, and the system locale when it says "system"', () => {
    expect(shellLanguage('zh-CN', 'en-US')).toBe('zh-CN');
    expect(shellLanguage('en', 'zh-CN')).toBe('en');
    expect(shellLanguage('system', 'zh-TW')).toBe('zh-CN');
    expect(shellLanguage('system', 'de-DE')).toBe('en');
    expect(shellLanguage(undefined, 'zh')).toBe('zh-CN');
  });

  it('exist in English and Chinese alike', () => {
    expect(shape(shellText('zh-CN'))).toEqual(shape(shellText('en')));
    const zh = shellText('zh-CN');
    expect(zh.menu.settings).not.toBe(shellText('en').menu.settings);
    expect(zh.batchFinished('猫', 3, 1).body).toBe('完成 3 个，失败 1 个。');
  });

  it('count in the singular and the plural', () => {
    const en = shellText('en');
    expect(en.tray.tooltip(0)).toBe('Atelier');
    expect(en.tray.tooltip(1)).toBe('Atelier: 1 job running');
    expect(en.background.body(2)).toMatch(/^2 jobs are still running/);
    expect(en.batchFinished('Cats', 1, 0)).toEqual({ title: '“Cats” is finished', body: '1 result is in the library.' });
  });
});
