import { afterEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { App } from '../../src/renderer/src/app/App';
import { PageCrash } from '../../src/renderer/src/app/PageCrash';
import { appRoutes } from '../../src/renderer/src/app/router';
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage';
import { button, renderRoutes, settle, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

studioPerFile();
let page: Rendered | undefined;

afterEach(() => {
  page?.unmount();
});

function Broken(): never {
  throw new Error('the canvas lost its context');
}

/** The app's frame with one page that crashes while rendering, beside a working one. */
const routesWithBrokenPage: RouteObject[] = [
  {
    path: '/',
    element: <App />,
    children: [
      { path: 'gallery', element: <Broken />, errorElement: <PageCrash /> },
      { path: 'settings', element: <SettingsPage />, errorElement: <PageCrash /> },
    ],
  },
];

describe('a page that crashes', () => {
  it('shows what happened and a reload button inside the frame, and the other pages keep working', async () => {
    // React reports the caught error on the console; that is expected here.
    const quiet = console.error;
    console.error = () => undefined;
    try {
      const rendered = await renderRoutes(routesWithBrokenPage, '/gallery');
      page = rendered;
      const alert = rendered.container.querySelector('[role="alert"]');
      expect(alert?.querySelector('h1')?.textContent).toBe('This page stopped working');
      expect(alert?.textContent).toContain('the canvas lost its context');
      expect(button(rendered.container, 'Reload')).toBeTruthy();
      expect(rendered.container.querySelectorAll('nav a')).toHaveLength(5);

      await settle(() => void rendered.router.navigate('/settings'));
      expect(rendered.container.querySelector('h1')?.textContent).toBe('Settings');
    } finally {
      console.error = quiet;
    }
  });

  it('is caught per page: every page of the app has its own error element', () => {
    const pages = appRoutes[0]?.children?.filter((route) => route.path !== undefined && route.path !== '*') ?? [];
    expect(pages.map((route) => route.path)).toEqual([
      'create',
      'gallery',
      'gallery/asset/:assetId',
      'gallery/compare/:batchId',
      'gallery/compare',
      'timeline',
      'timeline/batch/:batchId',
      'account',
      'settings',
      'kit',
    ]);
    for (const route of pages) expect(route.errorElement, route.path).toBeTruthy();
  });
});
