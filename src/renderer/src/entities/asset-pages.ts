import { useShallow } from 'zustand/react/shallow';
import type { AssetView, LibraryFilter } from '../../../shared/contract';
import { studio } from '../studio/studio-client';
import { useAssetsStore } from './assets-store';
import { pick } from './entity-cache';
import type { PagedSource } from './paged-queries';
import { listNames } from './retention';

/** Library items, newest first, page by page (`library.list_assets` and its keyset cursor). */
export const assetPages: PagedSource<LibraryFilter, AssetView> = {
  name: listNames.assets,
  pageSize: 60,
  fetchPage: (filter, cursor, limit, signal) => studio().call('library.list_assets', { ...filter, cursor, limit }, signal),
  remember: (assets) => useAssetsStore.getState().assetsReceived(assets),
  useItems: (ids) => useAssetsStore(useShallow((state) => pick(state.assets, ids))),
  matches: (filter, asset) => {
    // Oldest first, a new result belongs at the end: it shows when the list is paged that far.
    if (filter.order === 'oldest') return false;
    if (filter.kind !== undefined && asset.kind !== filter.kind) return false;
    if (filter.model !== undefined && asset.model !== filter.model) return false;
    if (filter.favourite !== undefined && asset.favourite !== filter.favourite) return false;
    if (filter.createdFrom !== undefined && asset.createdAt < filter.createdFrom) return false;
    if (filter.createdBefore !== undefined && asset.createdAt >= filter.createdBefore) return false;
    // Prompt search, batch, characters, (normalised) tags and smart boards are decided by main:
    // say "cannot tell" rather than guess (main is asked: `matching`).
    const onBoard = filter.boardId === undefined || asset.boardIds.includes(filter.boardId);
    if (!onBoard || filter.text !== undefined || filter.batchId !== undefined || filter.tag !== undefined || filter.character !== undefined) return undefined;
    return true;
  },
  matching: async (filter, ids) => {
    const answer = await studio().call('library.match_assets', { filter, ids: [...ids] });
    return answer.ok ? { ok: true, value: answer.value.ids } : answer;
  },
};

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The library's sort order (creation time, then id, as main pages them) for a filter. */
export function assetOrder(filter: LibraryFilter, a: AssetView, b: AssetView): number {
  const ascending = a.createdAt - b.createdAt || byId(a.id, b.id);
  return filter.order === 'oldest' ? ascending : -ascending;
}
