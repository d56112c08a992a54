/**
 * Writes committed a group at a time. Each ordinary commit of the library waits for the disk
 * (`synchronous = FULL`), so a few hundred polls or submissions answered in the same moment would
 * otherwise hold the event loop, and every window call with it, for one disk flush each. Writes
 * queued in the same turn of the event loop share one transaction, up to `WRITES_PER_GROUP` of
 * them (the rest go in the next turns), each in its own savepoint, so one that throws takes
 * nothing of the others with it; each caller's promise settles with its
 * write's result once the group is committed, so what it does next sees the write. `durable`
 * groups wait for the disk before their promises settle (a job claimed before its paid POST, the
 * task it was given, a finished task's results), but off the event loop: the group is committed
 * without a flush and the WAL is flushed in the thread pool (`flushToDisk`), so a slow disk holds
 * the callers back, not every window and poll with them. The others do not wait, for what a
 * power cut may take back without harm (what a poll learned: the next poll learns it again).
 */
import type { LibraryDatabase } from '../library';
import { TurnShare } from '../lifecycle/turn-budget';

/** Writes committed in one turn at most (fewer once the turn's budget is spent); the rest follow in the next turns, so a burst of answers never holds the loop long. */
export const WRITES_PER_GROUP = 16;

interface QueuedWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class GroupedWrites {
  private readonly queued: QueuedWrite[] = [];
  private flushScheduled = false;
  private readonly share: TurnShare;

  /** `share` is the turn budget the groups draw on: tests give one with a clock of their own. */
  constructor(
    private readonly db: LibraryDatabase,
    private readonly options: { durable: boolean; share?: TurnShare },
  ) {
    this.share = options.share ?? new TurnShare();
  }

  /** Runs `work` in the next group's transaction; resolves with its result once the group is committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queued.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.flushScheduled) return;
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Writes the next group, on a later turn when this one's budget is already spent (a closed database at once: its writes fail). */
  private flush(): void {
    if (this.db.isOpen) this.share.runInTurn((spent) => this.writeGroup(spent));
    else this.writeGroup(() => true);
  }

  private writeGroup(spent: () => boolean): void {
    const group: QueuedWrite[] = [];
    const outcomes = new Map<QueuedWrite, { ok: true; value: unknown } | { ok: false; error: unknown }>();
    // Writes join the group until 16 are in or the turn's budget is spent; the rest wait for the next turn.
    const writeAll = (): void => {
      // Writes queued by the group's own work wait for the next group, as they would have before.
      const most = Math.min(WRITES_PER_GROUP, this.queued.length);
      while (group.length < most && (group.length === 0 || !spent())) {
        const write = this.queued.shift();
        if (!write) break;
        group.push(write);
        try {
          outcomes.set(write, { ok: true, value: this.db.transaction(write.work) });
        } catch (error) {
          outcomes.set(write, { ok: false, error });
        }
      }
    };
    try {
      if (!this.db.isOpen) {
        group.push(...this.queued.splice(0, WRITES_PER_GROUP));
        throw new Error('The library database is closed.');
      }
      this.db.transactionWithoutFlush(writeAll);
    } catch (error) {
      // The commit itself failed: nothing of the group was written.
      for (const write of group) write.reject(error);
      return;
    } finally {
      if (this.queued.length > 0) setImmediate(() => this.flush());
      else this.flushScheduled = false;
    }
    const settle = (): void => {
      for (const write of group) {
        const outcome = outcomes.get(write);
        if (outcome?.ok === true) write.resolve(outcome.value);
        else write.reject(outcome?.error);
      }
    };
    if (!this.options.durable) return settle();
    // Nobody acts on a durable write (a paid POST, a result let go) before it is on disk.
    this.db.flushToDisk().then(settle, (error: unknown) => {
      for (const write of group) write.reject(error);
    });
  }
}
