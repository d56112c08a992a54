import { useTranslation } from 'react-i18next';
import type { DesktopInfo, DesktopPreferences } from '../../../../../shared/contract';
import { Select, Switch } from '../../../ui';

interface DesktopFormProps {
  preferences: DesktopPreferences;
  keyProtection: DesktopInfo['keyProtection'];
  /** Whether closing leaves a tray icon; where the desktop shows none, the window is minimised instead. */
  tray: boolean;
  /** A choice applies at once; the owner persists it. */
  onChange: (patch: Partial<DesktopPreferences>) => void;
}

/** The desktop app's own choices: what closing the window does while jobs run, and where API keys are kept. */
export function DesktopForm({ preferences, keyProtection, tray, onChange }: DesktopFormProps) {
  const { t } = useTranslation();
  const weak = keyProtection === 'weak';
  return (
    <section className="settings-section" aria-labelledby="desktop-heading">
      <h2 id="desktop-heading">{t('desktop.heading')}</h2>
      <Select
        label={t('desktop.closeWhileRunning')}
        value={preferences.closeWhileRunning}
        onChange={(closeWhileRunning) => onChange({ closeWhileRunning })}
        options={[
          { value: 'keep-running', label: t(tray ? 'desktop.keepRunning' : 'desktop.keepRunningMinimised') },
          { value: 'quit', label: t('desktop.quit') },
        ]}
      />
      {weak && (
        <p role="note" className="caution">
          {t('desktop.weakKey')}
        </p>
      )}
      {/* Offered where the keyring is weak; kept visible while on, so it can be turned off again. */}
      {(weak || preferences.sessionOnlyKeys) && (
        <Switch
          label={t('desktop.sessionOnly')}
          help={t('desktop.sessionOnlyHelp')}
          checked={preferences.sessionOnlyKeys}
          onChange={(sessionOnlyKeys) => onChange({ sessionOnlyKeys })}
        />
      )}
    </section>
  );
}
