/**
 * How much synchronous work one turn of the event loop may do before it hands the loop back. A
 * fixed count of items a turn holds the loop longer the busier the machine is (an item that takes
 * 1 ms alone takes several when the process waits for a core); a budget of time shrinks the
 * slice instead. Real time on purpose (not the engine's clock): it is the loop's hold that counts.
 *
 * The budget belongs to the turn, not to each caller: the queue's launches, `jobs.changed`, the
 * grouped writes and batch creation all run as `setImmediate` callbacks of the same turn, and with
 * 4 ms each they held the loop 15-35 ms together while a batch of 1,000 was submitted.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work per turn that keeps the loop's delay well under the 20 ms a window call may wait. */
const TURN_BUDGET_MS = 4;

/** When the current turn's first budgeted work started; cleared by an immediate queued then. */
let turnStartedAt: number | undefined;

/**
 * True once `budgetMs` has passed since the turn's first budgeted work began (this caller's or an
 * earlier one's in the same turn); the caller's first item always runs, whatever is left.
 */
export function turnBudget(budgetMs = TURN_BUDGET_MS, now: () => number = () => performance.now()): () => boolean {
  if (turnStartedAt === undefined) {
    turnStartedAt = now();
    // Queued before the callers' own follow-ups, so the next turn's budget is fresh when they run.
    setImmediate(() => {
      turnStartedAt = undefined;
    });
  }
  const started = turnStartedAt;
  return () => now() - started >= budgetMs;
}

/**
 * One caller's share of the turns. The budget's first item always runs, so each caller that came
 * after the budget was spent still added one item (a group of writes, a pump of the queue, twenty
 * job views) to a turn that was over: with five such callers a turn held the loop 20-40 ms. A
 * caller that finds the turn spent waits for the next one instead, but never two turns in a row:
 * then it takes its first item whatever is left, so nobody waits for ever behind the others.
 */
export class TurnShare {
  private waitedLastTurn = false;

  constructor(
    private readonly budgetMs = TURN_BUDGET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The turn's budget for this caller's work now, or undefined when it should come back on the next turn. */
  take(): (() => boolean) | undefined {
    const spent = turnBudget(this.budgetMs, this.now);
    if (!this.waitedLastTurn && spent()) {
      this.waitedLastTurn = true;
      return undefined;
    }
    this.waitedLastTurn = false;
    return spent;
  }

  /** Runs `work` with the turn's budget now, or on a later turn when this caller should wait (`take`). */
  runInTurn(work: (spent: () => boolean) => void): void {
    const spent = this.take();
    if (spent) work(spent);
    else setImmediate(() => this.runInTurn(work));
  }

  /** The turn's budget for this caller, now or on the first later turn it may take (for async callers). */
  async due(): Promise<() => boolean> {
    for (;;) {
      const spent = this.take();
      if (spent) return spent;
      await nextTurn();
    }
  }
}
