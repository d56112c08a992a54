import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { AccountPage } from '../features/account/AccountPage';
import { CreatePage } from '../features/create/CreatePage';
import { GalleryPage } from '../features/gallery/GalleryPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { TimelinePage } from '../features/timeline/TimelinePage';
import { KitShowcase } from '../ui/KitShowcase';
import { App } from './App';
import { PageCrash } from './PageCrash';
import { paths, patterns } from './routes';

/** Relative form of a pattern, for a child route of the frame. */
const child = (pattern: string): string => pattern.replace(/^\//, '');

/**
 * The route table: the frame around every page, and each page with its own error element, so a
 * crash in one page leaves the frame and the other pages working.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <App />,
    errorElement: <PageCrash />,
    children: [
      { index: true, element: <Navigate to={paths.create()} replace /> },
      { path: child(patterns.create), element: <CreatePage />, errorElement: <PageCrash /> },
      { path: child(patterns.gallery), element: <GalleryPage />, errorElement: <PageCrash /> },
      { path: child(patterns.asset), element: <GalleryPage />, errorElement: <PageCrash /> },
      { path: child(patterns.compare), element: <GalleryPage />, errorElement: <PageCrash /> },
      { path: child(patterns.timeline), element: <TimelinePage />, errorElement: <PageCrash /> },
      { path: child(patterns.batch), element: <TimelinePage />, errorElement: <PageCrash /> },
      { path: child(patterns.account), element: <AccountPage />, errorElement: <PageCrash /> },
      { path: child(patterns.settings), element: <SettingsPage />, errorElement: <PageCrash /> },
      // The UI kit's reference page, for the people building screens; not in the navigation.
      { path: child(patterns.kit), element: <KitShowcase />, errorElement: <PageCrash /> },
      // An address from an older version, or mistyped: open Create rather than nothing.
      { path: '*', element: <Navigate to={paths.create()} replace /> },
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
