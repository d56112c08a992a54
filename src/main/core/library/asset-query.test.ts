import { describe, expect, it } from 'vitest';
import { buildAssetConditions, buildAssetPageQuery, decodeCursor, encodeCursor, InvalidCursorError, MAX_PAGE_SIZE, pageSize } from './asset-query';

describe('asset conditions', () => {
  it('is "1" (everything) for an empty filter', () => {
    expect(buildAssetConditions({})).toEqual({ sql: '1', params: [] });
  });

  it('binds every value as a parameter, never into the SQL text', () => {
    const filter = {
      kind: 'image' as const,
      model: "x'; DROP TABLE assets; --",
      favourite: true,
      tag: ' Night Sky ',
      createdFrom: 10,
      createdBefore: 20,
      batchId: 'b1',
    };
    const { sql, params } = buildAssetConditions(filter);
    expect(sql).not.toContain('DROP');
    expect(params).toEqual(['image', "x'; DROP TABLE assets; --", 1, 'night sky', 10, 20, 'b1']);
    expect(sql.split(' AND ')).toHaveLength(7);
  });

  it('turns search text into a quoted FTS5 expression bound as a parameter', () => {
    const { sql, params } = buildAssetConditions({ text: 'red "fox' });
    expect(sql).toContain('asset_search MATCH ?');
    expect(params).toEqual(['"red"* AND """fox"*']);
  });

  it('ignores search text with nothing searchable and empty tags', () => {
    expect(buildAssetConditions({ text: '  ?! ', tag: '  ' })).toEqual({ sql: '1', params: [] });
  });

  it('leaves out the facet being counted', () => {
    const filter = { kind: 'video' as const, model: 'vid-2', favourite: false, tag: 'cat' };
    expect(buildAssetConditions(filter, 'kind').params).toEqual(['vid-2', 0, 'cat']);
    expect(buildAssetConditions(filter, 'model').params).toEqual(['video', 0, 'cat']);
    expect(buildAssetConditions(filter, 'favourite').params).toEqual(['video', 'vid-2', 'cat']);
    expect(buildAssetConditions(filter, 'tag').params).toEqual(['video', 'vid-2', 0]);
  });
});

describe('page query', () => {
  it('reads one more row than the page and orders newest first', () => {
    const query = buildAssetPageQuery({ limit: 10 });
    expect(query.limit).toBe(10);
    expect(query.params.at(-1)).toBe(11);
    expect(query.sql).toContain('ORDER BY a.created_at DESC, a.id DESC');
  });

  it('continues after the cursor by keyset, not by offset', () => {
    const cursor = encodeCursor({ createdAt: 1234, id: 'abc' });
    const query = buildAssetPageQuery({ cursor, model: 'm' });
    expect(query.sql).toContain('(a.created_at, a.id) < (?, ?)');
    expect(query.sql).not.toMatch(/OFFSET/i);
    expect(query.params).toEqual(['m', 1234, 'abc', 51]);
  });

  it('clamps the page size', () => {
    expect(pageSize(undefined)).toBe(50);
    expect(pageSize(0)).toBe(1);
    expect(pageSize(10_000)).toBe(MAX_PAGE_SIZE);
    expect(pageSize(Number.NaN)).toBe(50);
  });
});

describe('cursors', () => {
  it('round-trips and is URL-safe', () => {
    const cursor = encodeCursor({ createdAt: 1_700_000_000_123, id: 'ü/+?' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual({ createdAt: 1_700_000_000_123, id: 'ü/+?' });
  });

  it('rejects cursors it did not make', () => {
    for (const bad of ['', 'not a cursor', Buffer.from('{"t":"x","id":"a"}').toString('base64url'), Buffer.from('[1,2]').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(InvalidCursorError);
    }
  });
});
