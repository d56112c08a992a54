import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStudioClient } from '../../shared/contract/client';
import { App } from './containers/App';
import { initI18n, resolveLanguage } from './i18n';
import { loadStudio, subscribeToMainEvents } from './main-events';
import { startPreferenceEffects } from './preferences/apply-preferences';
import { startHashRouting } from './stores/navigation-store';
import { connectStudio } from './studio-client';
import { pickTransport } from './transport/pick-transport';
import './styles/theme.css';
import './styles/app.css';
import './styles/settings.css';

async function start(): Promise<void> {
  const client = createStudioClient(pickTransport());
  connectStudio(client);
  await initI18n(resolveLanguage('system', navigator.language));
  startPreferenceEffects();
  subscribeToMainEvents(client);
  startHashRouting();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  await loadStudio();
}

void start();
