import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../routing/paths';

/** The frame's banner slot: while the demo gateway answers, say so and point to where a real one is set up. */
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <aside className="frame-banner" aria-label={t('gateway.bannerLabel')}>
      <FlaskConical aria-hidden="true" size={18} className="frame-banner-icon" />
      <span className="badge badge-warning">{t('gateway.demoBadge')}</span>
      <p className="frame-banner-text">{t('gateway.demoExplanation')}</p>
      <Link to={paths.settings()} className="frame-banner-link">
        {t('gateway.setUp')}
      </Link>
    </aside>
  );
}
