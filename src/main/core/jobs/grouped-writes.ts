/**
 * Writes that may wait a moment and that a power cut may take back without harm (what a poll
 * learned: the next poll learns it again). Each ordinary commit of the library waits for the disk
 * (`synchronous = FULL`), so a few hundred polls answered a second would otherwise hold the
 * event loop, and every window call with it, for one disk flush each. Writes queued in the same
 * turn of the event loop share one transaction, committed without a flush (each in its own
 * savepoint, so one that throws takes nothing of the others with it); each caller's promise
 * settles once its write is committed, so what it does next sees the write.
 */
import type { LibraryDatabase } from '../library';

interface QueuedWrite {
  work: () => void;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class GroupedWrites {
  private queued: QueuedWrite[] = [];
  private flushScheduled = false;

  constructor(private readonly db: LibraryDatabase) {}

  /** Runs `work` in the next group's transaction; resolves once it is committed. */
  run(work: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ work, resolve, reject });
      if (this.flushScheduled) return;
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const group = this.queued;
    this.queued = [];
    const failures = new Map<QueuedWrite, unknown>();
    try {
      this.db.transactionWithoutFlush(() => {
        for (const write of group) {
          try {
            this.db.transaction(write.work);
          } catch (error) {
            failures.set(write, error);
          }
        }
      });
    } catch (error) {
      // The commit itself failed: nothing of the group was written.
      for (const write of group) write.reject(error);
      return;
    }
    for (const write of group) {
      if (failures.has(write)) write.reject(failures.get(write));
      else write.resolve();
    }
  }
}
