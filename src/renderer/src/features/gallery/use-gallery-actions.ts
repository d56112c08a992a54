import { useMemo, type DragEvent } from 'react';
import type { AssetView, BoardView, SmartFilter } from '../../../../shared/contract';
import { writeAssetDrag } from '../../entities/asset-drag';
import { assetOrder, assetPages } from '../../entities/asset-pages';
import { useAssetsStore } from '../../entities/assets-store';
import { itemsRemoved, itemsRestored } from '../../entities/paged-list-edits';
import { useErrorAlert } from '../../errors/alert-store';
import { studio } from '../../studio/studio-client';
import { showToast } from '../../ui';
import { desktopSelectors, useDesktopStore } from '../../entities/desktop-store';
import { useGalleryStore } from './gallery-store';
import { exportBaseName } from '../../../../shared/library/export-name';
import { writeSelectionDrag } from './model/selection-drag';

/** Starts a browser download of a library file (an export) under `fileName`. */
function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * What the gallery, the detail view and the compare view do to results, with the page's way of
 * answering: failures in the page alert, short confirmations as toasts, a deletion's undo as the
 * toast's button for as long as main keeps it undoable.
 */
export function useGalleryActions() {
  const alert = useErrorAlert();
  const canDrag = useDesktopStore(desktopSelectors.canDrag);

  return useMemo(() => {
    const gallery = () => useGalleryStore.getState();
    const received = (assets: readonly AssetView[]): void => useAssetsStore.getState().assetsReceived(assets);

    const undo = async (deletionId: string, onRestored?: (ids: string[]) => void): Promise<void> => {
      const answer = alert.track(await gallery().undoDelete(deletionId));
      if (!answer.ok) return;
      received(answer.value.restored);
      itemsRestored(assetPages, answer.value.restored, (id) => useAssetsStore.getState().assets[id], assetOrder);
      onRestored?.(answer.value.restored.map((asset) => asset.id));
      showToast((t) => t('gallery.restored', { count: answer.value.restored.length }), 'success');
    };

    return {
      favourite: async (ids: readonly string[], favourite: boolean): Promise<void> => {
        const answer = alert.track(await gallery().setFavourites(ids, favourite));
        if (!answer.ok) return;
        received(answer.value);
        showToast((t) => t(favourite ? 'gallery.favourited' : 'gallery.unfavourited', { count: answer.value.length }), 'success');
      },
      tag: async (ids: readonly string[], tags: readonly string[]): Promise<void> => {
        const answer = alert.track(await gallery().tag(ids, tags));
        if (!answer.ok) return;
        received(answer.value);
        showToast((t) => t('gallery.tagged', { count: answer.value.length }), 'success');
      },
      putOnBoard: async (boardId: string, ids: readonly string[], on = true): Promise<void> => {
        const answer = alert.track(await gallery().putOnBoard(boardId, ids, on));
        if (!answer.ok) return;
        received(answer.value.assets);
        const words = { count: answer.value.assets.length, board: answer.value.board.name };
        showToast((t) => t(on ? 'gallery.boarded' : 'gallery.unboarded', words), 'success');
      },
      createBoard: async (name: string): Promise<string | null> => {
        const answer = alert.track(await gallery().createBoard(name));
        return answer.ok ? answer.value.id : null;
      },
      createSmartBoard: async (name: string, filter: SmartFilter): Promise<string | null> => {
        const answer = alert.track(await gallery().createSmartBoard(name, filter));
        if (answer.ok) showToast((t) => t('gallery.board.saved', { name: answer.value.name }), 'success');
        return answer.ok ? answer.value.id : null;
      },
      renameBoard: async (id: string, name: string): Promise<boolean> => alert.track(await gallery().renameBoard(id, name)).ok,
      deleteBoard: async (board: BoardView): Promise<boolean> => {
        const answer = alert.track(await gallery().deleteBoard(board.id));
        if (answer.ok) showToast((t) => t('gallery.board.deleted', { name: board.name }), 'success');
        return answer.ok;
      },
      reorderBoards: async (ids: readonly string[]): Promise<void> => {
        alert.track(await gallery().reorderBoards(ids));
      },
      /** Deletes with an Undo in the toast; `onRestored` hears of the items it brought back. */
      remove: async (ids: readonly string[], onRestored?: (ids: string[]) => void): Promise<string[]> => {
        const answer = alert.track(await gallery().deleteAssets(ids));
        if (!answer.ok) return [];
        const { deleted, failed, deletionId, undoUntil } = answer.value;
        if (failed[0]) alert.report(failed[0].error);
        if (deleted.length === 0) return [];
        itemsRemoved(assetPages, deleted);
        gallery().select({ type: 'clear' });
        showToast((t) => t('gallery.deleted', { count: deleted.length }), 'success', {
          action: { label: (t) => t('gallery.undo'), run: () => void undo(deletionId, onRestored) },
          durationMs: Math.max(1000, undoUntil - Date.now() - 500),
        });
        return deleted;
      },
      undo,
      export: async (ids: readonly string[]): Promise<void> => {
        // Main saves exports through the system's save dialog where the desktop can (a download cannot
        // leave the desktop app's window): asked, not assumed, while the desktop's info is still loading.
        const desktop = alert.track(await useDesktopStore.getState().known());
        if (!desktop.ok) return;
        if (desktop.value.export) {
          const saved = alert.track(await gallery().saveExport(ids));
          if (saved.ok && saved.value.saved) showToast((t) => t('gallery.exported', { count: saved.value.items, file: saved.value.fileName }), 'success');
          return;
        }
        const answer = alert.track(await gallery().exportAssets(ids));
        if (!answer.ok) return;
        download(studio().mediaUrl(answer.value.path), answer.value.fileName);
        showToast((t) => t('gallery.exported', { count: answer.value.items, file: answer.value.fileName }), 'success');
      },
      reveal: async (id: string): Promise<void> => {
        alert.track(await gallery().reveal(id));
      },
      /**
       * Drag out: the desktop's own file drag in Electron; in a browser the file's link, the item
       * for Create's reference tray, and every selected id for a board.
       */
      dragStart: (event: DragEvent, asset: AssetView, selected: readonly string[]): void => {
        const ids = selected.includes(asset.id) ? selected : [asset.id];
        if (canDrag) {
          event.preventDefault();
          void gallery()
            .startDrag(ids)
            .then((answer) => alert.track(answer));
          return;
        }
        const url = new URL(studio().mediaUrl(asset.mediaPath), window.location.href).href;
        const name = `${exportBaseName(asset)}${/\.[^./]+$/.exec(asset.mediaPath)?.[0] ?? ''}`;
        event.dataTransfer.effectAllowed = 'copy';
        event.dataTransfer.setData('DownloadURL', `${asset.mime}:${name}:${url}`);
        event.dataTransfer.setData('text/uri-list', url);
        event.dataTransfer.setData('text/plain', url);
        // Create's reference tray (in another window of the studio) takes the item itself.
        writeAssetDrag(event.dataTransfer, { id: asset.id, kind: asset.kind, name });
        writeSelectionDrag(event.dataTransfer, ids);
      },
    };
  }, [alert, canDrag]);
}
