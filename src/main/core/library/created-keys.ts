/**
 * The keys this studio created on a gateway (`POST /v1/tokens`), kept so the artist can see
 * them: the interface offers no way to list or revoke keys. Never the secret; a batch's sealed
 * copy lives apart (`batch_keys`) and is forgotten when the batch ends (`forgotten_at`).
 */
import { z } from 'zod';
import { parseJsonColumn } from './json-column';
import type { LibraryDatabase } from './library-database';

export interface CreatedKey {
  /** The gateway's origin (`https://host`); '' for keys minted before this list existed. */
  gateway: string;
  /** The gateway's token id (a number on the interface's gateways). */
  tokenId: string | number;
  name: string;
  /** `batch`: minted for a batch's budget; `account`: made on the Account page. */
  purpose: 'batch' | 'account';
  batchId: string | null;
  remainCredits: number | null;
  unlimited: boolean;
  dailyCredits: number | null;
  monthlyCredits: number | null;
  modelLimits: string[];
  /** Unix ms; null: never expires. */
  expiresAt: number | null;
  createdAt: number;
  /** When the studio dropped its own sealed copy of the secret (batch keys); null while it holds one or never did. */
  forgottenAt: number | null;
}

export type NewCreatedKey = Omit<CreatedKey, 'createdAt' | 'forgottenAt'> & { createdAt?: number };

interface CreatedKeyRow {
  gateway: string;
  token_id: string;
  name: string;
  purpose: 'batch' | 'account';
  batch_id: string | null;
  remain_credits: number | null;
  unlimited: number;
  daily_credits: number | null;
  monthly_credits: number | null;
  model_limits: string;
  expires_at: number | null;
  created_at: number;
  forgotten_at: number | null;
}

const tokenIdSchema = z.union([z.string(), z.number()]);
const modelLimitsSchema = z.array(z.string());

function toCreatedKey(row: CreatedKeyRow): CreatedKey {
  return {
    gateway: row.gateway,
    tokenId: parseJsonColumn(tokenIdSchema, row.token_id, `created_keys.token_id of ${row.name}`),
    name: row.name,
    purpose: row.purpose,
    batchId: row.batch_id,
    remainCredits: row.remain_credits,
    unlimited: row.unlimited === 1,
    dailyCredits: row.daily_credits,
    monthlyCredits: row.monthly_credits,
    modelLimits: parseJsonColumn(modelLimitsSchema, row.model_limits, `created_keys.model_limits of ${row.name}`),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    forgottenAt: row.forgotten_at,
  };
}

/** Records a key the studio just created (a key seen again replaces its record). */
export function recordCreatedKey(db: LibraryDatabase, key: NewCreatedKey): void {
  db.prepare(
    `INSERT OR REPLACE INTO created_keys (gateway, token_id, name, purpose, batch_id, remain_credits, unlimited, daily_credits, monthly_credits,
       model_limits, expires_at, created_at, forgotten_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
  ).run(
    key.gateway,
    JSON.stringify(key.tokenId),
    key.name,
    key.purpose,
    key.batchId,
    key.remainCredits,
    key.unlimited ? 1 : 0,
    key.dailyCredits,
    key.monthlyCredits,
    JSON.stringify(key.modelLimits),
    key.expiresAt,
    key.createdAt ?? db.now(),
  );
}

/** Notes that the studio no longer holds a batch's key (its batch ended). */
export function markBatchKeyForgotten(db: LibraryDatabase, batchId: string): void {
  db.prepare('UPDATE created_keys SET forgotten_at = ? WHERE batch_id = ? AND forgotten_at IS NULL').run(db.now(), batchId);
}

/** The keys this studio created, newest first (at most `limit`). */
export function listCreatedKeys(db: LibraryDatabase, limit = 200): CreatedKey[] {
  return db.prepare<[number], CreatedKeyRow>('SELECT * FROM created_keys ORDER BY created_at DESC, token_id LIMIT ?').all(limit).map(toCreatedKey);
}
