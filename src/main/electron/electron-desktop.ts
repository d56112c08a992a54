import { nativeImage, shell, type BrowserWindow, type NativeImage } from 'electron';
import type { DesktopInfo, DesktopPreferences } from '../../shared/contract';
import type { DesktopShell } from '../core/desktop/desktop-shell';
import type { KeyValueStore } from '../core/settings/key-value-store';
import { readDesktopPreferences, writeDesktopPreferences } from './desktop-preferences';
import type { KeyProtection, SessionKeyStore } from './session-keys';

export interface ElectronDesktopDeps {
  store: KeyValueStore;
  keys: SessionKeyStore;
  protection: KeyProtection;
  window: () => BrowserWindow | undefined;
  /** The app icon, for a drag whose result has no picture nativeImage can read (videos, webp). */
  fallbackIcon: () => NativeImage;
  changed: (info: DesktopInfo) => void;
}

/** The Electron side of the desktop routes: file manager, trash, drag-out and the shell's preferences. */
export function createElectronDesktop(deps: ElectronDesktopDeps): DesktopShell {
  const info = (): DesktopInfo => ({
    reveal: true,
    trash: true,
    drag: true,
    systemNotifications: true,
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
    startDrag(files, icon) {
      const window = deps.window();
      const first = files[0];
      if (!window || window.isDestroyed() || first === undefined) return false;
      window.webContents.startDrag({ file: first, files, icon: dragIcon([icon, first]) ?? deps.fallbackIcon() });
      return true;
    },
  };
}

/** The first of these files nativeImage can read (PNG or JPEG), made small enough to drag. */
function dragIcon(candidates: (string | undefined)[]): NativeImage | undefined {
  for (const path of candidates) {
    if (path === undefined) continue;
    const image = nativeImage.createFromPath(path);
    if (!image.isEmpty()) return image.resize({ width: 96 });
  }
  return undefined;
}
