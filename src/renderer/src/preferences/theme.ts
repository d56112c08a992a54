import type { Settings } from '../../../shared/contract';

export type ResolvedTheme = 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';

/** 'system' follows the operating system's colour scheme; an explicit choice wins. */
export function resolveTheme(setting: Settings['theme'], systemPrefersDark: boolean): ResolvedTheme {
  if (setting !== 'system') return setting;
  return systemPrefersDark ? 'dark' : 'light';
}

/** Whether the system asks for dark colours right now. */
export function systemPrefersDark(): boolean {
  return window.matchMedia(darkQuery).matches;
}

/** Puts the theme on `:root[data-theme]`, where the CSS variables of each palette live. */
export function applyTheme(theme: ResolvedTheme): void {
  document.documentElement.dataset.theme = theme;
}

/** Calls back whenever the system colour scheme changes. Returns a function that stops listening. */
export function watchSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
