import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '../../src/renderer/src/app/router';
import { renderNode, settle, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

studioPerFile();
let page: Rendered | undefined;
afterEach(() => page?.unmount());

/** The app's routes opened at `address`, with `meanwhile` run before the first render (as a hash change while the page loads). */
async function open(address: string, meanwhile: (router: ReturnType<typeof createMemoryRouter>) => void = () => undefined) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [address] });
  meanwhile(router);
  page = await renderNode(<RouterProvider router={router} />);
  await untilIdle(router);
  // A redirect rendered as an element fires only after its page was drawn: let it.
  await settle();
  await untilIdle(router);
  return router;
}

async function untilIdle(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  while (!router.state.initialized || router.state.navigation.state !== 'idle') await settle();
}

describe('the addresses the studio opens on', () => {
  it('sends the bare address and an unknown one to Create', async () => {
    expect((await open('/')).state.location.pathname).toBe('/create');
    page?.unmount();
    expect((await open('/from-an-older-version')).state.location.pathname).toBe('/create');
  });

  it('keeps an address chosen while the studio opens, rather than sending the artist back to Create', async () => {
    // The browser opens the launch address (the bare one) and the artist, or a bookmark, moves on at once.
    const router = await open('/', (opening) => void opening.navigate('/gallery'));
    expect(router.state.location.pathname).toBe('/gallery');
    expect(page?.container.querySelector('h1')?.textContent).toBe('Gallery');
  });
});
