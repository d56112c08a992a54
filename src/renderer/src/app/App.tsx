import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAlertStore } from '../errors/alert-store';
import { ErrorAlert } from '../errors/ErrorAlert';
import { ToastRegion } from '../ui';
import { useAppInfoStore } from '../entities/app-info-store';
import { SlotsProvider } from '../studio/slots';
import { DemoBanner } from './DemoBanner';
import { featureModules } from './modules';
import { NavBar } from './NavBar';

/** The frame: brand and navigation on the left, the banner slot, the alert and the current page. */
export function App() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const info = useAppInfoStore((s) => s.info);
  const error = useAlertStore((s) => s.error);
  const dismiss = useAlertStore((s) => s.dismiss);
  const mainRef = useRef<HTMLElement>(null);
  const firstPage = useRef(true);

  // After moving to another page, put the focus on its title so keyboard and screen reader users start there.
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [pathname]);

  return (
    <div className="app">
      <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
        {t('app.skipToContent')}
      </button>
      <header className="app-rail">
        <p className="app-name">
          <span className="app-mark" aria-hidden="true" />
          <span>{info?.name ?? t('app.name')}</span>
        </p>
        <NavBar />
        {info && !info.demoMode && (
          <p className="rail-gateway" title={info.gatewayUrl}>
            {t('gateway.connectedTo', { url: info.gatewayUrl })}
          </p>
        )}
      </header>
      <div className="app-column">
        {info?.demoMode && <DemoBanner />}
        <main className="app-main" ref={mainRef} tabIndex={-1}>
          <ErrorAlert error={error} onDismiss={dismiss} />
          <SlotsProvider modules={featureModules}>
            <Outlet />
          </SlotsProvider>
        </main>
      </div>
      <ToastRegion />
    </div>
  );
}
