import { app, Menu, Notification, Tray, type BrowserWindow, type NativeImage } from 'electron';
import type { BatchView, DesktopPreferences, Envelope, JobView } from '../../shared/contract';
import type { StudioClient } from '../../shared/contract/client';
import { createLogger } from '../core/log';
import { windowCloseAction, type QuitWork } from './close-policy';
import { pendingJobStates } from '../../shared/jobs/job-states';
import { BatchNotices, JobTally } from './job-tally';
import { trayMenuTemplate } from './menus';
import type { ShellText } from './shell-text';

const log = createLogger('background');

export interface BackgroundModeDeps {
  /** The studio's typed client, in process. */
  client: StudioClient;
  trayIcon: () => NativeImage;
  preferences: () => DesktopPreferences;
  text: () => ShellText;
  window: () => BrowserWindow | undefined;
  showWindow: () => void;
  quit: () => void;
  isQuitting: () => boolean;
  /** Whether the desktop shows a tray icon (tray-support.ts); where not, the window is minimised instead of hidden. */
  trayAvailable: () => boolean;
}

/**
 * Keeps the studio working when its window closes while jobs run (a tray icon to come back or
 * quit), counts running jobs on the dock or taskbar badge, and notifies when a batch finishes.
 */
export class BackgroundMode {
  private readonly tally = new JobTally();
  private readonly notices = new BatchNotices();
  private tray: Tray | undefined;
  private toldAboutBackground = false;
  private badgeSupported = true;
  private unsubscribe: Array<() => void> = [];

  constructor(private readonly deps: BackgroundModeDeps) {}

  /** Seeds the counts from the library, then follows the studio's events. */
  async start(): Promise<void> {
    const { client } = this.deps;
    // Page by page (the routes never answer with a whole library): every pending job, every finished batch.
    for await (const jobs of pages((cursor) => client.call('jobs.list_jobs', { states: [...pendingJobStates], limit: 200, cursor }))) {
      this.tally.apply(jobs);
    }
    for await (const batches of pages((cursor) => client.call('jobs.list_batches', { statuses: ['done'], limit: 200, cursor }))) {
      this.notices.remember(batches);
    }
    this.unsubscribe = [client.on('jobs.changed', (jobs) => this.jobsChanged(jobs)), client.on('jobs.batch_changed', (batch) => this.batchChanged(batch))];
    this.refresh();
  }

  get runningJobs(): number {
    return this.tally.pending;
  }

  /** What quitting now would wait for, for the waiting window. */
  quitWork(): QuitWork {
    return { submitting: this.tally.submitting, inFlight: this.tally.inFlight };
  }

  /**
   * Call from the window's `close` event: keeps the window's jobs running instead when they should,
   * hidden with a tray icon, or minimised where the desktop shows no tray icon.
   */
  handleWindowClose(window: BrowserWindow, event: { preventDefault(): void }): void {
    const action = windowCloseAction({
      quitting: this.deps.isQuitting(),
      runningJobs: this.tally.pending,
      preference: this.deps.preferences().closeWhileRunning,
      trayAvailable: this.deps.trayAvailable(),
    });
    if (action === 'close') return;
    event.preventDefault();
    if (action === 'minimise') window.minimize();
    else {
      window.hide();
      this.showTray();
    }
    if (!this.toldAboutBackground) {
      this.toldAboutBackground = true;
      const text = this.deps.text().background;
      this.notify(text.title, action === 'minimise' ? text.minimisedBody(this.tally.pending) : text.body(this.tally.pending));
    }
  }

  /** The window is back: the tray icon goes until the next time. */
  windowShown(): void {
    this.tray?.destroy();
    this.tray = undefined;
  }

  /** Rebuilds what carries text (after a language change). */
  refresh(): void {
    if (this.badgeSupported && !app.setBadgeCount(this.tally.pending)) {
      this.badgeSupported = false;
      log.info('this desktop shows no badge count');
    }
    if (this.tray) {
      const text = this.deps.text();
      this.tray.setToolTip(text.tray.tooltip(this.tally.pending));
      this.tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(text, this.tally.pending, { show: this.deps.showWindow, quit: this.deps.quit })));
    }
  }

  stop(): void {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    this.tray?.destroy();
    this.tray = undefined;
    if (this.badgeSupported) app.setBadgeCount(0);
  }

  private showTray(): void {
    if (!this.tray) {
      this.tray = new Tray(this.deps.trayIcon());
      this.tray.on('click', () => this.deps.showWindow());
    }
    this.refresh();
  }

  private jobsChanged(jobs: JobView[]): void {
    const before = this.tally.pending;
    this.tally.apply(jobs);
    if (this.tally.pending !== before) this.refresh();
  }

  private batchChanged(batch: BatchView): void {
    const window = this.deps.window();
    const focused = window !== undefined && !window.isDestroyed() && window.isVisible() && window.isFocused();
    const outcome = this.notices.consider(batch, focused);
    if (!outcome) return;
    const { title, body } = this.deps.text().batchFinished(outcome.name, outcome.done, outcome.failed);
    this.notify(title, body);
  }

  private notify(title: string, body: string): void {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title, body });
    notification.on('click', () => this.deps.showWindow());
    notification.show();
  }
}

/** Every page of a paged route, until its last page or its first failure. */
async function* pages<T>(read: (cursor: string | null) => Promise<Envelope<{ items: T[]; nextCursor: string | null }>>): AsyncGenerator<T[]> {
  let cursor: string | null = null;
  do {
    const answer = await read(cursor);
    if (!answer.ok) return;
    yield answer.value.items;
    cursor = answer.value.nextCursor;
  } while (cursor !== null);
}
