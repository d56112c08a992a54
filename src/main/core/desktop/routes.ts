import { existsSync, lstatSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { StudioError } from '../../../shared/contract';
import type { RouteHandlers } from '../router/router';
import { StudioFailure } from '../router/failure';
import { deleteAsset, getAsset, resolveLibraryFile, resolveLibraryMedia, sidecarPathFor, type Asset } from '../library';
import type { LibraryService } from '../library/library-service';
import { createLogger } from '../log';
import type { Vault } from '../vault/vault';
import { NO_DESKTOP, type DesktopShell } from './desktop-shell';
import { saveExport } from './save-export';

const log = createLogger('desktop');

type DesktopRoutes =
  | 'desktop.get_info'
  | 'desktop.update_preferences'
  | 'desktop.reveal_asset'
  | 'desktop.trash_assets'
  | 'desktop.export_assets'
  | 'desktop.start_drag';

/**
 * The desktop routes. The renderer names results by id; only files of those results reach the
 * shell, checked as the transports check what they serve (`resolveLibraryMedia`: the real path,
 * links followed, inside the library folder). Without a shell (web mode) the actions answer
 * `desktop_unsupported`, and the key protection is the vault's (the key file: weak).
 */
export function desktopHandlers(shell: DesktopShell | undefined, library: LibraryService, vault: Pick<Vault, 'kind'>): Pick<RouteHandlers, DesktopRoutes> {
  const requireShell = (): DesktopShell => {
    if (!shell) throw StudioFailure.of('desktop_unsupported');
    return shell;
  };
  const asset = (id: string): Asset => {
    const found = getAsset(library.db, id);
    if (!found) throw StudioFailure.of('asset_not_found');
    return found;
  };
  /** The checked real path of a result or thumbnail, or undefined when it is missing or leads outside the library. */
  const mediaPath = (path: string): string | undefined => {
    try {
      return resolveLibraryMedia(library.root, path).path;
    } catch {
      return undefined;
    }
  };
  /** Whether anything (even a link) stands at a library path; the check itself comes after. */
  const present = (path: string): boolean => {
    try {
      lstatSync(join(library.root, ...path.split('/')));
      return true;
    } catch {
      return false;
    }
  };

  return {
    // Without a shell the key file guards the keys: only as well as the user's own files are guarded.
    'desktop.get_info': () => shell?.info() ?? { ...NO_DESKTOP, keyProtection: vault.kind === 'file-key' ? 'weak' : null },
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
      const file = mediaPath(asset(id).filePath);
      if (file === undefined) throw StudioFailure.of('asset_file_missing');
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
          // Every file checked before any goes; the media file first: if it cannot go, the item stays whole.
          const paths = [found.filePath, sidecarPathFor(found.filePath), found.thumbPath].filter((p): p is string => p !== null && present(p));
          const files = paths.map((path) => resolveLibraryFile(library.root, path).path);
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
    // The window cannot save a download from the media protocol (another origin), so main writes it.
    'desktop.export_assets': async ({ ids }) => {
      const target = requireShell();
      const made = await library.export(ids);
      const source = resolveLibraryFile(library.root, made.path).path;
      try {
        const destination = await target.chooseExportPath(made.fileName);
        if (destination === undefined) return { saved: false, fileName: made.fileName, items: made.items, missing: made.missing };
        try {
          await saveExport(source, destination);
        } catch (error) {
          log.warn(`could not save the export to ${destination}`, error);
          throw StudioFailure.of('export_not_saved');
        }
        return { saved: true, fileName: basename(destination), items: made.items, missing: made.missing };
      } finally {
        await rm(dirname(source), { recursive: true, force: true });
      }
    },
    'desktop.start_drag': async ({ ids }) => {
      const target = requireShell();
      const assets = ids.map(asset);
      const files = assets.map((a) => mediaPath(a.filePath)).filter((file) => file !== undefined);
      if (files.length === 0) return { started: false };
      const thumb = assets[0]?.thumbPath;
      return { started: await target.startDrag(files, thumb ? mediaPath(thumb) : undefined) };
    },
  };
}
