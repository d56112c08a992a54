import type { AssetFacets } from './facet-counts';
import { normalizeUsername } from './asset-characters';
import { buildAssetConditions, type AssetFilter } from './asset-query';
import type { AssetKind } from './assets';
import { expandSmartBoard } from './boards';
import type { LibraryDatabase } from './library-database';
import { buildMatchQuery } from './search-text';
import { normalizeTag } from './tags';

/**
 * Brings filter-panel counts worked out earlier up to date from the facet journal (migration 22):
 * each asset the journal names is taken out of the counts as it was then and put back as it is
 * now, so a batch's results arriving, a result put on a board or tagged, deleted or restored
 * costs a read of those few assets instead of every count over the library again. Returns
 * undefined where only a full count can follow (boards or batches themselves changed, a search's
 * deleted matches, a list cut at its length that would change, too many changes).
 */

/** More journal rows than this since the counts were made: counting again is as quick. */
const MAX_CHANGES = 2_000;
const MAX_TAGS = 200;
const MAX_CHARACTERS = 100;
const MAX_BATCHES = 20;

interface JournalRow {
  seq: number;
  change: 'insert' | 'delete' | 'update' | 'tag' | 'board' | 'character' | 'recount';
  asset_id: string | null;
  value: string | null;
  sign: number | null;
  kind: AssetKind | null;
  model: string | null;
  variant_id: string | null;
  favourite: number | null;
  created_at: number | null;
  job_id: string | null;
  prompt_changed: number;
}

/** One asset as the counts see it. */
interface CountedAsset {
  row: { kind: AssetKind; model: string; variantId: string | null; favourite: boolean; createdAt: number; jobId: string | null } | null;
  tags: Set<string>;
  boards: Set<string>;
  characters: Set<string>;
  /** Whether its prompt matches each search of the filter (the same now and then unless the prompt changed). */
  searches: Map<string, boolean>;
}

/** The newest journal row now (0 when it is empty): what counts made now are up to date with. */
export function journalPosition(db: LibraryDatabase): number {
  return db.prepare<[], { seq: number | null }>('SELECT MAX(seq) AS seq FROM facet_journal').get()?.seq ?? 0;
}

/** `facets` (made at journal position `from`) brought up to date, with the position it is now at; undefined: count afresh. */
export function followJournal(
  db: LibraryDatabase,
  facets: AssetFacets,
  from: number,
  filter: AssetFilter,
  since: readonly number[],
): { facets: AssetFacets; position: number } | undefined {
  const oldest = db.prepare<[], { seq: number | null }>('SELECT MIN(seq) AS seq FROM facet_journal').get()?.seq ?? null;
  // Rows the journal has let go of since: what changed then is not known.
  if (oldest !== null && oldest > from + 1) return undefined;
  const rows = db.prepare<[number, number], JournalRow>('SELECT * FROM facet_journal WHERE seq > ? ORDER BY seq LIMIT ?').all(from, MAX_CHANGES + 1);
  if (rows.length > MAX_CHANGES || rows.some((row) => row.change === 'recount')) return undefined;
  const position = rows.at(-1)?.seq ?? from;
  if (rows.length === 0) return { facets, position };
  const smart = smartBoards(db);
  const texts = searchesOf(filter, smart);
  if (texts === undefined) return undefined;
  const ids = [...new Set(rows.map((row) => row.asset_id).filter((id): id is string => id !== null))];
  const now = currentAssets(db, ids, texts);
  const then = new Map<string, CountedAsset>();
  for (const id of ids) {
    const before = undoChanges(
      now.get(id) ?? emptyAsset(),
      rows.filter((row) => row.asset_id === id),
      texts.length > 0,
    );
    if (before === undefined) return undefined;
    then.set(id, before);
  }
  const batchOf = batchesOfJobs(db, [...now.values(), ...then.values()]);
  const counts = new Tally(db, facets, filter, since, batchOf, smart);
  for (const id of ids) {
    counts.add(then.get(id) ?? emptyAsset(), -1);
    counts.add(now.get(id) ?? emptyAsset(), 1);
  }
  const updated = counts.result();
  return updated === undefined ? undefined : { facets: updated, position };
}

const emptyAsset = (): CountedAsset => ({ row: null, tags: new Set(), boards: new Set(), characters: new Set(), searches: new Map() });

/** The searches a filter (and its smart boards) holds, whose matches are read from the search index; undefined: a nesting too deep to follow. */
function searchesOf(filter: AssetFilter, smart: readonly { filter: AssetFilter }[]): string[] | undefined {
  const texts = new Set<string>();
  const walk = (one: AssetFilter | undefined, depth: number): boolean => {
    if (one === undefined) return true;
    if (depth > 8) return false;
    if (one.text !== undefined && buildMatchQuery(one.text) !== null) texts.add(one.text);
    return walk(one.within, depth + 1);
  };
  if (!walk(filter, 0)) return undefined;
  for (const board of smart) if (!walk(board.filter, 0)) return undefined;
  return [...texts];
}

function smartBoards(db: LibraryDatabase): { id: string; filter: AssetFilter }[] {
  const ids = db.prepare<[], { id: string }>('SELECT id FROM boards WHERE filter IS NOT NULL').all();
  return ids.map(({ id }) => ({ id, filter: expandSmartBoard<AssetFilter>(db, { boardId: id }).within ?? {} }));
}

/** The named assets as they are now: their counted columns, links and search matches. */
function currentAssets(db: LibraryDatabase, ids: readonly string[], texts: readonly string[]): Map<string, CountedAsset> {
  const found = new Map<string, CountedAsset>();
  const marks = ids.map(() => '?').join(', ');
  const rows = db
    .prepare<string[], { id: string; kind: AssetKind; model: string; variant_id: string | null; favourite: number; created_at: number; job_id: string | null }>(
      `SELECT id, kind, model, variant_id, favourite, created_at, job_id FROM assets WHERE id IN (${marks})`,
    )
    .all(...ids);
  for (const row of rows) {
    found.set(row.id, {
      ...emptyAsset(),
      row: { kind: row.kind, model: row.model, variantId: row.variant_id, favourite: row.favourite === 1, createdAt: row.created_at, jobId: row.job_id },
    });
  }
  const links = [
    ['tags', 'SELECT asset_id, tag AS value FROM asset_tags'],
    ['boards', 'SELECT asset_id, board_id AS value FROM board_items'],
    ['characters', 'SELECT asset_id, username AS value FROM asset_characters'],
  ] as const;
  for (const [key, select] of links) {
    for (const link of db.prepare<string[], { asset_id: string; value: string }>(`${select} WHERE asset_id IN (${marks})`).all(...ids)) {
      let asset = found.get(link.asset_id);
      if (!asset) {
        asset = emptyAsset();
        found.set(link.asset_id, asset);
      }
      asset[key].add(link.value);
    }
  }
  for (const text of texts) {
    const where = buildAssetConditions({ text });
    const matching = new Set(
      db
        .prepare<unknown[], { id: string }>(`SELECT a.id FROM assets a WHERE a.id IN (${marks}) AND ${where.sql}`)
        .all(...ids, ...where.params)
        .map((row) => row.id),
    );
    for (const [id, asset] of found) asset.searches.set(text, matching.has(id));
  }
  return found;
}

/** The asset as it was before `rows` (its journal rows, oldest first); undefined when a search's match then is not known. */
function undoChanges(now: CountedAsset, rows: readonly JournalRow[], searched: boolean): CountedAsset | undefined {
  const then: CountedAsset = {
    row: now.row,
    tags: new Set(now.tags),
    boards: new Set(now.boards),
    characters: new Set(now.characters),
    searches: now.searches,
  };
  for (const row of [...rows].reverse()) {
    if (row.change === 'insert') then.row = null;
    else if (row.change === 'delete' || row.change === 'update') {
      // The row as it was: whether its prompt matched a search is known only while the prompt is the one still indexed.
      if ((row.change === 'delete' || row.prompt_changed === 1) && searched) return undefined;
      then.row = {
        kind: row.kind ?? 'image',
        model: row.model ?? '',
        variantId: row.variant_id,
        favourite: row.favourite === 1,
        createdAt: row.created_at ?? 0,
        jobId: row.job_id,
      };
    } else if (row.value !== null) {
      const links = row.change === 'tag' ? then.tags : row.change === 'board' ? then.boards : row.change === 'character' ? then.characters : undefined;
      if (row.sign === 1) links?.delete(row.value);
      else links?.add(row.value);
    }
  }
  return then;
}

function batchesOfJobs(db: LibraryDatabase, assets: readonly CountedAsset[]): Map<string, string | null> {
  const jobs = [...new Set(assets.map((asset) => asset.row?.jobId).filter((id): id is string => typeof id === 'string'))];
  if (jobs.length === 0) return new Map();
  const rows = db
    .prepare<string[], { id: string; batch_id: string | null }>(`SELECT id, batch_id FROM jobs WHERE id IN (${jobs.map(() => '?').join(', ')})`)
    .all(...jobs);
  return new Map(rows.map((row) => [row.id, row.batch_id]));
}

/** Whether an asset passes `filter` with the facet `omit` left out (as `buildAssetConditions` writes it). */
function passes(asset: CountedAsset, batch: string | null, filter: AssetFilter, omit?: string): boolean {
  const row = asset.row;
  if (row === null) return false;
  if (filter.kind !== undefined && omit !== 'kind' && row.kind !== filter.kind) return false;
  if (filter.model !== undefined && omit !== 'model' && row.model !== filter.model) return false;
  if (filter.variantId !== undefined && row.variantId !== filter.variantId) return false;
  if (filter.favourite !== undefined && omit !== 'favourite' && row.favourite !== filter.favourite) return false;
  const tag = filter.tag === undefined ? null : normalizeTag(filter.tag);
  if (tag !== null && omit !== 'tag' && !asset.tags.has(tag)) return false;
  if (filter.createdFrom !== undefined && omit !== 'date' && row.createdAt < filter.createdFrom) return false;
  if (filter.createdBefore !== undefined && omit !== 'date' && row.createdAt >= filter.createdBefore) return false;
  if (filter.batchId !== undefined && omit !== 'batch' && batch !== filter.batchId) return false;
  if (filter.boardId !== undefined && omit !== 'board' && !asset.boards.has(filter.boardId)) return false;
  if (filter.character !== undefined && omit !== 'character' && !asset.characters.has(normalizeUsername(filter.character))) return false;
  if (filter.jobId !== undefined && row.jobId !== filter.jobId) return false;
  if (filter.text !== undefined && buildMatchQuery(filter.text) !== null && asset.searches.get(filter.text) !== true) return false;
  if (filter.within !== undefined && omit !== 'board' && !passes(asset, batch, filter.within)) return false;
  return true;
}

/** Counts by key, changed by deltas. */
function countsOf<K extends string>(entries: readonly (Record<K, string> & { count: number })[], key: K): Map<string, number> {
  return new Map(entries.map((entry) => [entry[key], entry.count]));
}

const bump = (counts: Map<string, number>, key: string, by: number): void => void counts.set(key, (counts.get(key) ?? 0) + by);

/** SQLite's BINARY order of text (UTF-8 bytes), which `ORDER BY` uses for the ties. */
const binary = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The kept counts plus the deltas of changed assets. */
class Tally {
  private total: number;
  private favourites: number;
  private readonly kinds: Map<string, number>;
  private readonly models: Map<string, number>;
  private readonly tags: Map<string, number>;
  private readonly boards: Map<string, number>;
  private readonly characters: Map<string, number>;
  private readonly batches: Map<string, number>;
  private readonly since: number[];
  private tagsTouched = false;
  private charactersTouched = false;

  constructor(
    private readonly db: LibraryDatabase,
    private readonly facets: AssetFacets,
    private readonly filter: AssetFilter,
    private readonly froms: readonly number[],
    private readonly batchOf: Map<string, string | null>,
    private readonly smart: readonly { id: string; filter: AssetFilter }[],
  ) {
    this.total = facets.total;
    this.favourites = facets.favourites;
    this.kinds = new Map(Object.entries(facets.kinds));
    this.models = countsOf(facets.models, 'model');
    this.tags = countsOf(facets.tags, 'tag');
    this.boards = countsOf(facets.boards, 'id');
    this.characters = countsOf(facets.characters, 'username');
    this.batches = countsOf(facets.batches, 'id');
    this.since = facets.since.map((entry) => entry.count);
  }

  add(asset: CountedAsset, sign: 1 | -1): void {
    const row = asset.row;
    if (row === null) return;
    const batch = row.jobId === null ? null : (this.batchOf.get(row.jobId) ?? null);
    const passes_ = (omit?: string): boolean => passes(asset, batch, this.filter, omit);
    if (passes_()) this.total += sign;
    if (row.favourite && passes_('favourite')) this.favourites += sign;
    if (passes_('kind')) bump(this.kinds, row.kind, sign);
    if (passes_('model')) bump(this.models, row.model, sign);
    if (asset.tags.size > 0 && passes_('tag')) {
      this.tagsTouched = true;
      for (const tag of asset.tags) bump(this.tags, tag, sign);
    }
    if (passes_('board')) for (const board of asset.boards) if (this.boards.has(board)) bump(this.boards, board, sign);
    const withoutBoard: AssetFilter = { ...this.filter, boardId: undefined, within: undefined };
    for (const board of this.smart) if (passes(asset, batch, { ...withoutBoard, within: board.filter })) bump(this.boards, board.id, sign);
    if (asset.characters.size > 0 && passes_('character')) {
      this.charactersTouched = true;
      for (const username of asset.characters) bump(this.characters, username, sign);
    }
    if (batch !== null && passes_('batch')) bump(this.batches, batch, sign);
    if (!passes_('date')) return;
    for (const [index, from] of this.froms.entries()) if (row.createdAt >= from) this.since[index] = (this.since[index] ?? 0) + sign;
  }

  /** The counts in the panel's order; undefined where a list cut at its length may have changed its members. */
  result(): AssetFacets | undefined {
    if (this.tagsTouched && this.facets.tags.length >= MAX_TAGS) return undefined;
    if (this.charactersTouched && this.facets.characters.length >= MAX_CHARACTERS) return undefined;
    const batches = this.batchList();
    if (batches === undefined) return undefined;
    const ranked = (counts: Map<string, number>): [string, number][] =>
      [...counts].filter(([, count]) => count > 0).sort(([a, left], [b, right]) => right - left || binary(a, b));
    return {
      total: this.total,
      favourites: this.favourites,
      kinds: Object.fromEntries(Object.keys(this.facets.kinds).map((kind) => [kind, this.kinds.get(kind) ?? 0])) as Record<AssetKind, number>,
      models: ranked(this.models).map(([model, count]) => ({ model, count })),
      tags: ranked(this.tags)
        .slice(0, MAX_TAGS)
        .map(([tag, count]) => ({ tag, count })),
      boards: this.facets.boards.map((board) => ({ ...board, count: this.boards.get(board.id) ?? 0 })),
      characters: ranked(this.characters)
        .slice(0, MAX_CHARACTERS)
        .map(([username, count]) => ({ username, count })),
      batches,
      since: this.facets.since.map((entry, index) => ({ from: entry.from, count: this.since[index] ?? 0 })),
    };
  }

  /** The newest batches with results (and the chosen one first); undefined when one beyond a full list would now come in. */
  private batchList(): AssetFacets['batches'] | undefined {
    const shown = [...this.batches].filter(([, count]) => count > 0);
    const full = this.facets.batches.length >= MAX_BATCHES;
    if (full && this.facets.batches.some((batch) => (this.batches.get(batch.id) ?? 0) <= 0)) return undefined;
    if (shown.length === 0) return [];
    const rows = this.db
      .prepare<string[], { id: string; name: string; created_at: number }>(
        `SELECT id, name, created_at FROM batches WHERE id IN (${shown.map(() => '?').join(', ')})`,
      )
      .all(...shown.map(([id]) => id));
    const chosen = this.filter.batchId ?? '';
    return rows
      .sort((a, b) => Number(b.id === chosen) - Number(a.id === chosen) || b.created_at - a.created_at || binary(a.id, b.id))
      .slice(0, MAX_BATCHES)
      .map((row) => ({ id: row.id, name: row.name, count: this.batches.get(row.id) ?? 0 }));
  }
}
