import { describe, expect, it } from 'vitest';
import { byUpdatedAt, pick, upsertMany } from './entity-cache';

const job = (id: string, updatedAt: number, state = 'queued') => ({ id, updatedAt, state });

describe('entity cache', () => {
  it('keeps one copy per id, the newest by updatedAt, whatever order answers and events arrive in', () => {
    let cache = upsertMany({}, [job('a', 1), job('b', 1)], byUpdatedAt);
    cache = upsertMany(cache, [job('a', 5, 'running')], byUpdatedAt);
    cache = upsertMany(cache, [job('a', 3, 'submitting')], byUpdatedAt); // a late answer to an earlier call
    expect(cache.a).toEqual(job('a', 5, 'running'));
    expect(Object.keys(cache).sort()).toEqual(['a', 'b']);
  });

  it('returns the same object when nothing changed, so selectors do not re-render', () => {
    const cache = upsertMany({}, [job('a', 2)], byUpdatedAt);
    expect(upsertMany(cache, [job('a', 1)], byUpdatedAt)).toBe(cache);
    expect(upsertMany(cache, [])).toBe(cache);
  });

  it('picks items in the order of the ids, skipping ids it does not hold', () => {
    const cache = upsertMany({}, [job('a', 1), job('b', 1), job('c', 1)]);
    expect(pick(cache, ['c', 'x', 'a']).map((j) => j.id)).toEqual(['c', 'a']);
  });
});
