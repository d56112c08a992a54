import type { EventBus } from '../events/event-bus';
import type { RouteHandlers } from '../router/router';
import { StudioFailure } from '../router/failure';
import type { LibraryService } from './library-service';

/**
 * `library.grab_frame` and `library.video_frame_rate` read video files and live with the media tools (`media/frame-still.ts`);
 * `library.sidecar_restore_status` with the studio's reading of sidecars (`sidecar-restore.ts`).
 */
type LibraryRoutes = Exclude<
  Extract<keyof RouteHandlers, `library.${string}`>,
  'library.grab_frame' | 'library.video_frame_rate' | 'library.sidecar_restore_status'
>;

/**
 * The library's routes. Changes are also told to every window as events (`library.changed`,
 * `library.removed`, `library.restored`, `library.boards_changed`), so a second window keeps up.
 */
export function libraryHandlers(library: () => LibraryService, bus: EventBus): Pick<RouteHandlers, LibraryRoutes> {
  const boardsChanged = (): void => bus.emit('library.boards_changed', library().boards());
  return {
    'library.list_assets': (request) => library().list(request),
    'library.count_facets': ({ since, ...filter }) => library().facets(filter, since),
    'library.match_assets': ({ filter, ids }) => ({ ids: library().match(filter, ids) }),
    'library.get_asset': ({ id }) => library().get(id),
    'library.get_asset_detail': ({ id }) => library().detail(id),
    'library.set_favourite': async ({ id, favourite }) => {
      const asset = await library().setFavourite(id, favourite);
      bus.emit('library.changed', [asset]);
      return asset;
    },
    'library.set_tags': async ({ id, tags }) => {
      const asset = await library().setTags(id, tags);
      bus.emit('library.changed', [asset]);
      return asset;
    },
    'library.set_favourites': async ({ ids, favourite }) => {
      const assets = await library().setFavourites(ids, favourite);
      bus.emit('library.changed', assets);
      return assets;
    },
    'library.tag_assets': async ({ ids, add, remove }) => {
      const assets = await library().tagAssets(ids, add, remove);
      bus.emit('library.changed', assets);
      return assets;
    },
    'library.list_boards': () => library().boards(),
    'library.create_board': ({ name }) => {
      const board = library().createBoard(name);
      boardsChanged();
      return board;
    },
    'library.rename_board': ({ id, name }) => {
      const board = library().renameBoard(id, name);
      boardsChanged();
      return board;
    },
    'library.create_smart_board': ({ name, filter }) => {
      const board = library().createBoard(name, filter);
      boardsChanged();
      return board;
    },
    'library.reorder_boards': ({ ids }) => {
      const boards = library().reorderBoards(ids);
      bus.emit('library.boards_changed', boards);
      return boards;
    },
    'library.delete_board': ({ id }) => {
      const deleted = library().deleteBoard(id);
      boardsChanged();
      return { deleted };
    },
    'library.add_to_board': ({ boardId, ids }) => {
      const result = library().onBoard(boardId, ids, true);
      bus.emit('library.changed', result.assets);
      boardsChanged();
      return result;
    },
    'library.remove_from_board': ({ boardId, ids }) => {
      const result = library().onBoard(boardId, ids, false);
      bus.emit('library.changed', result.assets);
      boardsChanged();
      return result;
    },
    'library.delete_assets': async ({ ids }) => {
      const result = await library().deleteAssets(ids);
      if (result.deleted.length > 0) bus.emit('library.removed', { ids: result.deleted });
      return {
        deletionId: result.deletionId,
        deleted: result.deleted,
        undoUntil: result.undoUntil,
        failed: result.failed.map(({ id, reason }) => ({
          id,
          error: StudioFailure.of(reason === 'not_found' ? 'asset_not_found' : 'asset_trash_failed').toError(),
        })),
      };
    },
    'library.undo_delete': async ({ deletionId }) => {
      const restored = await library().undoDelete(deletionId);
      if (restored.length > 0) bus.emit('library.restored', restored);
      return { restored };
    },
    'library.export_assets': ({ ids }) => library().export(ids),
  };
}
