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
 * - **Dedicated key** (optional): a key minted with `POST /v1/tokens` whose remaining credits are
 *   the batch's spending cap and whose model limits are the batch's models, so the gateway
 *   itself refuses anything beyond. Only the batch's submissions and balance readings use it;
 *   polls and downloads use the profile's key. The secret is sealed with the vault, bound to the
 *   batch and its gateway's origin, and kept in the library database with the batch (written in
 *   the transaction that creates it); it is never stored in plain text and never logged.
 */
import { gatewayOriginOf } from '../../../shared/contract';
import type { Balance } from '../gateway/account';
import type { GatewayClient } from '../gateway/client';
import { batchKey, putBatchKey, type Batch, type LibraryDatabase, type StoredBatchKey } from '../library';
import type { Vault } from '../vault/vault';
import type { EngineEvents } from './events';

/** What a batch's sealed key is bound to: the batch and the gateway origin it was minted on. */
export function batchKeyBinding(batchId: string, baseUrl: string): string {
  return `atelier.batch-key\n${batchId}\n${gatewayOriginOf(baseUrl)}`;
}

/** The result of a budget check before a submission. */
export type BudgetVerdict = { ok: true } | { ok: false; reason: string };

export interface DedicatedKeyRequest {
  /** The batch's spending cap in credits (the key's `remain_credits`). */
  credits: number;
  /** Key name on the gateway (default `Atelier · <batch name>`, cut to 50 characters). */
  name?: string;
}

export interface BudgetDeps {
  db: LibraryDatabase;
  events: EngineEvents;
  vault: Vault | undefined;
  /** A client on the same gateway presenting another key. */
  clientForKey: (base: GatewayClient, apiKey: string) => GatewayClient;
}

/** True when submissions of this batch go through the budget checks. */
export function isBudgeted(batch: Batch | undefined): batch is Batch {
  return batch !== undefined && (batch.options.creditBudget !== undefined || batch.options.dedicatedTokenId !== undefined);
}

function credits(n: number): string {
  return `${Math.round(n * 100) / 100} credits`;
}

export class BatchBudgets {
  private readonly dedicatedClients = new Map<string, GatewayClient>();
  /** Per batch: the last remaining credits read and the model submitted after that reading. */
  private readonly lastReading = new Map<string, { remain: number; model: string | null }>();
  /** Per batch and model: the balance drop one submission caused. */
  private readonly prices = new Map<string, number>();

  constructor(private readonly deps: BudgetDeps) {}

  /**
   * Mints the dedicated key of a batch (model limits = its models) and returns it sealed, for the
   * caller to store with the batch (`putBatchKey`) in the transaction that creates the batch.
   */
  async mintDedicatedKey(base: GatewayClient, batch: { id: string; name: string }, models: readonly string[], request: DedicatedKeyRequest): Promise<StoredBatchKey> {
    const vault = this.deps.vault;
    if (!vault) throw new Error('A dedicated key cannot be kept without a vault to seal it; none was given to the job engine.');
    const name = (request.name ?? `Atelier · ${batch.name}`).slice(0, 50);
    const created = await base.account.createToken({
      name,
      expired_time: -1,
      remain_credits: request.credits,
      model_limits_enabled: true,
      model_limits: [...new Set(models)].join(','),
    });
    return { tokenId: created.token.id ?? name, sealed: vault.encrypt(created.key, batchKeyBinding(batch.id, base.baseUrl)) };
  }

  /**
   * The client a batch submits with: its dedicated key's when it has one, else `base`. Throws
   * when the batch should have a dedicated key but it cannot be unsealed (never falls back).
   */
  clientFor(batch: Batch | undefined, base: GatewayClient): GatewayClient {
    if (batch?.options.dedicatedTokenId === undefined) return base;
    const cached = this.dedicatedClients.get(batch.id);
    if (cached) return cached;
    const stored = batchKey(this.deps.db, batch.id);
    if (!stored || !this.deps.vault) {
      throw new Error('The dedicated key of this batch is no longer available (it is kept in the library database); the batch cannot spend beyond it.');
    }
    const client = this.deps.clientForKey(base, this.unseal(batch.id, stored, base.baseUrl, this.deps.vault));
    this.dedicatedClients.set(batch.id, client);
    return client;
  }

  /** Opens a batch's key for the gateway it belongs to; a key sealed before bindings existed is bound now. */
  private unseal(batchId: string, stored: StoredBatchKey, baseUrl: string, vault: Vault): string {
    const binding = batchKeyBinding(batchId, baseUrl);
    try {
      return vault.decrypt(stored.sealed, binding);
    } catch {
      // Only a value sealed without associated data opens here; one bound to another gateway does not.
      let plain: string;
      try {
        plain = vault.decrypt(stored.sealed);
      } catch {
        throw new Error("The dedicated key of this batch belongs to another gateway address; it is not sent to this one.");
      }
      putBatchKey(this.deps.db, batchId, { tokenId: stored.tokenId, sealed: vault.encrypt(plain, binding) });
      return plain;
    }
  }

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

  /** Closes clients built for dedicated keys. */
  async close(): Promise<void> {
    const clients = [...this.dedicatedClients.values()];
    this.dedicatedClients.clear();
    await Promise.all(clients.map((client) => client.close()));
  }
}
