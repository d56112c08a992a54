/**
 * Keys minted for one batch (`POST /v1/tokens`): the batch's spending cap, limited to its models,
 * so the gateway itself refuses anything beyond. Only the batch's submissions and balance
 * readings use it; polls and downloads use the profile's key, and a batch's key only stands in
 * when the profile's key is refused (a task belongs to the account, not to the key).
 *
 * - It expires a little after the batch's deadline (`keyLifetimeMs`), never "never".
 * - Its secret is sealed with the vault, bound to the batch and its gateway's origin, and kept in
 *   the library database with the batch, or in memory only when the studio keeps keys for the
 *   session only; it is never stored in plain text and never logged.
 * - The studio forgets it when the batch ends (done or canceled).
 * - Every key the studio creates is listed (never the secret) in `created_keys`, since the
 *   interface has no way to list or revoke keys.
 */
import { isBatchOpen } from '../../../shared/jobs/job-states';
import { gatewayOriginOf } from '../../../shared/contract';
import type { GatewayClient } from '../gateway/client';
import { createLogger } from '../log';
import { markBatchKeyForgotten, type LibraryDatabase, type NewCreatedKey } from '../library';
import { batchKey, deleteBatchKey, getBatch, listBatchKeys, putBatchKey, type Batch, type StoredBatchKey } from './store';
import type { Vault } from '../vault/vault';
import { timingFor, type PollTimingOverrides } from './cadence';
import { entryOf } from './job-request';

const log = createLogger('batch-keys');

/** How long after the batch's deadline its key still works (slow tasks, a short pause). */
export const KEY_MARGIN_MS = 60 * 60_000;

/** What a batch's sealed key is bound to: the batch and the gateway origin it was minted on. */
function batchKeyBinding(batchId: string, baseUrl: string): string {
  return `atelier.batch-key\n${batchId}\n${gatewayOriginOf(baseUrl)}`;
}

/**
 * How long a batch's key must live: the batch's deadline (its jobs' deadlines one after another,
 * as a budgeted batch submits them one at a time) plus a margin.
 */
export function keyLifetimeMs(jobDeadlinesMs: readonly number[]): number {
  return jobDeadlinesMs.reduce((sum, ms) => sum + ms, 0) + KEY_MARGIN_MS;
}

/** The deadline of one job of a batch: its variant's (for its request), from the catalog and the timing overrides. */
export function jobDeadlineMs(job: { variantId: string; request: unknown }, timings: PollTimingOverrides = {}): number {
  const entry = entryOf(job);
  return entry ? timingFor(entry, entry.poll?.cadence ?? 'image', timings, job.request).deadlineMs : 0;
}

export interface DedicatedKeyRequest {
  /** The batch's spending cap in credits (the key's `remain_credits`). */
  credits: number;
  /** Key name on the gateway (default `Atelier · <batch name>`, cut to 50 characters). */
  name?: string;
}

export interface BatchKeysDeps {
  db: LibraryDatabase;
  vault: Vault | undefined;
  /** A client on the same gateway presenting another key. */
  clientForKey: (base: GatewayClient, apiKey: string) => GatewayClient;
  /** True while the studio keeps keys in memory only (no keyring): sealed copies stay off disk. */
  sessionOnly: () => boolean;
}

/** A minted key: the sealed secret to keep with the batch, and its listing (without the secret). */
export interface MintedKey {
  stored: StoredBatchKey;
  listing: NewCreatedKey;
}

export class BatchKeys {
  private readonly clients = new Map<string, GatewayClient>();
  /** Sealed keys kept for this session only. */
  private readonly inMemory = new Map<string, StoredBatchKey>();

  constructor(private readonly deps: BatchKeysDeps) {}

  /** Mints the key of a batch (model limits = its models, expiring `lifetimeMs` from now) and seals it. */
  async mint(
    base: GatewayClient,
    batch: { id: string; name: string },
    models: readonly string[],
    request: DedicatedKeyRequest,
    lifetimeMs: number,
  ): Promise<MintedKey> {
    const vault = this.deps.vault;
    if (!vault) throw new Error('A dedicated key cannot be kept without a vault to seal it; none was given to the job engine.');
    const name = (request.name ?? `Atelier · ${batch.name}`).slice(0, 50);
    const limits = [...new Set(models)];
    const expiresAt = this.deps.db.now() + lifetimeMs;
    const created = await base.account.createToken({
      name,
      expired_time: Math.ceil(expiresAt / 1000),
      remain_credits: request.credits,
      model_limits_enabled: true,
      model_limits: limits.join(','),
    });
    const tokenId = created.token.id ?? name;
    return {
      stored: { tokenId, sealed: vault.encrypt(created.key, batchKeyBinding(batch.id, base.baseUrl)) },
      listing: {
        gateway: gatewayOriginOf(base.baseUrl),
        tokenId,
        name: created.token.name ?? name,
        purpose: 'batch',
        batchId: batch.id,
        remainCredits: request.credits,
        unlimited: false,
        dailyCredits: null,
        monthlyCredits: null,
        modelLimits: limits,
        expiresAt: created.token.expired_time !== undefined && created.token.expired_time > 0 ? created.token.expired_time * 1000 : expiresAt,
      },
    };
  }

  /** Keeps a batch's sealed key: in the database (call inside the transaction creating the batch), or in memory. */
  keep(batchId: string, stored: StoredBatchKey): void {
    if (this.deps.sessionOnly()) this.inMemory.set(batchId, stored);
    else putBatchKey(this.deps.db, batchId, stored);
  }

  /**
   * The client a batch submits with: its dedicated key's when it has one, else `base`. Throws
   * when the batch should have a dedicated key but it cannot be unsealed (never falls back).
   */
  clientFor(batch: Batch | undefined, base: GatewayClient): GatewayClient {
    if (batch?.options.dedicatedTokenId === undefined) return base;
    const cached = this.clients.get(batch.id);
    if (cached) return cached;
    const stored = this.inMemory.get(batch.id) ?? batchKey(this.deps.db, batch.id);
    if (!stored || !this.deps.vault) {
      throw new Error(
        "The studio no longer holds this batch's dedicated key (it was kept for one session only, or forgotten when the batch ended), " +
          'so the batch cannot spend beyond it. Start a new batch to go on.',
      );
    }
    const client = this.deps.clientForKey(base, this.unseal(batch.id, stored, base.baseUrl, this.deps.vault));
    this.clients.set(batch.id, client);
    return client;
  }

  /**
   * Clients for the other keys of the same account the studio holds (the dedicated keys of open
   * batches, `preferBatchId`'s first), to ask about a task when `base`'s key is refused. Keys
   * that cannot be opened for `base`'s gateway are left out.
   */
  otherClients(base: GatewayClient, preferBatchId: string | null): GatewayClient[] {
    const batchIds = [...new Set([...this.inMemory.keys(), ...listBatchKeys(this.deps.db).map((held) => held.batchId)])];
    batchIds.sort((a, b) => Number(b === preferBatchId) - Number(a === preferBatchId));
    return batchIds.flatMap((batchId) => {
      const batch = getBatch(this.deps.db, batchId);
      if (!batch || !isBatchOpen(batch.status)) return [];
      try {
        return [this.clientFor(batch, base)];
      } catch {
        return [];
      }
    });
  }

  /** Drops everything the studio holds of a batch's key (the batch ended); the listing says when. */
  forget(batchId: string): void {
    const held = this.inMemory.delete(batchId) || deleteBatchKey(this.deps.db, batchId);
    markBatchKeyForgotten(this.deps.db, batchId);
    const client = this.clients.get(batchId);
    this.clients.delete(batchId);
    if (client) void client.close().catch(() => undefined);
    if (held) log.info(`batch ${batchId} ended; its dedicated key is forgotten`);
  }

  /** Forgets the keys of batches that ended before (earlier versions kept them). */
  forgetEnded(): void {
    for (const { batchId } of listBatchKeys(this.deps.db)) {
      const status = getBatch(this.deps.db, batchId)?.status;
      if (status !== undefined && !isBatchOpen(status)) this.forget(batchId);
    }
  }

  /**
   * Applies the session-only mode now: on, the sealed keys move from the database into memory;
   * off, the keys of this session are written back to the database.
   */
  applyKeyMode(): void {
    const { db } = this.deps;
    if (this.deps.sessionOnly()) {
      db.transaction(() => {
        for (const { batchId, key } of listBatchKeys(db)) {
          this.inMemory.set(batchId, key);
          deleteBatchKey(db, batchId);
        }
      });
      return;
    }
    db.transaction(() => {
      for (const [batchId, key] of this.inMemory) if (getBatch(db, batchId)) putBatchKey(db, batchId, key);
    });
    this.inMemory.clear();
  }

  /** Closes clients built for dedicated keys. */
  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map((client) => client.close()));
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
        throw new Error('The dedicated key of this batch belongs to another gateway address; it is not sent to this one.');
      }
      this.keep(batchId, { tokenId: stored.tokenId, sealed: vault.encrypt(plain, binding) });
      return plain;
    }
  }
}
