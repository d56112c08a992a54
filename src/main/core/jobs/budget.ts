/**
 * Credit budgets of batches. The interface gives no price per job, so a budget is defined on the
 * balance the gateway reports:
 *
 * - **Floor** (`creditBudget` of the batch options): before each submission of the batch the
 *   live balance is read; submitting stops when the remaining credits, minus the estimated
 *   price of the next job, would fall below the floor. The estimate is the balance drop the
 *   previous submission of the same model in this batch caused (0 until one was seen), so the
 *   floor can be undershot by at most one job of a model the batch has not submitted yet, and
 *   by spending elsewhere on the same account meanwhile. A budgeted batch submits one job at a
 *   time so each reading reflects the previous charge. On an unlimited key the user's account
 *   balance is the one read.
 * - **Dedicated key** (optional): a key minted for the batch alone caps its spending at the
 *   gateway (batch-keys.ts); its balance is the one read here.
 */
import type { Balance } from '../gateway/account';
import type { GatewayClient } from '../gateway/client';
import type { Batch } from '../library';
import type { EngineEvents } from './events';

/** The result of a budget check before a submission. */
export type BudgetVerdict = { ok: true } | { ok: false; reason: string };

export interface BudgetDeps {
  events: EngineEvents;
}

/** True when submissions of this batch go through the budget checks. */
export function isBudgeted(batch: Batch | undefined): batch is Batch {
  return batch !== undefined && (batch.options.creditBudget !== undefined || batch.options.dedicatedTokenId !== undefined);
}

function credits(n: number): string {
  return `${Math.round(n * 100) / 100} credits`;
}

export class BatchBudgets {
  /** Per batch: the last remaining credits read and the model submitted after that reading. */
  private readonly lastReading = new Map<string, { remain: number; model: string | null }>();
  /** Per batch and model: the balance drop one submission caused. */
  private readonly prices = new Map<string, number>();

  constructor(private readonly deps: BudgetDeps) {}

  /** Reads the balance the batch spends from and decides whether its next job (of `model`) may go. */
  async check(batch: Batch, model: string, client: GatewayClient, profileId: string | null, signal: AbortSignal): Promise<BudgetVerdict> {
    const dedicated = batch.options.dedicatedTokenId !== undefined;
    let balance = await client.account.tokenBalance({ signal });
    this.deps.events.emit({ type: 'balance', profileId, dedicatedKey: dedicated, balance });
    // An unlimited key spends from the user's account: that is the balance the floor protects.
    if (balance.unlimited && !dedicated) {
      balance = await client.account.userBalance({ signal });
      this.deps.events.emit({ type: 'balance', profileId, dedicatedKey: false, balance });
    }
    return this.decide(batch, model, balance, dedicated);
  }

  private decide(batch: Batch, model: string, balance: Balance, dedicated: boolean): BudgetVerdict {
    const remain = balance.remainCredits;
    if (balance.unlimited || remain === null) return { ok: true };
    const previous = this.lastReading.get(batch.id);
    if (previous?.model != null) {
      const drop = previous.remain - remain;
      if (drop > 0) this.prices.set(`${batch.id}\n${previous.model}`, drop);
    }
    const floor = batch.options.creditBudget ?? 0;
    const estimate = this.prices.get(`${batch.id}\n${model}`) ?? 0;
    this.lastReading.set(batch.id, { remain, model: null });
    if (remain - estimate < floor || (dedicated && remain <= 0)) {
      const source = dedicated ? "the batch's dedicated key has" : 'the account has';
      const next = estimate > 0 ? `, and the next ${model} job is estimated at ${credits(estimate)}` : '';
      const reason =
        `Budget reached: ${source} ${credits(remain)} left${next}; the batch stops before going below its floor of ${credits(floor)}. ` +
        'Lower the floor or add credits, then resume the batch.';
      return { ok: false, reason };
    }
    return { ok: true };
  }

  /** Notes that a job of `model` was just submitted after the last reading (its price shows in the next one). */
  submitted(batchId: string, model: string): void {
    const reading = this.lastReading.get(batchId);
    if (reading) reading.model = model;
  }
}
