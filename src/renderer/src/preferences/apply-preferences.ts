import type { Settings } from '../../../shared/contract';
import { resolveLanguage, switchLanguage } from '../i18n';
import { useSettingsStore } from '../entities/settings-store';
import { applyTheme, resolveTheme, systemPrefersDark, watchSystemTheme } from './theme';

/** What the page shows before main has answered: the system's language and colours. */
const beforeLoad: Pick<Settings, 'language' | 'theme'> = { language: 'system', theme: 'system' };

function apply(): void {
  const settings = useSettingsStore.getState().settings ?? beforeLoad;
  applyTheme(resolveTheme(settings.theme, systemPrefersDark()));
  void switchLanguage(resolveLanguage(settings.language, navigator.language));
}

/**
 * Applies language and theme whenever the settings change (a choice takes effect at once),
 * and follows the system when either is 'system'. Returns a function that stops it.
 */
export function startPreferenceEffects(): () => void {
  apply();
  const stopStore = useSettingsStore.subscribe((state, previous) => {
    if (state.settings?.language !== previous.settings?.language || state.settings?.theme !== previous.settings?.theme) apply();
  });
  const stopTheme = watchSystemTheme(apply);
  window.addEventListener('languagechange', apply);
  return () => {
    stopStore();
    stopTheme();
    window.removeEventListener('languagechange', apply);
  };
}
