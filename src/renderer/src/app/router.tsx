import { createHashRouter, replace, type RouteObject } from 'react-router';
import { paths, patterns } from '../routing/paths';
import { childPath } from '../studio/feature-module';
import { App, REDIRECT_ONLY } from './App';
import { featureModules } from './modules';
import { PageCrash } from './PageCrash';

/**
 * A page of the frame: the crash page as its error element, so a crash in one page leaves the
 * frame and the other pages working, and an empty busy page while the window's first page loads
 * its code, so the frame and its navigation are drawn (and usable) before it is in.
 */
const framed = (route: RouteObject): RouteObject => ({
  ...route,
  errorElement: <PageCrash />,
  hydrateFallbackElement: <div className="page-loading" aria-busy="true" />,
});

/**
 * Where the opening address (and an unknown one) goes: Create, in place of the address it came
 * from. A loader's redirect, not a rendered <Navigate>: it belongs to its navigation, so an address
 * the artist (or a link) chose meanwhile wins. In place, so the bare address leaves no history
 * entry of its own: a page chosen before the redirect was done is one Back away from Create.
 */
const toCreate = { loader: () => replace(paths.create()), element: null, handle: REDIRECT_ONLY };

/** The route table: the frame around every page, and each feature's pages. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <App />,
    errorElement: <PageCrash />,
    children: [
      framed({ index: true, ...toCreate }),
      ...featureModules.flatMap((module) => module.routes.map(framed)),
      // The UI kit's reference page, for the people building screens; not in the navigation.
      framed({ path: childPath(patterns.kit), lazy: () => import('../ui/KitShowcase').then((page) => ({ Component: page.KitShowcase })) }),
      // An address from an older version, or mistyped: open Create rather than nothing.
      framed({ path: '*', ...toCreate }),
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
