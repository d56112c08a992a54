/**
 * Waits for the disk without holding the event loop. A commit made with `synchronous = NORMAL`
 * is written to the WAL but not flushed; an fsync of the WAL file afterwards, run in libuv's
 * thread pool, makes it as durable as a `FULL` commit, while the loop goes on serving windows.
 * Flushes asked for while one runs share the next one: the running one may have started before
 * their commit.
 */
import { open } from 'node:fs/promises';

/** One fsync of a file: the default opens it for writing (some systems refuse to flush a read-only handle). */
async function fsyncFile(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r+');
  } catch (error) {
    // No WAL: nothing was written since the last checkpoint, which flushed what it moved.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class DiskFlush {
  private running: Promise<void> | undefined;
  private following: Promise<void> | undefined;

  constructor(
    private readonly path: string,
    private readonly sync: (path: string) => Promise<void> = fsyncFile,
  ) {}

  /** Resolves once everything written to the file before this call is on disk. */
  flush(): Promise<void> {
    if (this.running === undefined) {
      const run = this.sync(this.path).finally(() => {
        if (this.running === run) this.running = undefined;
      });
      this.running = run;
      return run;
    }
    this.following ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.following = undefined;
        return this.flush();
      });
    return this.following;
  }
}
