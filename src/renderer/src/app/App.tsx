import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavigationType, Outlet, useLocation, useMatches, useNavigationType } from 'react-router';
import { useAlertStore } from '../errors/alert-store';
import { ErrorAlert } from '../errors/ErrorAlert';
import { ToastRegion } from '../ui';
import { useAppInfoStore } from '../entities/app-info-store';
import { SlotsProvider } from '../studio/slots';
import { DemoBanner } from './DemoBanner';
import { featureModules } from './modules';
import { NavBar } from './NavBar';

/** The `handle` of routes that only send the window elsewhere: no page is drawn for their address. */
export const REDIRECT_ONLY = 'redirect-only';

/** The frame: brand and navigation on the left, the banner slot, the alert and the current page. */
export function App() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const info = useAppInfoStore((s) => s.info);
  const error = useAlertStore((s) => s.error);
  const dismiss = useAlertStore((s) => s.dismiss);
  const navigationType = useNavigationType();
  const redirecting = useMatches().some((match) => match.handle === REDIRECT_ONLY);
  const mainRef = useRef<HTMLElement>(null);
  /** The address of the page drawn last; null before the first (the frame shows before the first page's code is in). */
  const shownPath = useRef<string | null>(null);

  // After moving to another page, put the focus on its title so keyboard and screen reader users start there. The window's
  // first page (where it opened, or where its opening redirect went) leaves the focus alone; a page the artist chose takes it.
  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = redirecting ? null : pathname;
    if (previous === pathname || (previous === null && navigationType !== NavigationType.Push)) return;
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [pathname, redirecting, navigationType]);

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
