// The decisions around closing the window and quitting, as pure functions: the Electron wiring in
// background-mode.ts and quit-guard.ts only carries them out.

/** The user's choice for closing the window while jobs run (Settings > Desktop). */
type CloseWhileRunning = 'keep-running' | 'quit';

export interface WindowCloseFacts {
  /** The app is already quitting (menu, tray, Cmd+Q, system shutdown): the window just closes. */
  quitting: boolean;
  /** Jobs queued or in flight. */
  runningJobs: number;
  preference: CloseWhileRunning;
  /** Whether the desktop shows a tray icon to come back from (tray-support.ts). */
  trayAvailable: boolean;
}

/**
 * `hide-to-tray` keeps the studio (and the queue) running with the window hidden and a tray icon;
 * `minimise` does the same where no tray icon would appear, so the window stays reachable from the
 * dock or task switcher; `close` lets the window go, after which `afterLastWindowClosed` decides
 * whether the app quits.
 */
export function windowCloseAction(facts: WindowCloseFacts): 'close' | 'hide-to-tray' | 'minimise' {
  if (facts.quitting || facts.runningJobs === 0 || facts.preference === 'quit') return 'close';
  return facts.trayAvailable ? 'hide-to-tray' : 'minimise';
}

/** When no window is left: macOS apps stay in the dock; elsewhere the app quits. */
export function afterLastWindowClosed(platform: string): 'quit' | 'stay' {
  return platform === 'darwin' ? 'stay' : 'quit';
}

/** Where quitting stands: the studio runs, is being stopped, or has stopped and the app may exit. */
export type QuitPhase = 'running' | 'stopping' | 'stopped';

/**
 * On `before-quit`: the first request holds the quit and stops the studio (so submissions on the
 * wire get their grace and none comes back "unknown"); requests while stopping are held too; once
 * stopped, the quit goes through.
 */
export function beforeQuitAction(phase: QuitPhase): { hold: boolean; beginStop: boolean } {
  if (phase === 'stopped') return { hold: false, beginStop: false };
  return { hold: true, beginStop: phase === 'running' };
}

/**
 * When the system ends the session (shutdown, restart, log-off). Windows never sends `before-quit`
 * then, and the process dies soon after: with requests on the way to the gateway, ask the system to
 * wait (`query-session-end`) while the studio stops, so none comes back "unknown"; otherwise just
 * start quitting. Either way the studio stops through the usual quit.
 */
export function sessionEndAction(work: QuitWork): { delayShutdown: boolean } {
  return { delayShutdown: work.submitting > 0 };
}

/** Show the waiting window only if stopping takes longer than this, so a quick quit stays quick. */
export const QUIT_WINDOW_DELAY_MS = 400;

export interface QuitWork {
  /** Generation requests on the wire: the reason quitting waits. */
  submitting: number;
  /** Other jobs in flight (waiting on the gateway, downloading): they resume at the next start. */
  inFlight: number;
}

export interface QuitWaitText {
  heading: string;
  submissions: (count: number, graceSeconds: number) => string;
  saving: string;
  resume: (count: number) => string;
}

/** The lines of the waiting window: what quitting waits for, and what will resume next time. */
export function quitWaitLines(work: QuitWork, text: QuitWaitText, graceSeconds: number): string[] {
  const lines = [work.submitting > 0 ? text.submissions(work.submitting, graceSeconds) : text.saving];
  if (work.inFlight > 0) lines.push(text.resume(work.inFlight));
  return lines;
}

/** A self-contained page for the waiting window: no script, nothing loaded from anywhere. */
export function quitWaitPage(title: string, heading: string, lines: readonly string[], dark: boolean): string {
  const colours = dark ? 'background:#1d1d21;color:#ececf0' : 'background:#fafafa;color:#1d1d21';
  const body = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<title>${escapeHtml(title)}</title>` +
    `<style>body{margin:0;padding:20px 24px;font:14px/1.5 system-ui,sans-serif;${colours}}h1{font-size:16px;margin:0 0 8px}p{margin:6px 0}</style>` +
    `</head><body><h1 role="status">${escapeHtml(heading)}</h1>${body}</body></html>`
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
