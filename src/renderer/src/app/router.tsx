import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { paths, patterns } from '../routing/paths';
import { childPath } from '../studio/feature-module';
import { App } from './App';
import { featureModules } from './modules';
import { PageCrash } from './PageCrash';

/**
 * The route table: the frame around every page, and each feature's pages with the crash page as
 * their error element, so a crash in one page leaves the frame and the other pages working.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <App />,
    errorElement: <PageCrash />,
    // Shown only while the first page's code loads (a local file: a moment).
    hydrateFallbackElement: <div className="app-loading" aria-busy="true" />,
    children: [
      // Redirects are loaders, not rendered <Navigate>s: a loader's redirect belongs to its navigation, so an address
      // the artist (or a link) chose meanwhile wins, where a rendered one would fire later and send them back to Create.
      { index: true, loader: () => redirect(paths.create()), element: null },
      ...featureModules.flatMap((module) => module.routes.map((route): RouteObject => ({ ...route, errorElement: <PageCrash /> }))),
      // The UI kit's reference page, for the people building screens; not in the navigation.
      { path: childPath(patterns.kit), lazy: () => import('../ui/KitShowcase').then((page) => ({ Component: page.KitShowcase })), errorElement: <PageCrash /> },
      // An address from an older version, or mistyped: open Create rather than nothing.
      { path: '*', loader: () => redirect(paths.create()), element: null },
    ],
  },
];

/**
 * Routing in the hash (`#/gallery?kind=image`): the Electron window loads a custom protocol
 * (`atelier-app://studio/`) where only the hash can change without asking the shell for a file.
 */
export function createAppRouter() {
  return createHashRouter(appRoutes);
}
