import { create } from 'zustand';

/** The studio's pages, in navigation order. */
export const pages = ['create', 'gallery', 'timeline', 'account', 'settings'] as const;
export type Page = (typeof pages)[number];

const defaultPage: Page = 'create';

/** Reads the page from a location hash such as `#/settings`; anything unknown opens the default page. */
export function pageFromHash(hash: string): Page {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return (pages as readonly string[]).includes(name) ? (name as Page) : defaultPage;
}

/** The address of a page, for links (so they open in place, work with the keyboard and with Back). */
export function hashOf(page: Page): string {
  return `#/${page}`;
}

interface NavigationState {
  page: Page;
  /** Follows the address bar; set by the hash listener, so Back and Forward work. */
  arrived: (page: Page) => void;
}

export const useNavigationStore = create<NavigationState>()((set) => ({
  page: defaultPage,
  arrived: (page) => set({ page }),
}));

/** Keeps the navigation store in step with `location.hash`. Returns a function that stops it. */
export function startHashRouting(target: Window = window): () => void {
  const sync = (): void => useNavigationStore.getState().arrived(pageFromHash(target.location.hash));
  sync();
  target.addEventListener('hashchange', sync);
  return () => target.removeEventListener('hashchange', sync);
}
