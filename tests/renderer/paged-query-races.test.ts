import { beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/shared/contract';
import { itemsRemoved, itemsRestored } from '../../src/renderer/src/entities/paged-list-edits';
import { itemAdded, loadFirstPage, queryKey, usePagedQueriesStore, type PagedSource } from '../../src/renderer/src/entities/paged-queries';

interface Item {
  id: string;
  /** Newest first: a higher rank sorts above. */
  rank: number;
}
type Page = { items: Item[]; nextCursor: string | null };

const cache = new Map<string, Item>();
/** The first-page answers the test hands out, in the order they were asked for. */
let answers: ((page: Page) => void)[];

/** A list kept newest first, whose page loads the test answers when it chooses (main read the page before an event it sends). */
const source: PagedSource<Record<string, never>, Item> = {
  name: 'test.items',
  pageSize: 3,
  fetchPage: () => new Promise<Envelope<Page>>((resolve) => answers.push((value) => resolve({ ok: true, value }))),
  remember: (items) => items.forEach((item) => cache.set(item.id, item)),
  useItems: () => [],
  matches: () => true,
};
const key = queryKey(source, {});
const ids = (): string[] | undefined => usePagedQueriesStore.getState().queries[key]?.ids;
const item = (id: string, rank: number): Item => ({ id, rank });
const restored = (items: Item[]): void =>
  itemsRestored(
    source,
    items,
    (id) => cache.get(id),
    (_filter, a, b) => b.rank - a.rank,
  );

/** Starts a first-page load and hands back the function that answers it. */
async function loading(): Promise<{ answer: (page: Page) => Promise<void> }> {
  const load = loadFirstPage(source, {});
  await Promise.resolve();
  const respond = answers.at(-1);
  if (!respond) throw new Error('the page was not asked for');
  return {
    answer: async (page) => {
      respond(page);
      await load;
    },
  };
}

beforeEach(() => {
  usePagedQueriesStore.setState({ queries: {} });
  cache.clear();
  answers = [];
});

describe('a list whose first page is loading when an event changes it', () => {
  it('keeps a new item the answer was read too early to hold', async () => {
    const { answer } = await loading();
    cache.set('new', item('new', 10));
    itemAdded(source, item('new', 10));
    await answer({ items: [item('a', 3), item('b', 2), item('c', 1)], nextCursor: 'more' });
    expect(ids()).toEqual(['new', 'a', 'b', 'c']);
  });

  it('places an item brought back among the answer’s items, or leaves it for a later page', async () => {
    const { answer } = await loading();
    cache.set('back', item('back', 2.5));
    cache.set('old', item('old', 0));
    restored([item('back', 2.5), item('old', 0)]);
    await answer({ items: [item('a', 3), item('b', 2), item('c', 1)], nextCursor: 'more' });
    // `old` sorts past the last loaded item of a list with more pages: its own page will bring it.
    expect(ids()).toEqual(['a', 'back', 'b', 'c']);
  });

  it('leaves out an item taken away meanwhile that the answer still held', async () => {
    const { answer } = await loading();
    itemsRemoved(source, ['b']);
    await answer({ items: [item('a', 3), item('b', 2), item('c', 1)], nextCursor: null });
    expect(ids()).toEqual(['a', 'c']);
  });

  it('does not show an item twice when the answer already held it', async () => {
    const { answer } = await loading();
    itemAdded(source, item('a', 3));
    await answer({ items: [item('a', 3), item('b', 2)], nextCursor: null });
    expect(ids()).toEqual(['a', 'b']);
  });

  it('forgets the edits of a load that a newer one replaced', async () => {
    const first = await loading();
    itemsRemoved(source, ['a']);
    const second = await loading();
    await first.answer({ items: [item('a', 3)], nextCursor: null });
    await second.answer({ items: [item('a', 3), item('b', 2)], nextCursor: null });
    // The removal came before the second page was asked for, so main's second answer is taken as it is.
    expect(ids()).toEqual(['a', 'b']);
  });
});
