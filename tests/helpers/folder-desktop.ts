import { mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { DesktopInfo, DesktopPreferences } from '../../src/shared/contract';
import type { DesktopShell } from '../../src/main/core/desktop/desktop-shell';

/**
 * A desktop that does what the Electron one does with real files (its trash is a folder), so the
 * desktop routes and the window's Desktop settings are checked against the real core without the
 * Electron runtime. Reveals and drags are recorded, as only the system could show them.
 */
export class FolderDesktop implements DesktopShell {
  readonly trashDir = mkdtempSync(join(tmpdir(), 'atelier-trash-'));
  readonly revealed: string[] = [];
  readonly drags: { files: string[]; icon: string | undefined }[] = [];
  /** The names the save dialog suggested, in order. */
  readonly exportSuggestions: string[] = [];
  /** What the save dialog answers: a path (in a folder of the test's choosing), or undefined as when canceled. */
  saveDialogAnswer: ((suggested: string) => string | undefined) | undefined;
  /** Moving a file whose path ends so fails, as a file the user may not delete would. */
  failTrashOf: string | undefined;
  /** The next preferences write fails, as with a read-only settings file. */
  failNextPreferencesWrite = false;
  /** False as on GNOME without its AppIndicator extension: closing with jobs running minimises the window. */
  tray = true;
  /** Told of every change, as the Electron shell emits `desktop.changed` on the studio's bus. */
  changed: (info: DesktopInfo) => void = () => undefined;
  private preferences: DesktopPreferences = { closeWhileRunning: 'keep-running', sessionOnlyKeys: false };

  /** `weak`: a system without a keyring (Linux with the basic text backend). */
  constructor(private readonly keyProtection: DesktopInfo['keyProtection'] = 'weak') {}

  info(): DesktopInfo {
    return {
      reveal: true,
      trash: true,
      drag: true,
      systemNotifications: true,
      export: true,
      tray: this.tray,
      keyProtection: this.keyProtection,
      preferences: this.preferences,
    };
  }
  updatePreferences(patch: Partial<DesktopPreferences>): DesktopInfo {
    if (this.failNextPreferencesWrite) {
      this.failNextPreferencesWrite = false;
      throw new Error("EROFS: read-only file system, open 'settings.json'");
    }
    this.preferences = { ...this.preferences, ...patch };
    const next = this.info();
    this.changed(next);
    return next;
  }
  reveal(file: string): void {
    this.revealed.push(file);
  }
  trash(file: string): Promise<void> {
    if (this.failTrashOf !== undefined && file.endsWith(this.failTrashOf)) return Promise.reject(new Error('permission denied'));
    renameSync(file, join(this.trashDir, basename(file)));
    return Promise.resolve();
  }
  startDrag(files: string[], icon: string | undefined): boolean {
    this.drags.push({ files, icon });
    return true;
  }
  chooseExportPath(fileName: string): Promise<string | undefined> {
    this.exportSuggestions.push(fileName);
    return Promise.resolve(this.saveDialogAnswer?.(fileName));
  }
}
