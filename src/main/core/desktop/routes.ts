import { existsSync } from 'node:fs';
import type { StudioError } from '../../../shared/contract';
import type { RouteHandlers } from '../router/router';
import { StudioFailure } from '../router/failure';
import { deleteAsset, getAsset, resolveInLibrary, sidecarPathFor, type Asset } from '../library';
import type { LibraryService } from '../library/library-service';
import { createLogger } from '../log';
import { NO_DESKTOP, type DesktopShell } from './desktop-shell';

const log = createLogger('desktop');

type DesktopRoutes = 'desktop.get_info' | 'desktop.update_preferences' | 'desktop.reveal_asset' | 'desktop.trash_assets' | 'desktop.start_drag';

/**
 * The desktop routes. The renderer names results by id; only files of those results, inside the
 * library folder, ever reach the shell. Without a shell (web mode) the actions answer
 * `desktop_unsupported`.
 */
export function desktopHandlers(shell: DesktopShell | undefined, library: LibraryService): Pick<RouteHandlers, DesktopRoutes> {
  const requireShell = (): DesktopShell => {
    if (!shell) throw StudioFailure.of('desktop_unsupported');
    return shell;
  };
  const asset = (id: string): Asset => {
    const found = getAsset(library.db, id);
    if (!found) throw StudioFailure.of('asset_not_found');
    return found;
  };
  const inLibrary = (path: string): string => resolveInLibrary(library.root, path);

  return {
    'desktop.get_info': () => shell?.info() ?? NO_DESKTOP,
    'desktop.update_preferences': (patch) => {
      const target = requireShell();
      try {
        return target.updatePreferences(patch);
      } catch (error) {
        log.warn('could not save the desktop preferences', error);
        throw StudioFailure.of('desktop_preferences_not_saved');
      }
    },
    'desktop.reveal_asset': ({ id }) => {
      const target = requireShell();
      const file = inLibrary(asset(id).filePath);
      if (!existsSync(file)) throw StudioFailure.of('asset_file_missing');
      target.reveal(file);
      return { revealed: true };
    },
    'desktop.trash_assets': async ({ ids }) => {
      const target = requireShell();
      const trashed: string[] = [];
      const failed: { id: string; error: StudioError }[] = [];
      for (const id of new Set(ids)) {
        const found = getAsset(library.db, id);
        if (!found) {
          failed.push({ id, error: StudioFailure.of('asset_not_found').toError() });
          continue;
        }
        try {
          // The media file first: if it cannot go, the item stays whole in the library.
          const files = [found.filePath, sidecarPathFor(found.filePath), found.thumbPath].filter((p): p is string => p !== null).map(inLibrary);
          for (const file of files) if (existsSync(file)) await target.trash(file);
          deleteAsset(library.db, id);
          trashed.push(id);
        } catch (error) {
          log.warn(`could not move ${found.filePath} to the trash`, error);
          failed.push({ id, error: StudioFailure.of('asset_trash_failed').toError() });
        }
      }
      return { trashed, failed };
    },
    'desktop.start_drag': ({ ids }) => {
      const target = requireShell();
      const assets = ids.map(asset);
      const files = assets.map((a) => inLibrary(a.filePath)).filter((file) => existsSync(file));
      if (files.length === 0) return { started: false };
      const thumb = assets[0]?.thumbPath;
      const icon = thumb ? inLibrary(thumb) : undefined;
      return { started: target.startDrag(files, icon !== undefined && existsSync(icon) ? icon : undefined) };
    },
  };
}
