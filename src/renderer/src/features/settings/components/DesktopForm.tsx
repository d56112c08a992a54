import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { closeWhileRunningSchema, type DesktopInfo, type DesktopPreferences } from '../../../../shared/contract';

interface DesktopFormProps {
  preferences: DesktopPreferences;
  keyProtection: DesktopInfo['keyProtection'];
  onChange: (patch: Partial<DesktopPreferences>) => void;
}

/** The desktop app's own choices: what closing the window does while jobs run, and where API keys are kept. */
export function DesktopForm({ preferences, keyProtection, onChange }: DesktopFormProps) {
  const { t } = useTranslation();
  const closeId = useId();
  const sessionId = useId();
  const weak = keyProtection === 'weak';
  return (
    <section className="settings-section" aria-labelledby="desktop-heading">
      <h2 id="desktop-heading">{t('desktop.heading')}</h2>
      <div className="field">
        <label htmlFor={closeId}>{t('desktop.closeWhileRunning')}</label>
        <select
          id={closeId}
          value={preferences.closeWhileRunning}
          onChange={(event) => onChange({ closeWhileRunning: closeWhileRunningSchema.parse(event.target.value) })}
        >
          <option value="keep-running">{t('desktop.keepRunning')}</option>
          <option value="quit">{t('desktop.quit')}</option>
        </select>
      </div>
      {weak && (
        <p role="note" className="caution">
          {t('desktop.weakKey')}
        </p>
      )}
      {(weak || preferences.sessionOnlyKeys) && (
        <div className="field field-checkbox">
          <input
            id={sessionId}
            type="checkbox"
            checked={preferences.sessionOnlyKeys}
            onChange={(event) => onChange({ sessionOnlyKeys: event.target.checked })}
          />
          <label htmlFor={sessionId}>{t('desktop.sessionOnly')}</label>
        </div>
      )}
    </section>
  );
}
