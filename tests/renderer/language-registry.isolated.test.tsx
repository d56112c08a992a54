import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { useSettingsStore } from '../../src/renderer/src/entities/settings-store';
import { resolveLanguage, switchLanguage } from '../../src/renderer/src/i18n';
import { shellLanguage, shellText } from '../../src/main/electron/shell-text';
import { PSEUDO_LOCALE, pseudoText } from '../../src/shared/i18n/pseudo-locale';
import { choose, labelled, renderRoutes, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';
import type * as Registry from '../../src/shared/i18n/languages';

// A third language is its locale files and one line in LANGUAGES: here the pseudo-locale, made up
// from English's texts, is that one line, and nothing else of the studio is told about it.
vi.mock('../../src/shared/i18n/languages', async (importOriginal) => {
  const shipped = await importOriginal<typeof Registry>();
  const { pseudoTree, PSEUDO_LOCALE: code } = await import('../../src/shared/i18n/pseudo-locale');
  return { ...shipped, LANGUAGES: [...shipped.LANGUAGES, { code, texts: pseudoTree(shipped.LANGUAGES[0].texts) }] };
});

const studio = studioPerFile();
let page: Rendered | undefined;
afterEach(async () => {
  page?.unmount();
  await switchLanguage('en');
});

describe('a language registered in the one list of languages', () => {
  it('is offered in Settings, named in itself, and is stored and taken up by the window when chosen', async () => {
    page = await renderRoutes(appRoutes, '/settings');
    const picker = labelled(page.container, 'Language', HTMLSelectElement);
    const offered = [...picker.options].map((option) => [option.value, option.textContent, option.lang]);
    expect(offered).toContainEqual([PSEUDO_LOCALE, pseudoText('English'), PSEUDO_LOCALE]);

    await choose(picker, PSEUDO_LOCALE);
    await until(() => expect(useSettingsStore.getState().settings?.language).toBe(PSEUDO_LOCALE));
    const stored = await studio.main.studio.router.dispatch('settings.get', {});
    expect(stored).toMatchObject({ ok: true, value: { language: PSEUDO_LOCALE } });
    // What the window does on every change of the settings (`startPreferenceEffects`).
    const chosen = useSettingsStore.getState().settings?.language ?? 'system';
    await switchLanguage(resolveLanguage(chosen, 'en-US'));
    expect(document.documentElement.lang).toBe(PSEUDO_LOCALE);
    expect(i18next.t('reasons.lines.gatewaySaid', { text: 'x' })).toBe(pseudoText('Gateway said: {{text}}').replace('{{text}}', 'x'));
  });

  it('is used by main’s shell when the settings name it', () => {
    const text = shellText(shellLanguage(PSEUDO_LOCALE, 'en-US'));
    expect(text.menu.settings).toBe(pseudoText(shellText('en').menu.settings));
    // The system's locale still opens a shipped language of its family.
    expect(shellLanguage('system', 'en-US')).toBe('en');
  });
});
