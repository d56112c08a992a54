import { describe, expect, it } from 'vitest';
import { DiskFlush } from './disk-flush';

/** A disk whose flushes finish when the test says, recording when each began. */
function heldDisk(): { sync: (path: string) => Promise<void>; started: number; finish: (error?: Error) => void } {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const disk = {
    started: 0,
    sync: () =>
      new Promise<void>((resolve, reject) => {
        disk.started++;
        pending.push({ resolve, reject });
      }),
    finish: (error?: Error) => {
      const next = pending.shift();
      if (error === undefined) next?.resolve();
      else next?.reject(error);
    },
  };
  return disk;
}

const settledYet = async (promise: Promise<void>): Promise<boolean> => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  return settled;
};

describe('DiskFlush', () => {
  it('answers a flush asked for during a running one only with the next one, shared by all who asked meanwhile', async () => {
    const disk = heldDisk();
    const flush = new DiskFlush('library.sqlite-wal', disk.sync);
    const first = flush.flush();
    // Asked while the first runs: their writes may have come after it began.
    const second = flush.flush();
    const third = flush.flush();
    expect(disk.started).toBe(1);
    disk.finish();
    await first;
    expect(await settledYet(second)).toBe(false);
    expect(disk.started).toBe(2);
    disk.finish();
    await Promise.all([second, third]);
    expect(disk.started).toBe(2);
  });

  it('passes a failed flush to those waiting on it, and the next flush tries the disk again', async () => {
    const disk = heldDisk();
    const flush = new DiskFlush('library.sqlite-wal', disk.sync);
    const failing = flush.flush();
    disk.finish(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    const again = flush.flush();
    expect(disk.started).toBe(2);
    disk.finish();
    await expect(again).resolves.toBeUndefined();
  });
});
