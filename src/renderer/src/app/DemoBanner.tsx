import { FlaskConical, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../routing/paths';
import { IconButton } from '../ui';
import './DemoBanner.css';

const DISMISSED = 'atelier.demo-banner.dismissed';

function dismissedThisSession(): boolean {
  try {
    return globalThis.sessionStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
}

/**
 * The frame's banner slot while the demo gateway answers: one line saying so, where a real one is
 * set up, and a close button that hides it for the rest of the session.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(dismissedThisSession);
  if (hidden) return null;
  const dismiss = (): void => {
    try {
      globalThis.sessionStorage.setItem(DISMISSED, '1');
    } catch {
      // Without storage it stays hidden until the next reload.
    }
    setHidden(true);
  };
  return (
    <aside className="frame-banner demo-banner" aria-label={t('gateway.bannerLabel')}>
      <FlaskConical aria-hidden="true" size={16} className="frame-banner-icon" />
      <span className="badge badge-warning">{t('gateway.demoBadge')}</span>
      <p className="demo-banner-text" title={t('gateway.demoExplanation')}>
        {t('gateway.demoShort')}
      </p>
      <Link to={paths.settings()} className="frame-banner-link">
        {t('gateway.setUp')}
      </Link>
      <IconButton size="sm" label={t('gateway.dismissBanner')} icon={X} onClick={dismiss} />
    </aside>
  );
}
