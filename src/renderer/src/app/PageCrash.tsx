import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../ui';
import './PageCrash.css';

/**
 * What a page shows when it crashes (react-router's error element for each page): the rest of the
 * frame keeps working, the person learns what happened and can reload. Never a blank window.
 */
export function PageCrash() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <div className="page page-readable">
      <div className="crash" role="alert">
        <TriangleAlert aria-hidden="true" size={28} className="crash-icon" />
        <h1 tabIndex={-1}>{t('crash.title')}</h1>
        <p>{t('crash.body')}</p>
        {detail && (
          <p className="crash-detail">
            {t('crash.detail')} <code>{detail}</code>
          </p>
        )}
        <div>
          <Button variant="primary" icon={RotateCw} onClick={() => window.location.reload()}>
            {t('crash.reload')}
          </Button>
        </div>
      </div>
    </div>
  );
}
