/**
 * Gallery paging: `listAssets` pages of 50 (newest first, keyset cursor) on a library of
 * LIBRARY_SIZE assets, against hand-written keyset SQL on the same better-sqlite3 connection.
 */
import { buildAssetPageQuery, encodeCursor, listAssets, type AssetPage, type AssetPageRequest } from '../src/main/core/library';
import { sharedLibrary, type LibraryFixture } from './library-fixture';
import { compare } from './measure';
import type { Table } from './table';

const PAGE = 50;
const WALK_PAGES = 20;
const DEEP_ROW = 15_000;

interface RawRow {
  created_at: number;
  id: string;
}

/** The raw baseline: plain columns, no tags, no mapping, one prepared statement per shape. */
function rawPager(fixture: LibraryFixture) {
  const first = fixture.db.connection.prepare<[number], RawRow>('SELECT * FROM assets ORDER BY created_at DESC, id DESC LIMIT ?');
  const after = fixture.db.connection.prepare<[number, string, number], RawRow>(
    'SELECT * FROM assets WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?',
  );
  const page = (from: RawRow | undefined): RawRow[] => (from ? after.all(from.created_at, from.id, PAGE) : first.all(PAGE));
  return { page };
}

/** The exact statement `listAssets` runs for `request` (tags sub-select included), rows returned unmapped. */
function sameSqlRows(fixture: LibraryFixture, request: AssetPageRequest): () => unknown[] {
  const query = buildAssetPageQuery(request);
  const statement = fixture.db.connection.prepare(query.sql);
  return () => statement.all(...query.params);
}

export async function run(): Promise<Table[]> {
  const fixture = sharedLibrary();
  const raw = rawPager(fixture);

  const firstPage = listAssets(fixture.db, { limit: PAGE });
  const firstRaw = raw.page(undefined);
  const deepOffset = fixture.db.connection
    .prepare<[number], RawRow>('SELECT created_at, id FROM assets ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?')
    .get(DEEP_ROW - 1);
  if (!firstPage.nextCursor || !deepOffset) throw new Error('the library is too small for the paging benchmark');
  const deepCursor = encodeCursor({ createdAt: deepOffset.created_at, id: deepOffset.id });

  const walkApp = (): number => {
    let page: AssetPage = firstPage;
    let rows = 0;
    for (let i = 0; i < WALK_PAGES && page.nextCursor; i++) {
      page = listAssets(fixture.db, { limit: PAGE, cursor: page.nextCursor });
      rows += page.items.length;
    }
    return rows;
  };
  const walkRaw = (): number => {
    let rows = firstRaw;
    let count = 0;
    for (let i = 0; i < WALK_PAGES && rows.length > 0; i++) {
      rows = raw.page(rows.at(-1));
      count += rows.length;
    }
    return count;
  };

  const deep = `page after row ${DEEP_ROW.toLocaleString('en-US')}`;
  const [rawFirst, appFirst] = await compare(
    [
      { label: 'first page: raw SELECT * keyset', operation: () => raw.page(undefined) },
      { label: 'first page: listAssets', operation: () => listAssets(fixture.db, { limit: PAGE }) },
    ],
    { iterations: 400 },
  );
  const [rawDeep, sameDeep, appDeep] = await compare(
    [
      { label: `${deep}: raw`, operation: () => raw.page(deepOffset) },
      { label: `${deep}: app SQL, rows only`, operation: sameSqlRows(fixture, { limit: PAGE, cursor: deepCursor }) },
      { label: `${deep}: listAssets`, operation: () => listAssets(fixture.db, { limit: PAGE, cursor: deepCursor }) },
    ],
    { iterations: 400 },
  );
  const [rawWalk, appWalk] = await compare(
    [
      { label: `${WALK_PAGES} next pages: raw keyset`, operation: walkRaw },
      { label: `${WALK_PAGES} next pages: listAssets + cursors`, operation: walkApp },
    ],
    { iterations: 60 },
  );

  return [
    {
      title: `Gallery paging (${fixture.assets.toLocaleString('en-US')} assets, pages of ${PAGE}, newest first)`,
      rows: [
        { stats: rawFirst },
        { stats: appFirst, raw: rawFirst },
        { stats: rawDeep },
        { stats: sameDeep, raw: rawDeep },
        { stats: appDeep, raw: rawDeep },
        { stats: rawWalk },
        { stats: appWalk, raw: rawWalk },
      ],
      notes: [
        `library seeded in ${(fixture.seedMs / 1000).toFixed(1)} s (one transaction of insertAsset calls, search index filled by triggers)`,
        'raw = SELECT * ... ORDER BY created_at DESC, id DESC LIMIT 50 (keyset WHERE for later pages), rows left as plain objects',
        '"app SQL, rows only" = listAssets\' own statement (tags sub-select per row) without mapping rows to assets',
        `walk rows are one op of ${WALK_PAGES} pages; per page = median / ${WALK_PAGES}`,
      ],
    },
  ];
}
