import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadStudio } from '../../src/renderer/src/app/main-events';
import { appRoutes } from '../../src/renderer/src/app/router';
import { WINDOW_RESOURCES } from '../../src/renderer/src/i18n';
import { plainWords, PSEUDO_LOCALE, pseudoTree } from '../../src/shared/i18n/pseudo-locale';
import { button, click, field, renderRoutes, settle, type, until, type Rendered } from './dom';
import { fakeLayout, realLayout } from './fake-layout';
import { studioPerFile } from './studio-harness';

const studio = studioPerFile();
let page: Rendered | undefined;

/**
 * Words a page may show as they are: the product's and models' names, the demo gateway's model ids
 * (`lumen-video-1`), file formats and units, a key's name, and each language named in itself in the
 * language picker ("English", "简体中文").
 * Anything else left unaccented came from code rather than the locale files.
 */
const NOT_WORDS = new Set([
  'Atelier',
  'Image',
  'Vid',
  'Pro',
  'VIP',
  'PNG',
  'JPEG',
  'png',
  'jpeg',
  'webp',
  'gif',
  'px',
  'KB',
  'MB',
  'Ctrl',
  'English',
  '中文',
  '简体中文',
]);

/** Dates and times are the language's own as `Intl` writes them (a made-up language falls back to English months). */
const DATE_WORDS = new Set([
  ...Array.from({ length: 12 }, (_, month) => new Intl.DateTimeFormat('en', { month: 'short' }).format(Date.UTC(2026, month, 15))),
  'AM',
  'PM',
]);

/** The words of the gateway's model names, which the studio names models by where its catalog does not know them ("Nova 3 Pro"). */
let modelNameWords = new Set<string>();

/** Folder paths (the library folder), media types (`image/png`) and the demo gateway's model ids are data, not words. */
const PATHS = /(?:^|\s)\/[^\s]*|\b[a-z]+\/[\w.+-]+|\blumen-[a-z]+-\d+/g;

/** A hover text that is an id (a model's, as the gateway names it) rather than words. */
const isId = (text: string): boolean => /^[\w.:/-]+$/.test(text) && /[-\d]/.test(text);

/** Everything a person reads or hears on a page: its text and the labels of its controls; ids and wire names (`translate="no"`) are data. */
function readable(root: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent?.closest('script, style, [aria-hidden="true"], textarea, input, .mono, [translate="no"]') === null) texts.push(node.textContent ?? '');
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'title']) {
      const text = element.getAttribute(name) ?? '';
      if (!(name === 'title' && isId(text))) texts.push(text);
    }
  }
  return texts;
}

const plainOn = (root: HTMLElement): string[] =>
  [...new Set(readable(root).flatMap((text) => plainWords(text.replace(PATHS, ' '))))]
    .filter((word) => !NOT_WORDS.has(word) && !DATE_WORDS.has(word) && !modelNameWords.has(word))
    .sort();

beforeEach(async () => {
  const listed = await studio.main.client.call('models.list', {});
  const ids = listed.ok ? listed.value.models.map((model) => model.id) : [];
  modelNameWords = new Set(ids.flatMap((id) => id.split(/[^A-Za-z]+/)).flatMap((word) => [word.charAt(0).toUpperCase() + word.slice(1), word.toUpperCase()]));
  i18next.addResourceBundle(PSEUDO_LOCALE, 'translation', pseudoTree(WINDOW_RESOURCES.en), true, true);
  await i18next.changeLanguage(PSEUDO_LOCALE);
});
afterEach(async () => {
  page?.unmount();
  realLayout();
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

  it('shows the Timeline, a batch and its jobs, with no English or Chinese word left', async () => {
    // What the artist wrote is theirs: in accented letters, it passes as the locale's own.
    fakeLayout();
    expect(await studio.main.studio.router.dispatch('jobs.pause_queue', {})).toMatchObject({ ok: true });
    await createBatch('Ķîŧéš', 'å ķîŧé');
    await loadStudio();
    page = await renderRoutes(appRoutes, '/timeline');
    await until(() => expect(page?.container.textContent).toContain('å ķîŧé'));
    expect(plainOn(page.container)).toEqual([]);
  });

  it('shows Account, its key form and a created key, with no English or Chinese word left', async () => {
    page = await renderRoutes(appRoutes, '/account');
    await until(() => expect(page?.container.querySelector('input[type="checkbox"]')).not.toBeNull());
    expect(plainOn(page.container)).toEqual([]);
    await click(button(page.container, i18next.t('account.key.create')));
    await until(() => expect(page?.container.querySelector('.field-error')).not.toBeNull());
    expect(plainOn(page.container)).toEqual([]);
    await type(field(page.container, i18next.t('account.key.name')), 'Ƒéŕŕý');
    await click(button(page.container, i18next.t('account.key.create')));
    await until(() => expect(page?.container.querySelector('[role="region"][aria-label*="Ƒéŕŕý"], section[aria-label*="Ƒéŕŕý"]')).not.toBeNull());
    expect(plainOn(page.container)).toEqual([]);
  });

  it('shows the assistant, the prompt history and the style presets over Create with no English or Chinese word left', async () => {
    page = await renderRoutes(appRoutes, '/create');
    await until(() => expect(page?.container.querySelector('.model-trigger-name')).not.toBeNull());
    // The prompt tools and the assistant are loaded when first shown.
    await until(() => expect(() => button(document.body, i18next.t('assistant.tools.assistant'))).not.toThrow());
    await click(button(document.body, i18next.t('assistant.tools.assistant')));
    await until(() => expect(button(document.body, i18next.t('assistant.tools.assistant')).getAttribute('aria-pressed')).toBe('true'));
    await until(() => expect(document.querySelector('.assistant-panel')).not.toBeNull());
    expect(plainOn(document.body)).toEqual([]);
    await click(button(document.body, i18next.t('assistant.tools.history')));
    await until(() => expect(document.querySelector('dialog[open] .history-controls')).not.toBeNull());
    await until(() => expect(document.querySelector('dialog[open] .history-list, dialog[open] .history-note')).not.toBeNull());
    expect(plainOn(document.body)).toEqual([]);
    await settle(() => document.querySelector<HTMLDialogElement>('dialog[open]')?.close());

    // The style presets: the menu, then the dialog that lists and makes them.
    await click(button(document.body, i18next.t('assistant.tools.presets')));
    expect(plainOn(document.body)).toEqual([]);
    const manage = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find(
      (item) => item.textContent === i18next.t('assistant.tools.managePresets'),
    );
    if (!manage) throw new Error('no way to manage presets');
    await click(manage);
    await until(() => expect(document.querySelector('dialog[open] .preset-note, dialog[open] .preset-list')).not.toBeNull());
    expect(plainOn(document.body)).toEqual([]);
  });

  it('shows a result on Create, the gallery’s detail view and Compare with no English or Chinese word left', async () => {
    fakeLayout();
    page = await renderRoutes(appRoutes, '/create');
    const prompt = (): HTMLTextAreaElement | null => page?.container.querySelector('textarea') ?? null;
    await until(() => expect(prompt()).not.toBeNull());
    // oxlint-disable-next-line typescript/unbound-method -- called with the textarea as `this` below.
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    await settle(() => {
      setValue?.call(prompt(), 'å þåþéŕ ƀöåŧ');
      prompt()?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settle(() => prompt()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true })));
    await until(() => expect(page?.container.querySelector('.results img, .results video')).not.toBeNull(), 30_000);
    expect(plainOn(page.container)).toEqual([]);
    page.unmount();

    const batchId = await createBatch('Ŀåñŧéŕñš', 'å ļåñŧéŕñ');
    await until(async () => {
      const assets = await studio.main.client.call('library.list_assets', { batchId });
      expect(assets.ok && assets.value.items).toHaveLength(1);
    });
    const listed = await studio.main.client.call('library.list_assets', { batchId });
    const assetId = listed.ok ? listed.value.items[0]?.id : undefined;
    page = await renderRoutes(appRoutes, `/gallery/asset/${assetId ?? ''}`);
    await until(() => expect(page?.container.textContent).toContain('å ļåñŧéŕñ'));
    expect(plainOn(page.container)).toEqual([]);
    page.unmount();

    // Compare, with the result made on Create beside it.
    const both = await studio.main.client.call('library.list_assets', { limit: 50 });
    const ids = both.ok ? both.value.items.filter((asset) => asset.prompt === 'å ļåñŧéŕñ' || asset.prompt === 'å þåþéŕ ƀöåŧ').map((asset) => asset.id) : [];
    expect(ids).toHaveLength(2);
    page = await renderRoutes(appRoutes, `/gallery/compare?items=${ids.join(',')}`);
    await until(() => expect(page?.container.querySelectorAll('[role="columnheader"]')).toHaveLength(2));
    expect(plainOn(page.container)).toEqual([]);
  });
});

/** A batch of one job on the default image model, made through main as the Create page makes it. */
async function createBatch(name: string, prompt: string): Promise<string> {
  const created = await studio.main.client.call('jobs.create_batch', {
    name,
    variantIds: ['image.gen-image-2.direct'],
    prompts: [prompt],
    countPerPrompt: 1,
    values: {},
  });
  if (!created.ok) throw new Error(created.error.message);
  await settle();
  return created.value.batch.id;
}
