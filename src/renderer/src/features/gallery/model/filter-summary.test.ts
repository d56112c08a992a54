import { describe, expect, it } from 'vitest';
import { activeFilterCount, savableSearch, searchSummary } from './filter-summary';

const t = (key: string): string => ({ 'gallery.images': 'Images', 'gallery.favourites': 'Favourites' } as Record<string, string>)[key] ?? key;

describe('the filter in words and numbers', () => {
  it('counts the filters set besides the search and the sort, a date range once', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ text: 'fox', order: 'oldest' })).toBe(0);
    expect(activeFilterCount({ kind: 'image', favourite: true, createdFrom: 1, createdBefore: 2 })).toBe(3);
  });

  it('saves a search without its sort, and not a board alone', () => {
    expect(savableSearch({ text: 'fox', order: 'oldest' })).toEqual({ text: 'fox' });
    expect(savableSearch({ boardId: 'b1', kind: 'video' })).toEqual({ boardId: 'b1', kind: 'video' });
    expect(savableSearch({ boardId: 'b1' })).toBeNull();
    expect(savableSearch({ order: 'oldest' })).toBeNull();
  });

  it('says a saved search in one line', () => {
    expect(
      searchSummary(
        { text: '狐狸', kind: 'image', favourite: true, tag: 'winter', boardId: 'b1' },
        [{ id: 'b1', name: 'Clients', count: 1, filter: null, coverPath: null, createdAt: 0, updatedAt: 0 }],
        t,
      ),
    ).toBe('“狐狸” · Images · Favourites · #winter · Clients');
  });
});
