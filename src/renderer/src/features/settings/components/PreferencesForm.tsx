import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../../shared/contract';
import { LOCALE_IDS, nativeNameOf } from '../../../../../shared/i18n/locales';
import { Select } from '../../../ui';

interface PreferencesFormProps {
  language: Settings['language'];
  theme: Settings['theme'];
  onLanguage: (language: Settings['language']) => void;
  onTheme: (theme: Settings['theme']) => void;
}

/** Language and theme; a choice applies at once (the owner persists it). */
export function PreferencesForm({ language, theme, onLanguage, onTheme }: PreferencesFormProps) {
  const { t } = useTranslation();
  return (
    <section className="settings-section">
      <h2>{t('preferences.heading')}</h2>
      <div className="field-row">
        <Select
          label={t('preferences.language')}
          value={language}
          onChange={onLanguage}
          options={[
            { value: 'system', label: t('preferences.system') },
            // Each language is named in itself, so it can be found whatever the current one is.
            ...LOCALE_IDS.map((code) => ({ value: code, label: nativeNameOf(code), lang: code })),
          ]}
        />
        <Select
          label={t('preferences.theme')}
          value={theme}
          onChange={onTheme}
          options={[
            { value: 'system', label: t('preferences.system') },
            { value: 'light', label: t('preferences.light') },
            { value: 'dark', label: t('preferences.dark') },
          ]}
        />
      </div>
    </section>
  );
}
