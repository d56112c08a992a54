/**
 * Filter-panel counts: `countAssetFacets` for a few filters against one raw `SELECT COUNT(*)`
 * with the same filter (the least any count of the panel could cost). The panel asks again for a
 * filter it has counted since the library last changed, which `countAssetFacets` answers from
 * what it kept; `computeAssetFacets` is the count after a change, worked out afresh.
 */
import { buildMatchQuery, countAssetFacets, deleteAsset, insertAsset, setAssetFavourite, type AssetFilter } from '../src/main/core/library';
import { computeAssetFacets } from '../src/main/core/library/asset-facets';
import { addToBoard, removeFromBoard } from '../src/main/core/library/boards';
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

/**
 * The library changing as an artist works while a batch lands, one change before each timed count:
 * a result arrives (tagged, in a batch, now and then mentioning a character), a result is put on a
 * board or taken off, a favourite is toggled. The results that arrived are deleted at the end.
 */
function changes(fixture: LibraryFixture, boardId: string): { next: () => void; undo: () => void } {
  const arrived: string[] = [];
  const someAssets = fixture.db.connection
    .prepare<[], { id: string }>('SELECT id FROM assets ORDER BY seq LIMIT 500')
    .all()
    .map((row) => row.id);
  const job = fixture.db.connection.prepare<[], { id: string }>('SELECT id FROM jobs WHERE batch_id IS NOT NULL LIMIT 1').get()?.id ?? null;
  let turn = 0;
  return {
    next: () => {
      turn += 1;
      const id = someAssets[turn % someAssets.length] ?? '';
      const step = turn % 4;
      if (step === 0) {
        const asset = insertAsset(fixture.db, {
          kind: 'image',
          filePath: `bench/arrived-${String(turn)}.png`,
          mime: 'image/png',
          bytes: 1000,
          width: 1024,
          height: 1024,
          sha256: String(turn).padStart(64, '0'),
          model: 'gen-image-2',
          variantId: 'image.gen-image-2.direct',
          jobId: job,
          prompt: `${turn % 3 === 0 ? `@${CHARACTER} ` : ''}a lantern festival at night ${String(turn)}`,
          request: {},
          tags: ['client-a'],
          favourite: turn % 8 === 0,
        }).asset;
        arrived.push(asset.id);
      } else if (step === 1) addToBoard(fixture.db, boardId, [id]);
      else if (step === 2) removeFromBoard(fixture.db, boardId, [id]);
      else setAssetFavourite(fixture.db, id, turn % 8 === 3);
    },
    undo: () => {
      for (const id of arrived) deleteAsset(fixture.db, id);
    },
  };
}

export async function run(context: BenchContext): Promise<Table[]> {
  const fixture = sharedLibrary(sized(context, LIBRARY_SIZE, QUICK_LIBRARY_SIZE));
  const rows: Row[] = [];
  const boardId = fixture.boards[0]?.id;
  if (boardId === undefined) throw new Error('the library fixture has no board');
  const change = changes(fixture, boardId);
  try {
    for (const facet of cases(boardId)) {
      const count = rawCount(fixture, facet);
      const [raw, app, followed, fresh] = await compare(
        [
          { label: `${facet.label}: raw COUNT(*) = ${count()}`, operation: count },
          { label: `${facet.label}: countAssetFacets`, operation: () => countAssetFacets(fixture.db, facet.filter) },
          { label: `${facet.label}: after a change (countAssetFacets)`, operation: () => countAssetFacets(fixture.db, facet.filter), prepare: change.next },
          { label: `${facet.label}: counted afresh (computeAssetFacets)`, operation: () => computeAssetFacets(fixture.db, facet.filter) },
        ],
        { iterations: sized(context, 40, 20), budgetMs: sized(context, 1500, 1000) },
      );
      rows.push({ stats: raw }, { stats: app, raw, target: { ratioAtMost: 2 } }, { stats: followed, raw, target: { ratioAtMost: 2 } }, { stats: fresh, raw });
    }
  } finally {
    change.undo();
  }
  return [
    {
      title: `Facet counts of the filter panel (${fixture.assets.toLocaleString('en-US')} assets)`,
      rows,
      notes: [
        'raw = one SELECT COUNT(*) FROM assets WHERE <the same filter>',
        'countAssetFacets answers a filter counted since the library last changed from what it kept (one read of facet_generation);',
        'after a change (a result arriving, put on a board or taken off, a favourite toggled: one before each timed count) it brings',
        'the kept counts up to date from the facet journal (the changed assets read again, their old state from the journal);',
        'counted afresh = one statement per facet (total, favourites, kinds, models, tags, boards, characters, batches), each',
        'ignoring its own facet: what every count after a change cost before the journal, several times the raw work by design',
      ],
    },
  ];
}
