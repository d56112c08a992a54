// Whether this desktop shows a tray icon. On Linux, Electron's tray is a StatusNotifierItem, shown
// where a StatusNotifierWatcher runs on the session bus (KDE, GNOME with its AppIndicator
// extension), or an XEmbed icon where the panel still takes those (Xfce, MATE, Cinnamon). GNOME
// Shell takes neither: without the extension no icon appears, so the window must not hide to it.
import { execFile } from 'node:child_process';

export interface TrayFacts {
  platform: string;
  /** `XDG_CURRENT_DESKTOP`, e.g. `ubuntu:GNOME`, `KDE`, `XFCE`. */
  currentDesktop: string | undefined;
  /** Whether the session bus has a StatusNotifierWatcher; undefined when that could not be asked. */
  statusNotifierWatcher: boolean | undefined;
}

export function trayAvailable(facts: TrayFacts): boolean {
  if (facts.platform !== 'linux') return true;
  if (facts.statusNotifierWatcher === true) return true;
  // GNOME Shell has no XEmbed tray: without a watcher (or when none could be asked) there is no icon.
  return !/gnome/i.test(facts.currentDesktop ?? '');
}

/** Reads `dbus-send --print-reply ... NameHasOwner`: `boolean true` or `boolean false`. */
export function parseNameHasOwner(reply: string): boolean | undefined {
  const answer = /\bboolean\s+(true|false)\b/.exec(reply);
  return answer ? answer[1] === 'true' : undefined;
}

/** Asks the session bus whether a StatusNotifierWatcher runs (Linux); undefined when dbus-send cannot answer. */
export function probeStatusNotifierWatcher(): Promise<boolean | undefined> {
  const args = [
    '--session',
    '--print-reply',
    '--dest=org.freedesktop.DBus',
    '/org/freedesktop/DBus',
    'org.freedesktop.DBus.NameHasOwner',
    'string:org.kde.StatusNotifierWatcher',
  ];
  return new Promise((resolve) => {
    execFile('dbus-send', args, { timeout: 2000 }, (error, stdout) => resolve(error ? undefined : parseNameHasOwner(stdout)));
  });
}
