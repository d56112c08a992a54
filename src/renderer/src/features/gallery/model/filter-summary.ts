/**
 * The gallery filter in words and numbers: how many filters are set (the folded panel's badge),
 * what a smart board would keep of it, and a smart board's saved search in one line.
 */
import type { BoardView, LibraryFilter, SmartFilter } from '../../../../../shared/contract';

/** Filters set besides the search text and the sort (a date range counts once). */
export function activeFilterCount(filter: LibraryFilter): number {
  const set = [filter.kind, filter.model, filter.favourite, filter.tag, filter.batchId, filter.boardId, filter.character].filter(
    (value) => value !== undefined,
  ).length;
  return set + (filter.createdFrom !== undefined || filter.createdBefore !== undefined ? 1 : 0);
}

/** What "save as smart board" keeps: the filter without its sort; null when only a board (or nothing) is chosen. */
export function savableSearch(filter: LibraryFilter): SmartFilter | null {
  const { order: _order, ...search } = filter;
  const keys = Object.keys(search).filter((key) => search[key as keyof SmartFilter] !== undefined);
  return keys.length === 0 || (keys.length === 1 && keys[0] === 'boardId') ? null : search;
}

/** The words the summary needs (the UI language's `t`). */
export type Translate = (key: 'gallery.images' | 'gallery.videos' | 'gallery.favourites') => string;

/** A saved search in a line: `“fox” · Images · Favourites · #winter`. */
export function searchSummary(filter: SmartFilter, boards: readonly BoardView[], t: Translate, locale?: string): string {
  const day = (time: number): string => new Date(time).toLocaleDateString(locale);
  const parts = [
    filter.text !== undefined ? `“${filter.text}”` : null,
    filter.kind === 'image' ? t('gallery.images') : filter.kind === 'video' ? t('gallery.videos') : null,
    filter.favourite === true ? t('gallery.favourites') : null,
    filter.model ?? null,
    filter.tag !== undefined ? `#${filter.tag}` : null,
    filter.character !== undefined ? `@${filter.character.replace(/^@/, '')}` : null,
    filter.boardId !== undefined ? (boards.find((board) => board.id === filter.boardId)?.name ?? null) : null,
    filter.createdFrom !== undefined || filter.createdBefore !== undefined
      ? `${filter.createdFrom === undefined ? '…' : day(filter.createdFrom)} – ${filter.createdBefore === undefined ? '…' : day(filter.createdBefore - 1)}`
      : null,
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
}
