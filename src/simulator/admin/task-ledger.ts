import type { SimContext } from '../context';
import { mediaStateOf } from '../media/media-state';
import { observe } from '../tasks/task-store';

/** One task as the test harness sees it: what it is, where it stands, and whether it is still charged. */
export interface LedgerEntry {
  id: string;
  model: string;
  family: string;
  status: string;
  /** True while the account pays for it (a failed task is refunded once its failure is observed). */
  charged: boolean;
  credits: number | null;
  /** How many result files it makes. */
  outputs: number;
  /** Ids of the characters it makes. */
  characters: string[];
  clientBusinessId: string | null;
}

/**
 * Every task of the simulator with its charge (`GET /__admin/tasks`), so a test can check that
 * everything the gateway charged for reached the client. Listing observes each task, as a poll
 * would (a failure seen now is refunded now).
 */
export function taskLedger(ctx: SimContext): LedgerEntry[] {
  const now = ctx.now();
  return mediaStateOf(ctx)
    .tasks.all()
    .map((task) => ({
      id: task.id,
      model: task.model,
      family: task.family,
      status: observe(task, now).status,
      charged: task.charge !== undefined,
      credits: task.charge?.credits ?? null,
      outputs: task.outputs.length,
      characters: (task.characters ?? []).map((character) => character.id),
      clientBusinessId: task.clientBusinessId ?? null,
    }));
}
