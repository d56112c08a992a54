import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../../shared/contract';

interface AppHeaderProps {
  /** Null until main has answered; the gateway line is left out until then. */
  info: AppInfo | null;
}

/** The studio's name and which gateway answers: a plain "Demo gateway" badge, or the real address. */
export function AppHeader({ info }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <p className="app-name">
        <span className="app-mark" aria-hidden="true" />
        {info?.name ?? t('app.name')}
      </p>
      {info && (
        <p className="gateway-status">
          {info.demoMode ? (
            <>
              <span className="badge badge-demo">{t('gateway.demoBadge')}</span>
              <span className="gateway-note">{t('gateway.demoExplanation')}</span>
            </>
          ) : (
            <span className="gateway-note">{t('gateway.connectedTo', { url: info.gatewayUrl })}</span>
          )}
        </p>
      )}
    </header>
  );
}
