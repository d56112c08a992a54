import type { SidecarRestoreView } from '../../../shared/contract';
import type { EventBus } from '../events/event-bus';
import { createLogger } from '../log';
import { getAsset } from './assets';
import type { LibraryDatabase } from './library-database';
import { toAssetView } from './library-service';
import { rebuildFromSidecars, type RebuildProgress } from './rebuild';

const log = createLogger('library-restore');

/** Results told in one `library.restored` event at most (a window asks main about 200 at once). */
const TELL_AT_ONCE = 200;

/**
 * Reads a library folder's results back from their sidecars (a folder brought from another
 * computer, or its database lost) while the studio runs: the gallery opens at once and fills,
 * newest day first, with the progress told to every window (`library.sidecar_restore`), and the
 * results that belong among those already shown told as brought back (`library.restored`), so a
 * first page shown early takes them in its place. A rebuild stopped by quitting is marked
 * unfinished in the database and goes on at the next start.
 */
export class SidecarRestore {
  private current: SidecarRestoreView | null = null;
  private running: Promise<void> | undefined;
  private readonly abort = new AbortController();

  constructor(
    private readonly db: LibraryDatabase,
    private readonly root: string,
    private readonly bus: EventBus,
  ) {}

  /** Whether a rebuild began and did not finish (the studio quit during it). */
  unfinished(): boolean {
    return this.db.prepare('SELECT 1 FROM sidecar_restore_unfinished').get() !== undefined;
  }

  /** Starts reading in the background; resolves once it is under way (`finished()` for the end). */
  start(): void {
    if (this.running) return;
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM sidecar_restore_unfinished').run();
      this.db.prepare('INSERT INTO sidecar_restore_unfinished (started_at) VALUES (?)').run(this.db.now());
    });
    this.current = { daysRead: 0, days: 0, restored: 0, finished: false };
    this.running = this.run();
  }

  /** Where it stands, for a window opened while it goes on; null when none is under way. */
  status(): SidecarRestoreView | null {
    return this.current !== null && !this.current.finished ? this.current : null;
  }

  /** Resolves when the reading is done (or stopped). */
  async finished(): Promise<void> {
    await this.running;
  }

  /** Stops between slices and waits; the rest is read at the next start. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private tell(progress: RebuildProgress): void {
    for (let start = 0; start < progress.amongEarlier.length; start += TELL_AT_ONCE) {
      const assets = progress.amongEarlier.slice(start, start + TELL_AT_ONCE).flatMap((id) => getAsset(this.db, id) ?? []);
      this.bus.emit('library.restored', assets.map(toAssetView));
    }
    this.current = { daysRead: progress.daysRead, days: progress.days, restored: progress.restored, finished: false };
    this.bus.emit('library.sidecar_restore', this.current);
  }

  private async run(): Promise<void> {
    try {
      const report = await rebuildFromSidecars(this.db, this.root, {
        signal: this.abort.signal,
        onProgress: (progress) => this.tell(progress),
      });
      if (this.abort.signal.aborted) return;
      this.db.prepare('DELETE FROM sidecar_restore_unfinished').run();
      this.current = { ...(this.current ?? { daysRead: 0, days: 0 }), restored: report.restored, finished: true };
      this.bus.emit('library.sidecar_restore', this.current);
      if (report.restored > 0 || report.skipped.length > 0) {
        log.info(`read ${String(report.restored)} results of ${this.root} back from their sidecars; ${String(report.skipped.length)} skipped`);
      }
    } catch (error) {
      log.warn(`could not read the results of ${this.root} back from their sidecars`, error);
      this.current = null;
    }
  }
}
