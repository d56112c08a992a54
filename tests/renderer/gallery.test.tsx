import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { button, click, field, renderRoutes, settle, type, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

const studio = studioPerFile();
let page: Rendered & { router: Awaited<ReturnType<typeof renderRoutes>>['router'] };

beforeAll(() => {
  // A wide window, where the filter panel starts open beside the grid (narrower ones fold it).
  (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport({ width: 1440, height: 900 });
  // 130 results: every fifth a video, every seventh a Chinese prompt.
  studio.main.seedAssets(130, (i) => ({
    ...(i % 5 === 0 ? { kind: 'video' as const, mime: 'video/mp4', durationMs: 5000, model: 'clip-3.0-turbo' } : {}),
    ...(i % 7 === 0 ? { prompt: `海边的灯塔 ${i}` } : {}),
  }));
});
beforeEach(async () => {
  page = await renderRoutes(appRoutes, '/gallery');
});
afterEach(() => {
  page.unmount();
});

const cells = (): HTMLElement[] => [...page.container.querySelectorAll<HTMLElement>('[role="grid"] [role="gridcell"]')];
const facet = (name: RegExp): HTMLButtonElement => {
  const found = [...page.container.querySelectorAll<HTMLButtonElement>('aside button')].find((b) => name.test(b.getAttribute('aria-label') ?? ''));
  if (!found) throw new Error(`no facet ${String(name)}`);
  return found;
};
/** The selection bar (a tile's own buttons carry some of the same names). */
const selectionBar = (): HTMLElement => {
  const bar = page.container.querySelector<HTMLElement>('[role="toolbar"]');
  if (!bar) throw new Error('no selection bar');
  return bar;
};
const modifierClick = async (target: HTMLElement, init: MouseEventInit): Promise<void> => {
  await settle(() => target.dispatchEvent(new MouseEvent('click', { bubbles: true, ...init })));
};

describe('the gallery, on the real studio core', () => {
  it('shows the newest page with counts per type and model, and only the rows in view', async () => {
    await until(() => expect(cells().length).toBeGreaterThan(0));
    expect(cells()[0]?.getAttribute('aria-label')).toBe('seeded prompt 129 · Image 2');
    await until(() => expect(facet(/^All \(130\)$/)).toBeDefined());
    expect(facet(/^Videos \(26\)$/)).toBeDefined();
    // Models as the picker names them (clip-3.0-turbo is Clip 3.0 Turbo).
    expect(facet(/^Clip 3\.0 Turbo \(26\)$/)).toBeDefined();
    // The virtualiser keeps the DOM to the rows around the view, not every row of the pages loaded.
    const grid = page.container.querySelector('[role="grid"]');
    const rows = Number(grid?.getAttribute('aria-rowcount'));
    expect(rows).toBeGreaterThan(8);
    expect(grid?.querySelectorAll('[role="row"]').length).toBeLessThan(rows);
  });

  it('narrows to a type and to a Chinese word, keeping the filter in the address', async () => {
    await until(() => expect(facet(/^Videos \(26\)$/)).toBeDefined());
    await click(facet(/^Videos \(26\)$/));
    await until(() => expect(cells().every((cell) => cell.getAttribute('aria-label')?.includes('Clip 3.0 Turbo'))).toBe(true));
    expect(page.router.state.location.search).toContain('kind=video');

    await click(button(page.container, 'Clear filters'));
    const search = page.container.querySelector<HTMLInputElement>('input[type="search"]');
    if (!search) throw new Error('no search box');
    await type(search, '灯塔');
    // Every seventh of 130 has the Chinese prompt: 19 items.
    await until(() => expect(facet(/^All \(19\)$/)).toBeDefined());
    await until(() => expect(cells().every((cell) => cell.getAttribute('aria-label')?.startsWith('海边的灯塔'))).toBe(true));
  });

  it('searches for a word an input method commits at once, and never for the pinyin being composed', async () => {
    await until(() => expect(cells().length).toBeGreaterThan(0));
    const search = page.container.querySelector<HTMLInputElement>('input[type="search"]');
    if (!search) throw new Error('no search box');
    // React follows the value through the native setter (as `type` does), here with the composition's flag.
    // oxlint-disable-next-line typescript/unbound-method -- called with the input as `this` below.
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const compose = (value: string): void => {
      setter?.call(search, value);
      search.dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true }));
    };
    const searched = (): string | null => new URLSearchParams(page.router.state.location.search).get('q');

    await settle(() => {
      search.dispatchEvent(new Event('compositionstart', { bubbles: true }));
      compose('deng');
    });
    // Longer than the pause plain typing waits for: the letters of an unfinished word are not searched.
    await settle(undefined, 400);
    expect(searched()).toBeNull();

    await settle(() => {
      compose('灯塔');
      search.dispatchEvent(new Event('compositionend', { bubbles: true }));
    });
    expect(searched()).toBe('灯塔');
    await until(() => expect(cells().every((cell) => cell.getAttribute('aria-label')?.startsWith('海边的灯塔'))).toBe(true));
  });

  it('puts a selection on a new board, and the board filters the grid', async () => {
    await until(() => expect(cells().length).toBeGreaterThan(3));
    const [first, , third] = cells();
    if (!first || !third) throw new Error('too few tiles');
    await modifierClick(first, {});
    await modifierClick(third, { ctrlKey: true });
    await until(() => expect(page.container.querySelector('[role="toolbar"]')?.getAttribute('aria-label')).toBe('2 selected'));

    await click(button(selectionBar(), 'Add to board'));
    await type(field(document.body, 'Board name'), 'Moodboard');
    await act(async () => {
      document.body.querySelector<HTMLFormElement>('form.board-new')?.requestSubmit();
      await Promise.resolve();
    });
    await until(() => expect(facet(/^Moodboard \(2\)$/)).toBeDefined());
    await click(facet(/^Moodboard \(2\)$/));
    await until(() => expect(cells().map((cell) => cell.getAttribute('aria-label'))).toEqual(['seeded prompt 129 · Image 2', 'seeded prompt 127 · Image 2']));
    expect(page.router.state.location.search).toMatch(/board=/);
  });

  it('tags a selection at once; tags are split at an ASCII or a Chinese comma', async () => {
    await until(() => expect(cells().length).toBeGreaterThan(3));
    const [first, second] = cells();
    if (!first || !second) throw new Error('too few tiles');
    await modifierClick(first, {});
    await modifierClick(second, { shiftKey: true });
    await until(() => expect(page.container.querySelector('[role="toolbar"]')?.getAttribute('aria-label')).toBe('2 selected'));
    await click(button(selectionBar(), 'Tag'));
    await type(field(document.body, 'Tags to add'), 'night，夜景, rain');
    await click(button(document.body, 'Apply'));
    await until(() => expect(facet(/^#night \(2\)$/)).toBeDefined());
    expect(facet(/^#夜景 \(2\)$/)).toBeDefined();
    expect(facet(/^#rain \(2\)$/)).toBeDefined();
  });

  it('says how far reading a library folder back from its sidecars has come, and stops saying it when done', async () => {
    await until(() => expect(cells().length).toBeGreaterThan(0));
    const status = (): string | undefined =>
      [...page.container.querySelectorAll('[role="status"]')].map((node) => node.textContent).find((text) => text.includes('Reading results back'));
    expect(status()).toBeUndefined();
    act(() => studio.main.studio.bus.emit('library.sidecar_restore', { daysRead: 2, days: 5, restored: 1234, finished: false }));
    await until(() => expect(status()).toBe('Reading results back from this library folder: 1,234 so far (40%)'));
    expect(page.container.querySelector('progress')?.getAttribute('value')).toBe('2');
    act(() => studio.main.studio.bus.emit('library.sidecar_restore', { daysRead: 5, days: 5, restored: 3000, finished: true }));
    await until(() => expect(status()).toBeUndefined());
  });
});
