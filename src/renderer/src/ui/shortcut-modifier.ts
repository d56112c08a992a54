/** What the platform's command key is called in shortcut hints: ⌘ on Apple systems, Ctrl elsewhere. */
export function shortcutModifier(platformOrUserAgent: string): '⌘' | 'Ctrl' {
  return /\b(mac|iphone|ipad|ipod)/i.test(platformOrUserAgent) ? '⌘' : 'Ctrl';
}

/** The modifier of the machine the window runs on (Chromium's platform hint, else the user agent). */
export function localShortcutModifier(): '⌘' | 'Ctrl' {
  const nav = navigator as Navigator & { userAgentData?: { platform: string } };
  return shortcutModifier(nav.userAgentData?.platform ?? nav.userAgent);
}
