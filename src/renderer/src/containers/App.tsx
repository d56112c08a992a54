import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '../components/AppHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { NavBar } from '../components/NavBar';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { useAlertStore } from '../stores/alert-store';
import { useAppInfoStore } from '../stores/app-info-store';
import { useNavigationStore, type Page } from '../stores/navigation-store';
import { SettingsPage } from './SettingsPage';

function PageContent({ page }: { page: Page }) {
  return page === 'settings' ? <SettingsPage /> : <PlaceholderPage name={page} />;
}

/** The frame: header, navigation, the alert for failed calls, and the current page. */
export function App() {
  const { t } = useTranslation();
  const page = useNavigationStore((s) => s.page);
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
  }, [page]);

  return (
    <div className="app">
      <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
        {t('app.skipToContent')}
      </button>
      <AppHeader info={info} />
      <div className="app-body">
        <NavBar current={page} />
        <main className="app-main" ref={mainRef} tabIndex={-1}>
          <ErrorAlert error={error} onDismiss={dismiss} />
          <PageContent page={page} />
        </main>
      </div>
    </div>
  );
}
