/**
 * Keeps the entity caches bounded: past a cap, jobs, batches and assets that no loaded list and
 * no open view holds are let go, the longest-cached first. Lists hold the ids they show
 * (`paged-queries`); a view that reads items by id outside a list holds them with `useHeldEntities`.
 */
import { useEffect } from 'react';
import type { ById } from './entity-cache';
import { idsInLists } from './paged-queries';

export type EntityKind = 'jobs' | 'batches' | 'assets';

/** The lists (`PagedSource.name`) whose items each cache keeps. */
export const listNames = { jobs: 'jobs.jobs', batches: 'jobs.batches', assets: 'library.assets' } as const satisfies Record<EntityKind, string>;

const defaultEntityCaps: Readonly<Record<EntityKind, number>> = { jobs: 2000, batches: 500, assets: 2000 };
let caps = defaultEntityCaps;

const held: Record<EntityKind, Map<string, number>> = { jobs: new Map(), batches: new Map(), assets: new Map() };

/** Sets the caps (tests use small ones) and forgets what views hold. */
export function configureEntityCaps(next: Partial<Record<EntityKind, number>> = {}): void {
  caps = { ...defaultEntityCaps, ...next };
  for (const map of Object.values(held)) map.clear();
}

/** Holds items of a cache while a view shows them; returns the function that lets them go. */
export function holdEntities(kind: EntityKind, ids: readonly string[]): () => void {
  const counts = held[kind];
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return () => {
    for (const id of ids) {
      const left = (counts.get(id) ?? 1) - 1;
      if (left > 0) counts.set(id, left);
      else counts.delete(id);
    }
  };
}

/** For views that read items by id outside a list (an asset's detail, the recent strip). */
export function useHeldEntities(kind: EntityKind, ids: readonly string[]): void {
  const key = ids.join('\n');
  useEffect(() => holdEntities(kind, key === '' ? [] : key.split('\n')), [kind, key]);
}

/**
 * The cache without the items nobody holds beyond its cap (the longest-cached first); the same
 * object when it is within the cap. Held items stay whatever the count, and so do the ones just
 * received (`fresh`): a list or a view is about to show them.
 */
export function bounded<T extends { id: string }>(kind: EntityKind, cache: ById<T>, fresh: readonly T[] = []): ById<T> {
  const ids = Object.keys(cache);
  const excess = ids.length - caps[kind];
  if (excess <= 0) return cache;
  const inLists = idsInLists(listNames[kind]);
  const received = new Set(fresh.map((item) => item.id));
  const gone = new Set<string>();
  for (const id of ids) {
    if (gone.size === excess) break;
    if (!inLists.has(id) && !held[kind].has(id) && !received.has(id)) gone.add(id);
  }
  // Everything held: the same object, so nothing re-renders for nothing.
  if (gone.size === 0) return cache;
  return Object.fromEntries(Object.entries(cache).filter(([id]) => !gone.has(id)));
}
