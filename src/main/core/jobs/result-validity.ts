/**
 * How long a finished task's result can still be collected. Real deployments keep result
 * addresses for 24 hours after the task finished; a record's `expires_at` says so exactly.
 */
import type { Task } from './store';

/** How long a result address lives when the gateway does not say (real deployments: 24 hours). */
export const RESULT_LIFETIME_MS = 24 * 60 * 60_000;

/** Until when a completed task's result can be downloaded; null while the task has not completed. */
export function resultValidUntil(task: Pick<Task, 'state' | 'expiresAt' | 'updatedAt'>): number | null {
  if (task.state !== 'completed') return null;
  return task.expiresAt ?? task.updatedAt + RESULT_LIFETIME_MS;
}
