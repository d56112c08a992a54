import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
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

/** The app's routes with Create's page code held back until `release` is called, as on a slow first load. */
function withCreateHeld(): { routes: RouteObject[]; release: () => void } {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const [frame] = appRoutes;
  const children = (frame?.children ?? []).map((route): RouteObject => {
    const lazy = route.lazy;
    if (route.path !== 'create' || typeof lazy !== 'function') return route;
    return { ...route, lazy: () => held.then(() => lazy()) };
  });
  return { routes: [{ ...frame, children } as RouteObject], release };
}

const heading = (): string | null | undefined => page?.container.querySelector('h1')?.textContent;
const navLinks = (): string[] => [...(page?.container.querySelectorAll('nav a') ?? [])].map((link) => link.textContent);

describe('the frame while the first page loads', () => {
  it("shows the navigation before the first page's code is in, then the page", async () => {
    const { routes, release } = withCreateHeld();
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    page = await renderNode(<RouterProvider router={router} />);
    await settle();
    expect(navLinks()).toEqual(['Create', 'Gallery', 'Timeline', 'Account', 'Settings']);
    expect(page.container.querySelector('main [aria-busy="true"]')).not.toBeNull();
    expect(heading()).toBeUndefined();
    release();
    await untilIdle(router);
    expect(heading()).toBe('Create');
  });

  it('keeps Back and Forward in step after a page is chosen before the first one was drawn', async () => {
    const { routes, release } = withCreateHeld();
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    page = await renderNode(<RouterProvider router={router} />);
    await settle(() => void router.navigate('/gallery'));
    await untilIdle(router);
    expect(heading()).toBe('Gallery');
    await settle(() => void router.navigate('/settings'));
    await untilIdle(router);
    release();
    for (const [step, expected] of [
      [-1, 'Gallery'],
      [-1, 'Create'],
      [1, 'Gallery'],
      [1, 'Settings'],
    ] as const) {
      await settle(() => void router.navigate(step));
      await untilIdle(router);
      expect(heading()).toBe(expected);
    }
  });
});
