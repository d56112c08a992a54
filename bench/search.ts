/**
 * Gallery search: the first page of `listAssets({ text })` (FTS5 index over prompts) for English
 * and Chinese terms, against the same index query written by hand (same answer: tags, boards,
 * batch, request parsed) and, for scale, a `LIKE '%term%'` scan of the bare rows.
 */
import { buildMatchQuery, listAssets } from '../src/main/core/library';
import { sized, type BenchContext } from './context';
import { sharedLibrary, LIBRARY_SIZE, QUICK_LIBRARY_SIZE, type LibraryFixture } from './library-fixture';
import { compare } from './measure';
import { RARE_CHINESE, RARE_ENGLISH } from './prompts';
import { rawPage } from './raw-pages';
import type { Row, Table } from './table';

/** The renderer's page size. */
const PAGE = 60;

/** What a user might type, from very common to absent. */
const searches: readonly { text: string; what: string }[] = [
  { text: 'fox', what: 'common English word' },
  { text: 'cat watercolor', what: 'two English words' },
  { text: RARE_ENGLISH, what: 'rare English word' },
  { text: 'zeppelin', what: 'absent English word' },
  { text: '猫', what: 'one Chinese character' },
  { text: '橘猫', what: 'two Chinese characters' },
  { text: '霓虹灯', what: 'three Chinese characters' },
  { text: RARE_CHINESE, what: 'rare Chinese word' },
];

/** The raw baseline: every whitespace-separated term as `prompt LIKE '%term%'`, newest first. */
function likeSearch(fixture: LibraryFixture, text: string): { page: () => unknown[]; hits: number } {
  const terms = text
    .split(/\s+/u)
    .filter(Boolean)
    .map((term) => `%${term}%`);
  const where = terms.map(() => 'prompt LIKE ?').join(' AND ');
  const page = fixture.db.connection.prepare(`SELECT * FROM assets WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?`);
  const count = fixture.db.connection.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM assets WHERE ${where}`);
  return { page: () => page.all(...terms, PAGE), hits: count.get(...terms)?.n ?? 0 };
}

function indexHits(fixture: LibraryFixture, text: string): number {
  const match = buildMatchQuery(text);
  if (match === null) return 0;
  return fixture.db.connection.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM asset_search WHERE asset_search MATCH ?').get(match)?.n ?? 0;
}

export async function run(context: BenchContext): Promise<Table[]> {
  const fixture = sharedLibrary(sized(context, LIBRARY_SIZE, QUICK_LIBRARY_SIZE));
  const rows: Row[] = [];
  let faster = 0;
  for (const { text, what } of searches) {
    const like = likeSearch(fixture, text);
    const handWritten = rawPage(fixture.db.connection, {
      where: 'a.seq IN (SELECT rowid FROM asset_search WHERE asset_search MATCH ?)',
      params: [buildMatchQuery(text)],
      limit: PAGE + 1,
    });
    const [scan, raw, app] = await compare(
      [
        { label: `"${text}" LIKE scan, ${like.hits} hits`, operation: like.page },
        { label: `"${text}" index by hand, ${indexHits(fixture, text)} hits`, operation: handWritten },
        { label: `"${text}" listAssets (${what})`, operation: () => listAssets(fixture.db, { text, limit: PAGE }) },
      ],
      { iterations: sized(context, 100, 20), budgetMs: 2000 },
    );
    if (app.medianNs < scan.medianNs) faster++;
    rows.push({ stats: scan }, { stats: raw }, { stats: app, raw, target: { ratioAtMost: 1.5 } });
  }
  return [
    {
      title: `Gallery search, first page of ${PAGE} (${fixture.assets.toLocaleString('en-US')} assets)`,
      rows,
      notes: [
        `listAssets was faster than the LIKE scan for ${faster} of ${searches.length} terms`,
        'raw = the same answer by hand: keys of the index matches, newest first, then those rows with tags, boards and batch',
        `LIKE scan = SELECT * FROM assets WHERE prompt LIKE '%term%' [AND ...] ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`,
        'LIKE walks the newest-first index and stops after 50 matches: quick for common terms, a read of every row for rare or absent ones',
        'both index queries sort the keys of every match, then read rows for the page they keep: their cost grows with the hit count',
        'hit counts differ where LIKE matches inside words ("cat" in "caterpillar") and the index matches word prefixes',
      ],
    },
  ];
}
