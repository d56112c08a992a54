/**
 * Text bound for the terminal web mode runs in. The terminal is the one channel that is surely the
 * person at this computer, so nothing from a browser or the gateway may reach it raw: escape
 * sequences could move the cursor, rewrite a line or hide one, and invisible or look-alike
 * characters could make one path read as another.
 */

/**
 * Characters that can pass for others or for nothing: controls, format characters (bidirectional
 * overrides, zero widths), private and unassigned code points, every space but the plain one,
 * line and paragraph separators, look-alike slashes, backslashes and dots, and combining
 * overlays that draw a slash through the letter before them.
 */
const OVERLAYS = ['\u0334', '\u0335', '\u0336', '\u0337', '\u0338', '\u20d2', '\u20d3', '\u20d4', '\u20d5', '\u20d6', '\u20e5', '\u20eb'];
const DECEPTIVE = new RegExp(
  `[\\p{Cc}\\p{Cf}\\p{Co}\\p{Cs}\\p{Cn}\\p{Zl}\\p{Zp}]|[^\\S ]|[\u2044\u2215\u2571\u27cb\u29f8\uff0f\u2216\u29f5\u29f9\ufe68\uff3c\u2024\uff0e]|${OVERLAYS.join('|')}`,
  'u',
);
const DECEPTIVE_ALL = new RegExp(DECEPTIVE.source, 'gu');

/** True when `text` holds a character that could make it read as something it is not. */
export function hasDeceptiveCharacters(text: string): boolean {
  return DECEPTIVE.test(text);
}

/**
 * `text` with every deceptive character written as a visible `\u{…}` escape (backslashes doubled
 * first). `lines` keeps line breaks as they are, for text of several lines (a stack trace).
 */
export function escapeForTerminal(text: string, options: { lines?: boolean } = {}): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(DECEPTIVE_ALL, (char) => (options.lines === true && char === '\n' ? char : `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`));
}
