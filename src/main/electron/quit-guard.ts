import { app, BrowserWindow, nativeTheme, powerMonitor } from 'electron';
import { createLogger } from '../core/log';
import { beforeQuitAction, QUIT_WINDOW_DELAY_MS, quitWaitLines, quitWaitPage, sessionEndAction, type QuitPhase, type QuitWork } from './close-policy';
import type { ShellText } from './shell-text';
import { newQuitWindow } from './window-options';

const log = createLogger('quit');

export interface QuitGuardDeps {
  /** Stops the studio: the engine lets submissions on the wire finish, then the library closes. */
  stopStudio: () => Promise<void>;
  work: () => QuitWork;
  text: () => ShellText;
  /** How long the engine waits for submissions on the wire, in seconds (for the window's text). */
  graceSeconds: number;
}

/**
 * Holds every quit (menu, tray, Cmd+Q, last window, signals) until the studio has stopped, so a
 * quit never behaves like a crash. A window says what it waits for when that takes a moment.
 * Returns whether the app is quitting, for the window's close handler, and what follows the end of
 * the system's session on a window (Windows).
 */
export function guardQuit(deps: QuitGuardDeps): { isQuitting: () => boolean; watchSessionEnd: (window: BrowserWindow) => void } {
  let phase: QuitPhase = 'running';
  app.on('before-quit', (event) => {
    const action = beforeQuitAction(phase);
    if (!action.hold) return;
    event.preventDefault();
    if (!action.beginStop) return;
    phase = 'stopping';
    for (const window of BrowserWindow.getAllWindows()) window.hide();
    let waiting: BrowserWindow | undefined;
    const timer = setTimeout(() => (waiting = showWaitingWindow(deps)), QUIT_WINDOW_DELAY_MS);
    deps
      .stopStudio()
      .catch((error: unknown) => log.error('the studio did not stop cleanly', error))
      .finally(() => {
        clearTimeout(timer);
        waiting?.destroy();
        phase = 'stopped';
        app.quit();
      });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
  // Linux and macOS: the system's shutdown waits a little for an app that asks (the typings omit the event).
  (powerMonitor as NodeJS.EventEmitter).on('shutdown', (event?: { preventDefault(): void }) => {
    if (sessionEndAction(deps.work()).delayShutdown) event?.preventDefault();
    app.quit();
  });
  return {
    isQuitting: () => phase !== 'running',
    watchSessionEnd: (window) => watchSessionEnd(window, deps),
  };
}

/**
 * Windows ends the session through the windows' messages, without `before-quit`: asked first
 * (`query-session-end`), the studio delays the shutdown while requests are on the wire, and starts
 * the usual quit; told it is ending (`session-end`), it starts the quit at once.
 */
function watchSessionEnd(window: BrowserWindow, deps: QuitGuardDeps): void {
  window.on('query-session-end', (event) => {
    if (sessionEndAction(deps.work()).delayShutdown) event.preventDefault();
    log.info(`the session is ending (${event.reasons.join(', ')}): stopping the studio`);
    app.quit();
  });
  window.on('session-end', () => app.quit());
}

function showWaitingWindow(deps: QuitGuardDeps): BrowserWindow {
  const text = deps.text().quitting;
  const dark = nativeTheme.shouldUseDarkColors;
  const window = newQuitWindow(BrowserWindow, text.title, dark);
  const page = quitWaitPage(text.title, text.heading, quitWaitLines(deps.work(), text, deps.graceSeconds), dark);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(page)}`);
  return window;
}
