import { describe, expect, it } from 'vitest';
import { ENGLISH_TEXTS } from '../../shared/i18n/locales';
import { plainWords, PSEUDO_LOCALE, pseudoTree } from '../../shared/i18n/pseudo-locale';
import { translatorFor } from '../../shared/i18n/translate';
import { trayMenuTemplate } from './menus';
import { shellLanguage, shellText, shellTextFrom, startupDialogText } from './shell-text';

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

describe('the shell in a language made up from English', () => {
  const pseudo = shellTextFrom(translatorFor(pseudoTree(ENGLISH_TEXTS), PSEUDO_LOCALE));
  const actions = { show: () => undefined, quit: () => undefined };

  /** Every text of the table: its strings, and what each of its functions says for sample values. */
  function allTexts(): string[] {
    const strings = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(strings) : [];
    const { tray, background, quitting, native, sandbox, startup } = pseudo;
    return [
      ...strings(pseudo),
      ...[0, 1, 3].flatMap((n) => [tray.tooltip(n), background.body(n), background.minimisedBody(n), quitting.submissions(n, 10), quitting.resume(n)]),
      ...[pseudo.batchFinished('', 3, 0), pseudo.batchFinished('', 2, 1), pseudo.updateReady('2'), pseudo.updateAvailable('2')].flatMap(strings),
      native.message({ kind: 'abi-mismatch', builtFor: 1, needs: 2, cause: '' }, false, ''),
      native.message({ kind: 'missing', cause: '' }, true, ''),
      sandbox.message('appimage'),
      sandbox.message('switch'),
      ...Object.values(startup.what).map((what) => what('')),
      startup.details('', '/'),
    ];
  }

  it('leaves no English or Chinese word in the tray menu, the application menu or a dialog', () => {
    const tray = trayMenuTemplate(pseudo, 3, actions).flatMap((item) => (item.label === undefined ? [] : [item.label]));
    expect(tray.length).toBeGreaterThan(2);
    expect(tray.flatMap(plainWords)).toEqual([]);
    expect(allTexts().flatMap(plainWords)).toEqual([]);
    expect(startupDialogText(pseudo.startup, { kind: 'database-locked', path: undefined, cause: '' }, undefined).message).toMatch(/^⟦/);
  });
});
