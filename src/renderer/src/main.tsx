// The tokens, the page's base and the frame come first: every component's own styles build on them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/frame.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createStudioClient } from '../../shared/contract/client';
import { loadStudio, subscribeToMainEvents } from './app/main-events';
import { featureModules } from './app/modules';
import { createAppRouter } from './app/router';
import { connectStudio } from './studio/studio-client';
import { connectThumbnails } from './studio/thumbnails';
import { loadErrorWording } from './errors/error-wording-loader';
import { initI18n, resolveLanguage } from './i18n';
import { startPreferenceEffects } from './preferences/apply-preferences';
import { pickThumbnails, pickTransport } from './transport/pick-transport';

async function start(): Promise<void> {
  const transport = pickTransport();
  const client = createStudioClient(transport);
  connectStudio(client);
  connectThumbnails(pickThumbnails(transport));
  await initI18n(resolveLanguage('system', navigator.language));
  startPreferenceEffects();
  const router = createAppRouter();
  subscribeToMainEvents(client, (to) => void router.navigate(to));

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  // The pages an artist goes to next get ready while the first one loads (the Gallery's first screen, say).
  for (const module of featureModules) module.warm?.();
  // Out of the entry to draw sooner, but loaded at once: an error to word may be that the studio is gone.
  void loadErrorWording();
  await loadStudio();
}

void start();
