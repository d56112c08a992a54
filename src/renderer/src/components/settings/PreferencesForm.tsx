import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageSchema, themeSchema, type Settings } from '../../../../shared/contract';

interface PreferencesFormProps {
  language: Settings['language'];
  theme: Settings['theme'];
  onLanguage: (language: Settings['language']) => void;
  onTheme: (theme: Settings['theme']) => void;
}

/** Language and theme; a choice applies at once (the owner persists it). */
export function PreferencesForm({ language, theme, onLanguage, onTheme }: PreferencesFormProps) {
  const { t } = useTranslation();
  const languageId = useId();
  const themeId = useId();
  return (
    <section className="settings-section">
      <h2>{t('preferences.heading')}</h2>
      <div className="field-row">
        <div className="field">
          <label htmlFor={languageId}>{t('preferences.language')}</label>
          <select
            id={languageId}
            value={language}
            onChange={(event) => onLanguage(languageSchema.parse(event.target.value))}
          >
            <option value="system">{t('preferences.system')}</option>
            {/* Each language is named in itself, so it can be found whatever the current one is. */}
            <option value="en" lang="en">
              {t('preferences.english')}
            </option>
            <option value="zh-CN" lang="zh-CN">
              {t('preferences.chinese')}
            </option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={themeId}>{t('preferences.theme')}</label>
          <select id={themeId} value={theme} onChange={(event) => onTheme(themeSchema.parse(event.target.value))}>
            <option value="system">{t('preferences.system')}</option>
            <option value="light">{t('preferences.light')}</option>
            <option value="dark">{t('preferences.dark')}</option>
          </select>
        </div>
      </div>
    </section>
  );
}
