/**
 * Search text and a smart board's saved search are typed by a person but may carry any
 * character (pasted text, a crafted request): control characters are taken out before they reach
 * the search index or a stored board, so such a search finds what its words find.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardView } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { seedLibraryAssets } from '../../helpers/seed-assets';
import { callRoute, createTestStudio } from '../../helpers/studio';

let studio: Studio;
beforeAll(async () => {
  let dataDir: string;
  ({ studio, dataDir } = await createTestStudio());
  seedLibraryAssets({ dataDir, libraryRoot: studio.libraryRoot() }, 3, (index) => ({
    prompt: index === 1 ? 'a lighthouse at dusk' : `seeded prompt ${index}`,
  }));
});
afterAll(async () => {
  await studio.stop();
});

const WITH_CONTROLS = 'light\u0000house\u0007 \u001b[31m dusk\u007f';

describe('control characters in search text', () => {
  it('are taken out of a gallery search and its counts, which find what the words find', async () => {
    const page = await callRoute<{ items: { prompt: string }[] }>(studio, 'library.list_assets', { text: 'lighthouse\u0000' });
    expect(page.items.map((item) => item.prompt)).toEqual(['a lighthouse at dusk']);
    const spaced = await callRoute<{ items: { prompt: string }[] }>(studio, 'library.list_assets', { text: 'lighthouse\u0000dusk' });
    expect(spaced.items.map((item) => item.prompt)).toEqual(['a lighthouse at dusk']);
    const facets = await studio.router.dispatch('library.count_facets', { text: WITH_CONTROLS });
    expect(facets.ok).toBe(true);
    const history = await studio.router.dispatch('prompts.list_history', { query: 'seeded\u0000' });
    expect(history.ok).toBe(true);
  });

  it('are taken out of a smart board before it is kept', async () => {
    const board = await callRoute<BoardView>(studio, 'library.create_smart_board', { name: 'Dusk\u0000\u001b[2K', filter: { text: 'lighthouse\u0000' } });
    const boards = await callRoute<BoardView[]>(studio, 'library.list_boards', {});
    const kept = boards.find((candidate) => candidate.id === board.id);
    expect(JSON.stringify(kept)).not.toMatch(/\p{Cc}|\\u00/u);
    const page = await callRoute<{ items: { prompt: string }[] }>(studio, 'library.list_assets', { boardId: board.id });
    expect(page.items.map((item) => item.prompt)).toEqual(['a lighthouse at dusk']);
  });
});
