import { join } from 'node:path';
import { app, dialog, nativeImage, shell, type BrowserWindow, type NativeImage, type SaveDialogOptions } from 'electron';
import type { DesktopInfo, DesktopPreferences } from '../../shared/contract';
import type { DesktopShell } from '../core/desktop/desktop-shell';
import { createLogger } from '../core/log';
import type { KeyValueStore } from '../core/settings/key-value-store';
import { readDesktopPreferences, writeDesktopPreferences } from './desktop-preferences';
import type { KeyProtection, SessionKeyStore } from './session-keys';

const log = createLogger('desktop');

/** Side of the picture a dragged result shows. */
const DRAG_ICON_SIZE = 96;

export interface ElectronDesktopDeps {
  store: KeyValueStore;
  keys: SessionKeyStore;
  protection: KeyProtection;
  window: () => BrowserWindow | undefined;
  /** A small PNG (64 px) for a drag whose result has no preview the system can make. */
  fallbackDragIcon: () => NativeImage;
  /** Whether closing the window with jobs running leaves a tray icon (tray-support.ts). */
  trayAvailable: () => boolean;
  changed: (info: DesktopInfo) => void;
}

/** The Electron side of the desktop routes: file manager, trash, drag-out, saving exports and the shell's preferences. */
export function createElectronDesktop(deps: ElectronDesktopDeps): DesktopShell {
  const info = (): DesktopInfo => ({
    reveal: true,
    trash: true,
    drag: true,
    systemNotifications: true,
    export: true,
    tray: deps.trayAvailable(),
    keyProtection: deps.protection,
    preferences: readDesktopPreferences(deps.store),
  });
  return {
    info,
    updatePreferences(patch: Partial<DesktopPreferences>) {
      writeDesktopPreferences(deps.store, patch);
      // Memory-only keys are offered where protection is weak; turning them off is always allowed.
      if (patch.sessionOnlyKeys !== undefined) deps.keys.setSessionOnly(patch.sessionOnlyKeys);
      const next = info();
      deps.changed(next);
      return next;
    },
    reveal: (file) => shell.showItemInFolder(file),
    trash: (file) => shell.trashItem(file),
    async startDrag(files, thumbnail) {
      const window = deps.window();
      const first = files[0];
      if (!window || window.isDestroyed() || first === undefined) return false;
      const icon = (await dragPreview(first, thumbnail)) ?? deps.fallbackDragIcon();
      if (window.isDestroyed()) return false;
      window.webContents.startDrag({ file: first, files, icon });
      return true;
    },
    async chooseExportPath(fileName) {
      const options: SaveDialogOptions = {
        defaultPath: join(app.getPath('downloads'), fileName),
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const owner = deps.window();
      const answer = owner && !owner.isDestroyed() ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
      return answer.canceled || answer.filePath === '' ? undefined : answer.filePath;
    },
  };
}

/**
 * A small preview of a dragged result, never a full-size decode on the main thread: the system's
 * own thumbnailer where Electron has one (macOS, Windows; it works off the main thread), else the
 * thumbnail when nativeImage can read it (PNG or JPEG; the library's are WebP, which it cannot).
 */
async function dragPreview(file: string, thumbnail: string | undefined): Promise<NativeImage | undefined> {
  if (process.platform === 'darwin' || process.platform === 'win32') {
    try {
      const preview = await nativeImage.createThumbnailFromPath(file, { width: DRAG_ICON_SIZE, height: DRAG_ICON_SIZE });
      if (!preview.isEmpty()) return preview;
    } catch (error) {
      log.info(`no system thumbnail for ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (thumbnail === undefined || !/\.(png|jpe?g)$/i.test(thumbnail)) return undefined;
  const image = nativeImage.createFromPath(thumbnail);
  return image.isEmpty() ? undefined : image.resize({ width: DRAG_ICON_SIZE });
}
