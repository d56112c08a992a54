/**
 * A made-up language built from English, for tests: every letter accented and every text wrapped
 * in ⟦…⟧, placeholders kept. A page shown in it has no plain English or Chinese word left unless
 * some text skipped the locale files.
 */
import type { ResourceTree } from './translate';

/** The pseudo-locale's language tag (the one Android and Chromium use for accented English). */
export const PSEUDO_LOCALE = 'en-XA';

const PLAIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ACCENTED = Array.from('ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŦÛṼŴẊÝŽåƀçðéƒĝĥîĵķļṁñöþǫŕšŧûṽŵẋýž');

function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[PLAIN.indexOf(letter)] ?? letter);
}

/** One text in the pseudo-locale; `{{placeholders}}` stay as they are so values still fill in. */
export function pseudoText(text: string): string {
  const parts = text.split(/(\{\{\s*\w+\s*\}\})/);
  return `⟦${parts.map((part, i) => (i % 2 === 1 ? part : accent(part))).join('')}⟧`;
}

/** A whole resource tree in the pseudo-locale. */
export function pseudoTree<T extends ResourceTree>(tree: T): T {
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? pseudoText(value) : pseudoTree(value)])) as T;
}

/** Plain words left in a visible text: runs of unaccented Latin letters, and any Chinese. */
export function plainWords(text: string): string[] {
  return text.match(/[A-Za-z]{2,}|[\u4e00-\u9fff]+/g) ?? [];
}
