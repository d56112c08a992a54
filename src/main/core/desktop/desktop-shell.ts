import type { DesktopInfo, DesktopPreferences } from '../../../shared/contract';

/**
 * What a desktop shell does for the studio that plain Node cannot: the file manager, the trash,
 * dragging files out, and its own preferences. The Electron shell implements it; web mode has none.
 * Paths given to it are absolute and already confined to the library folder.
 */
export interface DesktopShell {
  info(): DesktopInfo;
  updatePreferences(patch: Partial<DesktopPreferences>): DesktopInfo;
  reveal(file: string): void;
  /** Moves one file to the system trash. */
  trash(file: string): Promise<void>;
  /** Starts a drag of these files from the studio window; `icon` is a thumbnail to show, if any. */
  startDrag(files: string[], icon: string | undefined): boolean | Promise<boolean>;
  /** Asks where to save an export (the system's save dialog), suggesting `fileName`; undefined when canceled. */
  chooseExportPath(fileName: string): Promise<string | undefined>;
}

/** The answer of `desktop.get_info` where no desktop shell is present (web mode), before the vault's protection is told. */
export const NO_DESKTOP: DesktopInfo = {
  reveal: false,
  trash: false,
  drag: false,
  systemNotifications: false,
  export: false,
  tray: false,
  keyProtection: null,
  preferences: null,
};
