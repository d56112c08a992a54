/**
 * Filter-panel counts: `countAssetFacets` for a few filters against one raw `SELECT COUNT(*)`
 * with the same filter (the least any count of the panel could cost). The panel asks again for a
 * filter it has counted since the library last changed, which `countAssetFacets` answers from
 * what it kept; `computeAssetFacets` is the count after a change, worked out afresh.
 */
import { buildMatchQuery, countAssetFacets, type AssetFilter } from '../src/main/core/library';
import { computeAssetFacets } from '../src/main/core/library/asset-facets';
import { sized, type BenchContext } from './context';
import { sharedLibrary, LIBRARY_SIZE, QUICK_LIBRARY_SIZE, type LibraryFixture } from './library-fixture';
import { compare } from './measure';
import { CHARACTERS } from './prompts';
import type { Row, Table } from './table';

interface FacetCase {
  label: string;
  filter: AssetFilter;
  /** The same filter as plain SQL over `assets`. */
  rawWhere: string;
  rawParams: (string | number)[];
}

const CHARACTER = CHARACTERS[0];

function cases(boardId: string): FacetCase[] {
  const cat = buildMatchQuery('猫') ?? '';
  return [
    { label: 'no filter', filter: {}, rawWhere: '1', rawParams: [] },
    { label: 'model = gen-image-2', filter: { model: 'gen-image-2' }, rawWhere: 'model = ?', rawParams: ['gen-image-2'] },
    {
      label: 'favourite + tag client-a',
      filter: { favourite: true, tag: 'client-a' },
      rawWhere: "favourite = 1 AND id IN (SELECT asset_id FROM asset_tags WHERE tag = 'client-a')",
      rawParams: [],
    },
    {
      label: 'text "猫"',
      filter: { text: '猫' },
      rawWhere: 'seq IN (SELECT rowid FROM asset_search WHERE asset_search MATCH ?)',
      rawParams: [cat],
    },
    {
      label: 'board',
      filter: { boardId },
      rawWhere: 'id IN (SELECT asset_id FROM board_items WHERE board_id = ?)',
      rawParams: [boardId],
    },
    {
      label: `character @${CHARACTER}`,
      filter: { character: CHARACTER },
      rawWhere: 'id IN (SELECT asset_id FROM asset_characters WHERE username = ?)',
      rawParams: [CHARACTER],
    },
  ];
}

function rawCount(fixture: LibraryFixture, facet: FacetCase): () => number {
  const statement = fixture.db.connection.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM assets WHERE ${facet.rawWhere}`);
  return () => statement.get(...facet.rawParams)?.n ?? 0;
}

export async function run(context: BenchContext): Promise<Table[]> {
  const fixture = sharedLibrary(sized(context, LIBRARY_SIZE, QUICK_LIBRARY_SIZE));
  const rows: Row[] = [];
  const boardId = fixture.boards[0]?.id;
  if (boardId === undefined) throw new Error('the library fixture has no board');
  for (const facet of cases(boardId)) {
    const count = rawCount(fixture, facet);
    const [raw, app, fresh] = await compare(
      [
        { label: `${facet.label}: raw COUNT(*) = ${count()}`, operation: count },
        { label: `${facet.label}: countAssetFacets`, operation: () => countAssetFacets(fixture.db, facet.filter) },
        { label: `${facet.label}: after a change (computeAssetFacets)`, operation: () => computeAssetFacets(fixture.db, facet.filter) },
      ],
      { iterations: sized(context, 40, 20), budgetMs: sized(context, 1500, 1000) },
    );
    rows.push({ stats: raw }, { stats: app, raw, target: { ratioAtMost: 2 } }, { stats: fresh, raw });
  }
  return [
    {
      title: `Facet counts of the filter panel (${fixture.assets.toLocaleString('en-US')} assets)`,
      rows,
      notes: [
        'raw = one SELECT COUNT(*) FROM assets WHERE <the same filter>',
        'countAssetFacets answers a filter counted since the library last changed from what it kept (one read of facet_generation);',
        'after a change it runs one statement per facet (total, favourites, kinds, models, tags, boards, characters, batches),',
        'each ignoring its own facet (the "after a change" rows): several times the raw work by design',
      ],
    },
  ];
}
