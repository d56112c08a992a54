import type { AssetKind } from './assets';

/** Counts for the filter panel. Each facet ignores its own filter and honours all the others. */
export interface AssetFacets {
  /** Assets matching the whole filter. */
  total: number;
  favourites: number;
  kinds: Record<AssetKind, number>;
  /** Most used first. */
  models: { model: string; count: number }[];
  /** Most used first, at most 200. */
  tags: { tag: string; count: number }[];
  /** Every board, in the artist's order, with how many of its assets match (a smart board: how many match both). */
  boards: { id: string; name: string; count: number }[];
  /** Characters mentioned in matching prompts, most used first, at most 100. */
  characters: { username: string; count: number }[];
  /** The newest batches with matching results (at most 20), plus the chosen one. */
  batches: { id: string; name: string; count: number }[];
  /** For each start time asked for (`since`), how many match from then on (the date filter aside). */
  since: { from: number; count: number }[];
}
