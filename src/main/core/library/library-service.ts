import { assetOrigin } from './asset-origin';
import { assetReferences } from './asset-references';
import type { AssetDetail, AssetView, BoardView, LibraryFilter, SmartFilter } from '../../../shared/contract';
import { StudioFailure } from '../router/failure';
import type { Asset } from './assets';
import { getAsset, setAssetFavourite, setAssetTags } from './assets';
import { countAssetFacets, listAssets, type AssetFacets } from './asset-listing';
import { buildAssetConditions, InvalidCursorError } from './asset-query';
import {
  addToBoard,
  createBoard,
  deleteBoard,
  expandSmartBoard,
  listBoards,
  removeFromBoard,
  renameBoard,
  reorderBoards,
  smartFilterOf,
  type Board,
} from './boards';
import { exportAssets, type ExportResult } from './export';
import { legacyLibraryDatabasePath } from './database-location';
import { LibraryDatabase } from './library-database';
import type { LegacyEngineState } from './legacy-engine-state';
import { PRIVATE_MODES, type FileModes } from '../private-files';
import { writeAssetSidecar } from './sidecars';
import { normalizeTags } from './tags';
import { LibraryTrash, type DeletionResult } from './trash';
import type { Clock } from '../lifecycle/clock';

/**
 * Where earlier versions kept a library's database, inside the library folder. The studio now keeps
 * it in its data folder (`database-location.ts`) and moves one found here on first open.
 */
export function libraryDatabasePath(root: string): string {
  return legacyLibraryDatabasePath(root);
}

export interface LibraryServiceSetup {
  /** The desktop's trash, where deleted files finally go; absent in web mode (they stay in `.trash`). */
  systemTrash?: ((file: string) => Promise<void>) | undefined;
  /** How long a deletion can be undone (tests shorten it). */
  undoWindowMs?: number | undefined;
  /** The database file (`prepareLibraryDatabase`); without one, the one inside the library folder. */
  databaseFile?: string | undefined;
  /** The time rows are stamped with and the trash waits on (the studio's clock); real time by default. */
  clock?: Clock | undefined;
}

/**
 * The asset library as the studio uses it: one database (the one writer) and the folder of files.
 * Changes to an asset are written to its sidecar too, so the database can always be rebuilt.
 */
export class LibraryService {
  readonly db: LibraryDatabase;
  readonly trash: LibraryTrash;

  constructor(
    readonly root: string,
    /** Modes of the files it writes: owner-only unless the artist chose a shared library folder. */
    readonly modes: FileModes = PRIVATE_MODES,
    /** The engine's state an earlier version kept in the settings file; migration 8 moves it in. */
    legacyEngineState?: LegacyEngineState,
    { databaseFile, clock, ...trash }: LibraryServiceSetup = {},
  ) {
    this.db = LibraryDatabase.open(databaseFile ?? legacyLibraryDatabasePath(root), { legacyEngineState, ...(clock ? { clock: () => clock.now() } : {}) });
    this.trash = new LibraryTrash({ db: this.db, root, modes, clock, ...trash });
  }

  list(request: LibraryFilter & { limit?: number | undefined; cursor?: string | null | undefined }): { items: AssetView[]; nextCursor: string | null } {
    try {
      const page = listAssets(this.db, expandSmartBoard(this.db, request));
      return { items: page.items.map(toAssetView), nextCursor: page.nextCursor };
    } catch (err) {
      if (err instanceof InvalidCursorError) throw StudioFailure.of('stale_cursor');
      throw err;
    }
  }

  facets(filter: LibraryFilter, since: readonly number[] = []): AssetFacets {
    return countAssetFacets(this.db, expandSmartBoard(this.db, filter), since);
  }

  /** Which of `ids` the filter shows (in no particular order). */
  match(filter: LibraryFilter, ids: readonly string[]): string[] {
    const wanted = unique(ids);
    const where = buildAssetConditions(expandSmartBoard(this.db, filter));
    const sql = `SELECT a.id FROM assets a WHERE a.id IN (${wanted.map(() => '?').join(', ')}) AND ${where.sql}`;
    return this.db
      .prepare<unknown[], { id: string }>(sql)
      .all(...wanted, ...where.params)
      .map((row) => row.id);
  }

  get(id: string): AssetView {
    return toAssetView(this.require(getAsset(this.db, id)));
  }

  detail(id: string): AssetDetail {
    const asset = this.require(getAsset(this.db, id));
    return {
      asset: toAssetView(asset),
      ...assetOrigin(this.db, asset.jobId),
      references: assetReferences(this.db, asset.request),
    };
  }

  async setFavourite(id: string, favourite: boolean): Promise<AssetView> {
    const asset = this.require(setAssetFavourite(this.db, id, favourite));
    await writeAssetSidecar(this.root, asset, this.modes);
    return toAssetView(asset);
  }

  async setTags(id: string, tags: string[]): Promise<AssetView> {
    const asset = this.require(setAssetTags(this.db, id, tags));
    await writeAssetSidecar(this.root, asset, this.modes);
    return toAssetView(asset);
  }

  /** Favourites (or not) every item of a selection; ids no longer in the library are skipped. */
  async setFavourites(ids: readonly string[], favourite: boolean): Promise<AssetView[]> {
    const changed = this.db.transaction(() =>
      unique(ids)
        .map((id) => setAssetFavourite(this.db, id, favourite))
        .filter(present),
    );
    return this.saved(changed);
  }

  /** Adds and removes tags on every item of a selection, keeping each one's other tags. */
  async tagAssets(ids: readonly string[], add: readonly string[], remove: readonly string[]): Promise<AssetView[]> {
    const removed = new Set(normalizeTags(remove));
    const changed = this.db.transaction(() =>
      unique(ids)
        .map((id) => getAsset(this.db, id))
        .filter(present)
        .map((asset) => setAssetTags(this.db, asset.id, [...asset.tags.filter((tag) => !removed.has(tag)), ...add]))
        .filter(present),
    );
    return this.saved(changed);
  }

  boards(): BoardView[] {
    return listBoards(this.db).map(toBoardView);
  }

  /** A board results are put on, or with `filter` a smart board that shows whatever matches it. */
  createBoard(name: string, filter: SmartFilter | null = null): BoardView {
    const board = createBoard(this.db, name, filter);
    if (!board) throw StudioFailure.of('board_name_taken', { name });
    return toBoardView(board);
  }

  renameBoard(id: string, name: string): BoardView {
    const board = renameBoard(this.db, id, name);
    if (board === 'taken') throw StudioFailure.of('board_name_taken', { name });
    if (!board) throw StudioFailure.of('board_not_found');
    return toBoardView(board);
  }

  reorderBoards(ids: readonly string[]): BoardView[] {
    reorderBoards(this.db, ids);
    return this.boards();
  }

  deleteBoard(id: string): boolean {
    if (!deleteBoard(this.db, id)) throw StudioFailure.of('board_not_found');
    return true;
  }

  /** Puts a selection on a board (or takes it off); returns the board and the items as they now are. */
  onBoard(boardId: string, ids: readonly string[], on: boolean): { board: BoardView; assets: AssetView[] } {
    if (smartFilterOf(this.db, boardId) !== undefined) throw StudioFailure.of('board_is_smart');
    const board = on ? addToBoard(this.db, boardId, ids) : removeFromBoard(this.db, boardId, ids);
    if (!board) throw StudioFailure.of('board_not_found');
    return {
      board: toBoardView(board),
      assets: unique(ids)
        .map((id) => getAsset(this.db, id))
        .filter(present)
        .map(toAssetView),
    };
  }

  deleteAssets(ids: readonly string[]): Promise<DeletionResult> {
    return this.trash.delete(ids);
  }

  async undoDelete(deletionId: string): Promise<AssetView[]> {
    const restored = await this.trash.undo(deletionId);
    if (!restored) throw StudioFailure.of('deletion_not_found');
    return restored.map(toAssetView);
  }

  async export(ids: readonly string[]): Promise<ExportResult> {
    const assets = unique(ids)
      .map((id) => getAsset(this.db, id))
      .filter(present);
    if (assets.length === 0) throw StudioFailure.of('asset_not_found');
    const result = await exportAssets(this.root, assets, this.modes);
    if (result.items === 0) throw StudioFailure.of('asset_file_missing');
    return result;
  }

  close(): void {
    this.db.close();
  }

  private async saved(assets: Asset[]): Promise<AssetView[]> {
    for (const asset of assets) await writeAssetSidecar(this.root, asset, this.modes);
    return assets.map(toAssetView);
  }

  private require(asset: Asset | undefined): Asset {
    if (!asset) throw StudioFailure.of('asset_not_found');
    return asset;
  }
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];
const present = <T>(value: T | undefined): value is T => value !== undefined;

const toBoardView = (board: Board): BoardView => ({ ...board });

/** The renderer's view of an asset: paths stay relative to the library; the transport makes URLs. */
export function toAssetView(asset: Asset): AssetView {
  return {
    id: asset.id,
    kind: asset.kind,
    mediaPath: asset.filePath,
    thumbPath: asset.thumbPath,
    mime: asset.mime,
    bytes: asset.bytes,
    width: asset.width,
    height: asset.height,
    durationMs: asset.durationMs,
    hasAudio: asset.hasAudio,
    model: asset.model,
    variantId: asset.variantId,
    prompt: asset.prompt,
    request: asset.request,
    taskId: asset.taskId,
    jobId: asset.jobId,
    createdAt: asset.createdAt,
    favourite: asset.favourite,
    tags: asset.tags,
    boardIds: asset.boardIds,
    batchId: asset.batchId,
    preset: asset.preset,
  };
}
