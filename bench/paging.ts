/**
 * Gallery paging: `listAssets` pages (newest first, keyset cursor) on the shared library, first,
 * deep and filtered, each against the same page written by hand on the same better-sqlite3
 * connection (rows, tags, boards and batch, request parsed: `raw-pages.ts`). For filters on a
 * link table (tags, boards, characters, batches) the hand-written page is the faster of the two
 * ways one writes it (`id IN (SELECT ...)` or `EXISTS (...)`), picked before timing.
 */
import { buildAssetPageQuery, encodeCursor, listAssets, type AssetPage, type AssetPageRequest } from '../src/main/core/library';
import { sized, type BenchContext } from './context';
import { sharedLibrary, LIBRARY_SIZE, QUICK_LIBRARY_SIZE, type LibraryFixture } from './library-fixture';
import { compare } from './measure';
import { CHARACTERS } from './prompts';
import { quickMedianMs, rawPage, rawRowsOnly } from './raw-pages';
import type { Row, Table } from './table';

/** The renderer's page size. */
const PAGE = 60;
const WALK_PAGES = 20;
const WITHIN_RAW = { ratioAtMost: 1.5 };

interface FilterCase {
  label: string;
  request: AssetPageRequest;
  /** Hand-written WHERE forms of the filter over `assets a`; the faster is the baseline. */
  forms: string[];
  params: unknown[];
}

const linkForms = (table: string, column: string): string[] => [
  `a.id IN (SELECT asset_id FROM ${table} WHERE ${column} = ?)`,
  `EXISTS (SELECT 1 FROM ${table} l WHERE l.asset_id = a.id AND l.${column} = ?)`,
];

function filterCases(fixture: LibraryFixture): FilterCase[] {
  const big = fixture.boards[0];
  const small = fixture.boards.at(-1);
  const batch = fixture.db.connection.prepare<[], { id: string }>('SELECT id FROM batches ORDER BY created_at DESC LIMIT 1 OFFSET 10').get();
  const cases: FilterCase[] = [
    { label: 'model vid-2', request: { model: 'vid-2' }, forms: ['a.model = ?'], params: ['vid-2'] },
    { label: 'videos', request: { kind: 'video' }, forms: ['a.kind = ?'], params: ['video'] },
    { label: 'favourites', request: { favourite: true }, forms: ['a.favourite = 1'], params: [] },
    { label: 'tag client-a', request: { tag: 'client-a' }, forms: linkForms('asset_tags', 'tag'), params: ['client-a'] },
    {
      label: 'favourite + tag client-a',
      request: { favourite: true, tag: 'client-a' },
      forms: linkForms('asset_tags', 'tag').map((form) => `a.favourite = 1 AND ${form}`),
      params: ['client-a'],
    },
    { label: `character @${CHARACTERS[1]}`, request: { character: CHARACTERS[1] }, forms: linkForms('asset_characters', 'username'), params: [CHARACTERS[1]] },
  ];
  if (big)
    cases.push({
      label: `board of ${big.size.toLocaleString('en-US')}`,
      request: { boardId: big.id },
      forms: linkForms('board_items', 'board_id'),
      params: [big.id],
    });
  if (small)
    cases.push({
      label: `board of ${small.size.toLocaleString('en-US')}`,
      request: { boardId: small.id },
      forms: linkForms('board_items', 'board_id'),
      params: [small.id],
    });
  if (batch)
    cases.push({ label: 'one batch', request: { batchId: batch.id }, forms: ['a.job_id IN (SELECT id FROM jobs WHERE batch_id = ?)'], params: [batch.id] });
  return cases;
}

/** The hand-written page of a case: whichever form is faster on this library. */
function fastestRaw(fixture: LibraryFixture, filter: FilterCase): () => unknown {
  const candidates = filter.forms.map((where) => rawPage(fixture.db.connection, { where, params: filter.params, limit: PAGE + 1 }));
  if (candidates.length === 1) return candidates[0] as () => unknown;
  const times = candidates.map((candidate) => quickMedianMs(candidate));
  return candidates[times.indexOf(Math.min(...times))] as () => unknown;
}

/** The exact statement `listAssets` runs for `request`, rows returned unmapped. */
function sameSqlRows(fixture: LibraryFixture, request: AssetPageRequest): () => unknown[] {
  const query = buildAssetPageQuery(request);
  const statement = fixture.db.connection.prepare(query.sql);
  return () => statement.all(...query.params);
}

export async function run(context: BenchContext): Promise<Table[]> {
  const fixture = sharedLibrary(sized(context, LIBRARY_SIZE, QUICK_LIBRARY_SIZE));
  const connection = fixture.db.connection;
  const iterations = sized(context, 300, 60);
  const deepRow = Math.floor(fixture.assets * 0.75);
  const deepKey = connection
    .prepare<[number], { created_at: number; id: string }>('SELECT created_at, id FROM assets ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?')
    .get(deepRow - 1);
  if (!deepKey) throw new Error('the library is too small for the paging benchmark');
  const deepCursor = encodeCursor({ createdAt: deepKey.created_at, id: deepKey.id });
  const keyset = '(a.created_at, a.id) < (?, ?)';

  const firstRaw = rawPage(connection, { where: '1', params: [], limit: PAGE + 1 });
  const [rowsOnly, rawFirst, sameFirst, appFirst] = await compare(
    [
      { label: 'first page: raw SELECT *, nothing joined or mapped', operation: rawRowsOnly(connection, '1', [], PAGE + 1) },
      { label: 'first page: raw, same answer', operation: firstRaw },
      { label: "first page: listAssets' SQL, rows unmapped", operation: sameSqlRows(fixture, { limit: PAGE }) },
      { label: 'first page: listAssets', operation: () => listAssets(fixture.db, { limit: PAGE }) },
    ],
    { iterations },
  );
  const deep = `page after row ${deepRow.toLocaleString('en-US')}`;
  const [rawDeep, appDeep] = await compare(
    [
      { label: `${deep}: raw`, operation: rawPage(connection, { where: keyset, params: [deepKey.created_at, deepKey.id], limit: PAGE + 1 }) },
      { label: `${deep}: listAssets`, operation: () => listAssets(fixture.db, { limit: PAGE, cursor: deepCursor }) },
    ],
    { iterations },
  );
  const walkRaw = (): number => {
    let page = firstRaw();
    let rows = 0;
    for (let i = 0; i < WALK_PAGES && page.length > PAGE; i++) {
      const last = page[PAGE - 1];
      page = rawPage(connection, { where: keyset, params: [last?.created_at, last?.id], limit: PAGE + 1 })();
      rows += Math.min(PAGE, page.length);
    }
    return rows;
  };
  const walkApp = (): number => {
    let page: AssetPage = listAssets(fixture.db, { limit: PAGE });
    let rows = 0;
    for (let i = 0; i < WALK_PAGES && page.nextCursor; i++) {
      page = listAssets(fixture.db, { limit: PAGE, cursor: page.nextCursor });
      rows += page.items.length;
    }
    return rows;
  };
  const [rawWalk, appWalk] = await compare(
    [
      { label: `${WALK_PAGES} next pages: raw keyset`, operation: walkRaw },
      { label: `${WALK_PAGES} next pages: listAssets + cursors`, operation: walkApp },
    ],
    { iterations: sized(context, 40, 10) },
  );

  const filtered: Row[] = [];
  for (const filter of filterCases(fixture)) {
    const matches =
      connection.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM assets a WHERE ${filter.forms[0] ?? '1'}`).get(...filter.params)?.n ?? 0;
    const [raw, app] = await compare(
      [
        { label: `${filter.label} (${matches.toLocaleString('en-US')} items): raw`, operation: fastestRaw(fixture, filter) },
        { label: `${filter.label}: listAssets`, operation: () => listAssets(fixture.db, { ...filter.request, limit: PAGE }) },
      ],
      { iterations: sized(context, 150, 30), budgetMs: 2000 },
    );
    filtered.push({ stats: raw }, { stats: app, raw, target: WITHIN_RAW });
  }

  const size = fixture.assets.toLocaleString('en-US');
  return [
    {
      title: `Gallery paging (${size} assets, pages of ${PAGE}, newest first)`,
      rows: [
        { stats: rowsOnly },
        { stats: rawFirst, raw: rowsOnly },
        { stats: sameFirst, raw: rawFirst },
        { stats: appFirst, raw: rawFirst, target: WITHIN_RAW },
        { stats: rawDeep },
        { stats: appDeep, raw: rawDeep, target: WITHIN_RAW },
        { stats: rawWalk },
        { stats: appWalk, raw: rawWalk, target: WITHIN_RAW },
      ],
      notes: [
        `library of ${size} assets, ${fixture.jobs.toLocaleString('en-US')} jobs, ${fixture.batches} batches, ${fixture.boards.length} boards, seeded in ${(fixture.seedMs / 1000).toFixed(1)} s`,
        "raw = the same answer by hand: the page's keys, then those rows with their tags, boards and batch, request parsed",
        `"listAssets' SQL, rows unmapped" splits the cost of the statement from mapping rows to assets; walks are one op of ${WALK_PAGES} pages`,
      ],
    },
    {
      title: `Filtered gallery pages (${size} assets, first page of ${PAGE})`,
      rows: filtered,
      notes: [
        'raw = the same answer by hand, with the filter written as id IN (SELECT ...) or EXISTS (...), whichever was faster for this case',
        'IN is quick for a filter matching few items, EXISTS for one matching many (the newest-first walk stops after a page of matches)',
      ],
    },
  ];
}
