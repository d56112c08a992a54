import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';

interface BrowserSessionsFormProps {
  /** Ends every other browser's session; resolves to how many ended, or null when it failed. */
  onSignOutOthers: () => Promise<number | null>;
}

/** Web mode: browsers holding a session of this studio, and a way to end all but this one. */
export function BrowserSessionsForm({ onSignOutOthers }: BrowserSessionsFormProps) {
  const { t } = useTranslation();
  const [signedOut, setSignedOut] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const signOut = (): void => {
    setBusy(true);
    void onSignOutOthers().then((count) => {
      setBusy(false);
      setSignedOut(count);
    });
  };
  return (
    <section className="settings-section" aria-labelledby="browser-sessions-heading">
      <h2 id="browser-sessions-heading">{t('browserSessions.heading')}</h2>
      <p className="section-lead">{t('browserSessions.lead')}</p>
      <div className="form-actions">
        <Button busy={busy} onClick={signOut}>
          {t('browserSessions.signOutOthers')}
        </Button>
      </div>
      {signedOut !== null && (
        <p role="status" className="notice">
          {t('browserSessions.signedOut', { count: signedOut })}
        </p>
      )}
    </section>
  );
}
