import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { WINDOW_RESOURCES } from '../../src/renderer/src/i18n';
import { plainWords, PSEUDO_LOCALE, pseudoTree } from '../../src/shared/i18n/pseudo-locale';
import { renderRoutes, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

studioPerFile();
let page: Rendered | undefined;

/**
 * Words a page may show as they are: the product's and models' names, the demo gateway's model ids
 * (`lumen-video-1`), file formats and units, a key's name, and each language named in itself in the
 * language picker ("English", "简体中文").
 * Anything else left unaccented came from code rather than the locale files.
 */
const NOT_WORDS = new Set(['Atelier', 'Image', 'Vid', 'Pro', 'VIP', 'PNG', 'JPEG', 'png', 'jpeg', 'webp', 'gif', 'px', 'Ctrl', 'English', '中文', '简体中文']);

/** Folder paths (the library folder), media types (`image/png`) and the demo gateway's model ids are data, not words. */
const PATHS = /(?:^|\s)\/[^\s]*|\b[a-z]+\/[\w.+-]+|\blumen-[a-z]+-\d+/g;

/** Everything a person reads or hears on a page: its text and the labels of its controls. */
function readable(root: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent?.closest('script, style, [aria-hidden="true"], textarea, input, .mono') === null) texts.push(node.textContent ?? '');
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'title']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts;
}

const plainOn = (root: HTMLElement): string[] =>
  [...new Set(readable(root).flatMap((text) => plainWords(text.replace(PATHS, ' '))))].filter((word) => !NOT_WORDS.has(word)).sort();

beforeEach(async () => {
  i18next.addResourceBundle(PSEUDO_LOCALE, 'translation', pseudoTree(WINDOW_RESOURCES.en), true, true);
  await i18next.changeLanguage(PSEUDO_LOCALE);
});
afterEach(async () => {
  page?.unmount();
  await i18next.changeLanguage('en');
});

describe('the window in a language made up from English', () => {
  it('shows the Create page with no English or Chinese word left', async () => {
    page = await renderRoutes(appRoutes, '/create');
    await until(() => expect(page?.container.querySelector('.model-trigger-name')?.textContent).toMatch(/Îṁåĝé|Image/));
    expect(plainOn(page.container)).toEqual([]);
  });

  it('shows the Gallery with no English or Chinese word left', async () => {
    page = await renderRoutes(appRoutes, '/gallery');
    await until(() => expect(page?.container.textContent ?? '').not.toBe(''));
    expect(plainOn(page.container)).toEqual([]);
  });

  it('shows Settings with no English or Chinese word left', async () => {
    page = await renderRoutes(appRoutes, '/settings');
    await until(() => expect(page?.container.textContent ?? '').not.toBe(''));
    expect(plainOn(page.container)).toEqual([]);
  });
});
