import { create } from 'zustand';
import type { AssetDetail, AssetFacets, AssetView, BoardView, Envelope, LibraryFilter, RouteOutput } from '../../../../shared/contract';
import { queryKey } from '../../entities/paged-queries';
import { studio } from '../../studio/studio-client';
import { emptySelection, select, type Selection, type SelectionAction } from './model/selection';

/** Tile sizes the toolbar's slider offers, in px. */
export const TILE_SIZES = { min: 120, max: 360, initial: 200 } as const;

interface GalleryState {
  /** Filter-panel counts by filter (and date presets). */
  facets: Readonly<Record<string, AssetFacets>>;
  boards: BoardView[];
  /** Asset details (job timings, credits, batch) by asset id. */
  details: Readonly<Record<string, AssetDetail>>;
  selection: Selection;
  tileSize: number;
  /** The item shown in the quick preview (Space), if any. */
  preview: string | null;
  /** Bumped by every change of the library (an event), so the counts follow. */
  version: number;
  libraryChanged: () => void;

  loadFacets: (filter: LibraryFilter, since: readonly number[]) => Promise<Envelope<AssetFacets>>;
  loadBoards: () => Promise<Envelope<BoardView[]>>;
  boardsReceived: (boards: BoardView[]) => void;
  loadDetail: (id: string) => Promise<Envelope<AssetDetail>>;
  select: (action: SelectionAction) => void;
  setTileSize: (size: number) => void;
  setPreview: (id: string | null) => void;

  setFavourites: (ids: readonly string[], favourite: boolean) => Promise<Envelope<AssetView[]>>;
  tag: (ids: readonly string[], add: readonly string[], remove?: readonly string[]) => Promise<Envelope<AssetView[]>>;
  createBoard: (name: string) => Promise<Envelope<BoardView>>;
  putOnBoard: (boardId: string, ids: readonly string[], on: boolean) => Promise<Envelope<{ board: BoardView; assets: AssetView[] }>>;
  deleteAssets: (ids: readonly string[]) => Promise<Envelope<RouteOutput<'library.delete_assets'>>>;
  undoDelete: (deletionId: string) => Promise<Envelope<{ restored: AssetView[] }>>;
  exportAssets: (ids: readonly string[]) => Promise<Envelope<RouteOutput<'library.export_assets'>>>;
  /** The desktop app: main asks where to save (the system's dialog) and writes the file. */
  saveExport: (ids: readonly string[]) => Promise<Envelope<RouteOutput<'desktop.export_assets'>>>;
  reveal: (id: string) => Promise<Envelope<{ revealed: boolean }>>;
  startDrag: (ids: readonly string[]) => Promise<Envelope<{ started: boolean }>>;
}

/** The gallery's own state: counts, boards, details, the selection, and the actions on the library. */
export const useGalleryStore = create<GalleryState>()((set, get) => ({
  facets: {},
  boards: [],
  details: {},
  selection: emptySelection,
  tileSize: TILE_SIZES.initial,
  preview: null,
  version: 0,
  libraryChanged: () => set((state) => ({ version: state.version + 1 })),

  loadFacets: async (filter, since) => {
    const answer = await studio().call('library.count_facets', { ...filter, since: [...since] });
    if (answer.ok) set((state) => ({ facets: { ...state.facets, [facetKey(filter)]: answer.value } }));
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
  setTileSize: (size) => set({ tileSize: Math.min(TILE_SIZES.max, Math.max(TILE_SIZES.min, Math.round(size))) }),
  setPreview: (id) => set({ preview: id }),

  setFavourites: (ids, favourite) => studio().call('library.set_favourites', { ids: [...ids], favourite }),
  tag: (ids, add, remove = []) => studio().call('library.tag_assets', { ids: [...ids], add: [...add], remove: [...remove] }),
  createBoard: async (name) => {
    const answer = await studio().call('library.create_board', { name });
    if (answer.ok) set((state) => ({ boards: [...state.boards.filter((b) => b.id !== answer.value.id), answer.value] }));
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
  startDrag: (ids) => studio().call('desktop.start_drag', { ids: [...ids] }),
}));

/** The key of a filter's counts (the sort order does not change them). */
export function facetKey(filter: LibraryFilter): string {
  const { order: _order, ...counted } = filter;
  return queryKey({ name: 'facets' }, counted);
}

export const gallerySelectors = {
  facets: (filter: LibraryFilter) => (state: Pick<GalleryState, 'facets'>): AssetFacets | undefined => state.facets[facetKey(filter)],
  boardName: (id: string) => (state: Pick<GalleryState, 'boards'>): string | undefined => state.boards.find((b) => b.id === id)?.name,
};
