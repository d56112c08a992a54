// While a library folder is read back from its sidecars, the gallery shows its first page after the
// first slice; results a later slice brings that sort above it are told as brought back
// (`library.restored`), and the page takes each in its place. The real studio core, the real window.
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toAssetView } from '../../src/main/core/library/library-service';
import { appRoutes } from '../../src/renderer/src/app/router';
import { renderRoutes, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

const studio = studioPerFile();
let page: Rendered;
const seededAt = (index: number): number => Date.UTC(2026, 0, 1) + index * 1000;

beforeAll(() => {
  // The first slice: more than a page, so the gallery's list does not end with it.
  studio.main.seedAssets(130);
});
beforeEach(async () => {
  page = await renderRoutes(appRoutes, '/gallery');
});
afterEach(() => {
  page.unmount();
});

const labels = (): string[] =>
  [...page.container.querySelectorAll<HTMLElement>('[role="grid"] [role="gridcell"]')].map((cell) => cell.getAttribute('aria-label') ?? '');

describe('the gallery while results are read back from sidecars', () => {
  it('puts the results a later slice brings in their place in the page already shown', async () => {
    await until(() => expect(labels()[0]).toBe('seeded prompt 129 · Image 2'));
    // A later slice: one result newer than all shown, one between the fourth and fifth shown.
    const later = studio.main.seedAssets(2, (index) =>
      index === 0 ? { prompt: 'read later, newest', createdAt: seededAt(200) } : { prompt: 'read later, between', createdAt: seededAt(125) + 500 },
    );
    act(() => {
      studio.main.studio.bus.emit('library.restored', later.map(toAssetView));
      studio.main.studio.bus.emit('library.sidecar_restore', { daysRead: 0, days: 1, restored: 132, finished: false });
    });
    await until(() => expect(labels()[0]).toBe('read later, newest · Image 2'));
    expect(labels().slice(0, 7)).toEqual(
      [
        'read later, newest',
        'seeded prompt 129',
        'seeded prompt 128',
        'seeded prompt 127',
        'seeded prompt 126',
        'read later, between',
        'seeded prompt 125',
      ].map((prompt) => `${prompt} · Image 2`),
    );
  });
});
