import { create } from 'zustand';
import type {
  AssetDetail,
  AssetFacets,
  AssetView,
  BoardView,
  Envelope,
  LibraryFilter,
  RouteOutput,
  SidecarRestoreView,
  SmartFilter,
} from '../../../../shared/contract';
import { queryKey } from '../../entities/paged-queries';
import { studio } from '../../studio/studio-client';
import { emptySelection, select, type Selection, type SelectionAction } from './model/selection';

/** Row heights the toolbar's slider offers (the tile size), in px. */
export const TILE_SIZES = { min: 90, max: 350, initial: 150 } as const;

/** How the grid is shown; kept on this computer between visits. */
export interface GalleryView {
  tileSize: number;
  /** Square tiles (cropped) instead of each result at its own ratio. */
  square: boolean;
  /**
   * The filter panel open or folded, as the artist last chose it in a wide window and in a narrow
   * one (null until they choose: open when wide, folded when narrow).
   */
  panel: { wide: boolean | null; narrow: boolean | null };
}

const VIEW_KEY = 'atelier.gallery.view';
const defaultView: GalleryView = { tileSize: TILE_SIZES.initial, square: false, panel: { wide: null, narrow: null } };
const choice = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

function storedView(): GalleryView {
  try {
    const saved = JSON.parse(globalThis.localStorage.getItem(VIEW_KEY) ?? 'null') as {
      tileSize?: unknown;
      square?: unknown;
      panel?: { wide?: unknown; narrow?: unknown };
    } | null;
    return {
      tileSize: typeof saved?.tileSize === 'number' ? clampTile(saved.tileSize) : defaultView.tileSize,
      square: saved?.square === true,
      panel: { wide: choice(saved?.panel?.wide), narrow: choice(saved?.panel?.narrow) },
    };
  } catch {
    return defaultView;
  }
}

function storeView(view: GalleryView): void {
  try {
    globalThis.localStorage.setItem(VIEW_KEY, JSON.stringify(view));
  } catch {
    // Storage full or refused: the choice holds for this visit.
  }
}

const clampTile = (size: number): number => Math.min(TILE_SIZES.max, Math.max(TILE_SIZES.min, Math.round(size)));

interface GalleryState {
  /** Filter-panel counts by filter (and date presets). */
  facets: Readonly<Record<string, AssetFacets>>;
  /** The library `version` each filter's counts were read at (older ones are stale). */
  facetsAt: Readonly<Record<string, number>>;
  boards: BoardView[];
  /** Asset details (job timings, credits, batch) by asset id. */
  details: Readonly<Record<string, AssetDetail>>;
  selection: Selection;
  view: GalleryView;
  /** The item shown in the quick preview (Space), if any. */
  preview: string | null;
  /** Bumped by every change of the library (an event), so the counts follow. */
  version: number;
  libraryChanged: () => void;
  /** Results being read back from the library folder's sidecars (null: none under way). */
  sidecarRestore: SidecarRestoreView | null;
  sidecarRestoreChanged: (progress: SidecarRestoreView | null) => void;
  /** Asks main where reading sidecars stands (a window opened while it goes on). */
  loadSidecarRestore: () => Promise<void>;

  loadFacets: (filter: LibraryFilter, since: readonly number[]) => Promise<Envelope<AssetFacets>>;
  loadBoards: () => Promise<Envelope<BoardView[]>>;
  boardsReceived: (boards: BoardView[]) => void;
  loadDetail: (id: string) => Promise<Envelope<AssetDetail>>;
  select: (action: SelectionAction) => void;
  setView: (change: Partial<GalleryView>) => void;
  setPreview: (id: string | null) => void;

  setFavourites: (ids: readonly string[], favourite: boolean) => Promise<Envelope<AssetView[]>>;
  tag: (ids: readonly string[], add: readonly string[], remove?: readonly string[]) => Promise<Envelope<AssetView[]>>;
  createBoard: (name: string) => Promise<Envelope<BoardView>>;
  createSmartBoard: (name: string, filter: SmartFilter) => Promise<Envelope<BoardView>>;
  renameBoard: (id: string, name: string) => Promise<Envelope<BoardView>>;
  deleteBoard: (id: string) => Promise<Envelope<{ deleted: boolean }>>;
  reorderBoards: (ids: readonly string[]) => Promise<Envelope<BoardView[]>>;
  putOnBoard: (boardId: string, ids: readonly string[], on: boolean) => Promise<Envelope<{ board: BoardView; assets: AssetView[] }>>;
  deleteAssets: (ids: readonly string[]) => Promise<Envelope<RouteOutput<'library.delete_assets'>>>;
  undoDelete: (deletionId: string) => Promise<Envelope<{ restored: AssetView[] }>>;
  exportAssets: (ids: readonly string[]) => Promise<Envelope<RouteOutput<'library.export_assets'>>>;
  /** The desktop app: main asks where to save (the system's dialog) and writes the file. */
  saveExport: (ids: readonly string[]) => Promise<Envelope<RouteOutput<'desktop.export_assets'>>>;
  reveal: (id: string) => Promise<Envelope<{ revealed: boolean }>>;
  /** Keeps the frame of a video at `atMs` as a new image in the library. */
  grabFrame: (id: string, atMs: number) => Promise<Envelope<AssetView>>;
  startDrag: (ids: readonly string[]) => Promise<Envelope<{ started: boolean }>>;
}

/** The gallery's own state: counts, boards, details, the selection, and the actions on the library. */
export const useGalleryStore = create<GalleryState>()((set, get) => ({
  facets: {},
  facetsAt: {},
  boards: [],
  details: {},
  selection: emptySelection,
  view: storedView(),
  preview: null,
  version: 0,
  libraryChanged: () => set((state) => ({ version: state.version + 1 })),
  sidecarRestore: null,
  sidecarRestoreChanged: (progress) => set({ sidecarRestore: progress?.finished === true ? null : progress }),
  loadSidecarRestore: async () => {
    const answer = await studio().call('library.sidecar_restore_status', {});
    if (answer.ok) set({ sidecarRestore: answer.value });
  },

  loadFacets: async (filter, since) => {
    const asked = get().version;
    const answer = await studio().call('library.count_facets', { ...filter, since: [...since] });
    const key = facetKey(filter);
    if (answer.ok) set((state) => ({ facets: { ...state.facets, [key]: answer.value }, facetsAt: { ...state.facetsAt, [key]: asked } }));
    return answer;
  },
  loadBoards: async () => {
    const answer = await studio().call('library.list_boards', {});
    if (answer.ok) set({ boards: answer.value });
    return answer;
  },
  boardsReceived: (boards) => set({ boards }),
  loadDetail: async (id) => {
    const answer = await studio().call('library.get_asset_detail', { id });
    if (answer.ok) set((state) => ({ details: { ...state.details, [id]: answer.value } }));
    return answer;
  },
  select: (action) => {
    const next = select(get().selection, action);
    if (next !== get().selection) set({ selection: next });
  },
  setView: (change) => {
    const view = { ...get().view, ...change };
    view.tileSize = clampTile(view.tileSize);
    storeView(view);
    set({ view });
  },
  setPreview: (id) => set({ preview: id }),

  setFavourites: (ids, favourite) => studio().call('library.set_favourites', { ids: [...ids], favourite }),
  tag: (ids, add, remove = []) => studio().call('library.tag_assets', { ids: [...ids], add: [...add], remove: [...remove] }),
  createBoard: async (name) => {
    const answer = await studio().call('library.create_board', { name });
    if (answer.ok) set((state) => ({ boards: [...state.boards.filter((b) => b.id !== answer.value.id), answer.value] }));
    return answer;
  },
  createSmartBoard: async (name, filter) => {
    const answer = await studio().call('library.create_smart_board', { name, filter });
    if (answer.ok) set((state) => ({ boards: [...state.boards.filter((b) => b.id !== answer.value.id), answer.value] }));
    return answer;
  },
  renameBoard: async (id, name) => {
    const answer = await studio().call('library.rename_board', { id, name });
    if (answer.ok) set((state) => ({ boards: state.boards.map((b) => (b.id === id ? answer.value : b)) }));
    return answer;
  },
  deleteBoard: async (id) => {
    const answer = await studio().call('library.delete_board', { id });
    if (answer.ok) set((state) => ({ boards: state.boards.filter((b) => b.id !== id) }));
    return answer;
  },
  reorderBoards: async (ids) => {
    const answer = await studio().call('library.reorder_boards', { ids: [...ids] });
    if (answer.ok) set({ boards: answer.value });
    return answer;
  },
  putOnBoard: async (boardId, ids, on) => {
    const answer = await studio().call(on ? 'library.add_to_board' : 'library.remove_from_board', { boardId, ids: [...ids] });
    if (answer.ok) set((state) => ({ boards: state.boards.map((b) => (b.id === boardId ? answer.value.board : b)) }));
    return answer;
  },
  deleteAssets: (ids) => studio().call('library.delete_assets', { ids: [...ids] }),
  undoDelete: (deletionId) => studio().call('library.undo_delete', { deletionId }),
  exportAssets: (ids) => studio().call('library.export_assets', { ids: [...ids] }),
  saveExport: (ids) => studio().call('desktop.export_assets', { ids: [...ids] }),
  reveal: (id) => studio().call('desktop.reveal_asset', { id }),
  grabFrame: (id, atMs) => studio().call('library.grab_frame', { assetId: id, atMs: Math.max(0, Math.round(atMs)) }),
  startDrag: (ids) => studio().call('desktop.start_drag', { ids: [...ids] }),
}));

/** The key of a filter's counts (the sort order does not change them). */
export function facetKey(filter: LibraryFilter): string {
  const { order: _order, ...counted } = filter;
  return queryKey({ name: 'facets' }, counted);
}

export const gallerySelectors = {
  facets:
    (filter: LibraryFilter) =>
    (state: Pick<GalleryState, 'facets'>): AssetFacets | undefined =>
      state.facets[facetKey(filter)],
  /** Whether a filter's counts were read since the library last changed. */
  facetsFresh:
    (filter: LibraryFilter) =>
    (state: Pick<GalleryState, 'facetsAt' | 'version'>): boolean =>
      state.facetsAt[facetKey(filter)] === state.version,
  board:
    (id: string | undefined) =>
    (state: Pick<GalleryState, 'boards'>): BoardView | undefined =>
      id === undefined ? undefined : state.boards.find((b) => b.id === id),
  boardName:
    (id: string) =>
    (state: Pick<GalleryState, 'boards'>): string | undefined =>
      state.boards.find((b) => b.id === id)?.name,
};
