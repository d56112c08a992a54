import type { BatchView } from '../../../shared/contract';
import { batchProgress } from './batch-progress';

/** Something about a batch worth a notification: it finished (with how many failed), or the studio stopped it. */
export type BatchNotice =
  | { kind: 'finished'; batchId: string; name: string; done: number; failed: number }
  | { kind: 'stopped'; batchId: string; name: string; note: string };

/**
 * Whether a batch's change is news: it became `done`, or the studio paused it by itself (a note
 * says why: budget reached, out of credits). `before` is the copy the window held, if any; a
 * batch never seen is news only when it changed within the last minute (not an old one read again).
 */
export function batchNotice(before: BatchView | undefined, after: BatchView, now: number): BatchNotice | null {
  const fresh = before !== undefined || now - after.updatedAt < 60_000;
  if (!fresh) return null;
  if (after.status === 'done' && before?.status !== 'done') {
    const progress = batchProgress(after.counts);
    return { kind: 'finished', batchId: after.id, name: after.name, done: progress.done, failed: progress.failed + progress.unknown };
  }
  if (after.status === 'paused' && after.note !== null && after.note !== before?.note) {
    return { kind: 'stopped', batchId: after.id, name: after.name, note: after.note };
  }
  return null;
}
