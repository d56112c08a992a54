import { existsSync } from 'node:fs';
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
 * library folder, ever reach the shell. Without a shell (web mode) the actions answer `unsupported`.
 */
export function desktopHandlers(shell: DesktopShell | undefined, library: LibraryService): Pick<RouteHandlers, DesktopRoutes> {
  const requireShell = (): DesktopShell => {
    if (!shell) throw new StudioFailure('unsupported', 'Only the desktop app can do this.');
    return shell;
  };
  const asset = (id: string): Asset => {
    const found = getAsset(library.db, id);
    if (!found) throw new StudioFailure('not_found', 'That item is no longer in the library.');
    return found;
  };
  const inLibrary = (path: string): string => resolveInLibrary(library.root, path);

  return {
    'desktop.get_info': () => shell?.info() ?? NO_DESKTOP,
    'desktop.update_preferences': (patch) => requireShell().updatePreferences(patch),
    'desktop.reveal_asset': ({ id }) => {
      const target = requireShell();
      const file = inLibrary(asset(id).filePath);
      if (!existsSync(file)) throw new StudioFailure('not_found', 'The file of that item is missing from the library folder.');
      target.reveal(file);
      return { revealed: true };
    },
    'desktop.trash_assets': async ({ ids }) => {
      const target = requireShell();
      const trashed: string[] = [];
      const failed: { id: string; message: string }[] = [];
      for (const id of new Set(ids)) {
        const found = getAsset(library.db, id);
        if (!found) {
          failed.push({ id, message: 'That item is no longer in the library.' });
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
          failed.push({ id, message: 'The file could not be moved to the trash.' });
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
