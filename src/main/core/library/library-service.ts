import { join } from 'node:path';
import type { AssetView, LibraryFilter } from '../../../shared/contract';
import { StudioFailure } from '../router/failure';
import type { Asset } from './assets';
import { getAsset, setAssetFavourite, setAssetTags } from './assets';
import { countAssetFacets, listAssets, type AssetFacets } from './asset-listing';
import { creditsPerDay, type DaySpend } from './job-listing';
import { InvalidCursorError } from './asset-query';
import { LibraryDatabase } from './library-database';
import type { LegacyEngineState } from './engine-state';
import { PRIVATE_MODES, type FileModes } from '../private-files';
import { writeAssetSidecar } from './sidecars';

/** Where the library's database lives inside the library folder, so moving the folder moves everything. */
export function libraryDatabasePath(root: string): string {
  return join(root, '.atelier', 'library.sqlite');
}

/**
 * The asset library as the studio uses it: one database (the one writer) and the folder of files.
 * Changes to an asset are written to its sidecar too, so the database can always be rebuilt.
 */
export class LibraryService {
  readonly db: LibraryDatabase;

  constructor(
    readonly root: string,
    /** Modes of the files it writes: owner-only unless the artist chose a shared library folder. */
    private readonly modes: FileModes = PRIVATE_MODES,
    /** The engine's state an earlier version kept in the settings file; migration 8 moves it in. */
    legacyEngineState?: LegacyEngineState,
  ) {
    this.db = LibraryDatabase.open(libraryDatabasePath(root), { legacyEngineState });
  }

  list(request: LibraryFilter & { limit?: number | undefined; cursor?: string | null | undefined }): { items: AssetView[]; nextCursor: string | null } {
    try {
      const page = listAssets(this.db, request);
      return { items: page.items.map(toAssetView), nextCursor: page.nextCursor };
    } catch (err) {
      if (err instanceof InvalidCursorError) throw StudioFailure.of('stale_cursor');
      throw err;
    }
  }

  facets(filter: LibraryFilter): AssetFacets {
    return countAssetFacets(this.db, filter);
  }

  /** Credits spent per day (the window's local days), from the jobs' measured or estimated costs. */
  creditsPerDay(dayStarts: readonly number[], end: number): DaySpend[] {
    return creditsPerDay(this.db, dayStarts, end);
  }

  get(id: string): AssetView {
    return toAssetView(this.require(getAsset(this.db, id)));
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

  close(): void {
    this.db.close();
  }

  private require(asset: Asset | undefined): Asset {
    if (!asset) throw StudioFailure.of('asset_not_found');
    return asset;
  }
}

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
    model: asset.model,
    variantId: asset.variantId,
    prompt: asset.prompt,
    request: asset.request,
    taskId: asset.taskId,
    jobId: asset.jobId,
    createdAt: asset.createdAt,
    favourite: asset.favourite,
    tags: asset.tags,
  };
}
