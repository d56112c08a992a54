/**
 * Users and API tokens. Token records carry exactly the interface's fields; of the secret only
 * a hash is kept (so saved state holds no usable key), and `createToken` returns it once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { QUOTA_PER_CREDIT } from './options';

/** Token status values (1 enabled, 2 disabled, 3 expired, 4 exhausted). */
export const TokenStatus = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;
type TokenStatusValue = (typeof TokenStatus)[keyof typeof TokenStatus];

/** The token record of the interface (the `data` of token creation), without the secret. */
export interface TokenRecord {
  id: number;
  user_id: number;
  status: TokenStatusValue;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  remain_credits: number;
  unlimited_quota: boolean;
  used_quota: number;
  used_credits: number;
  daily_credits: number;
  monthly_credits: number;
  model_limits_enabled: boolean;
  model_limits: string;
  group: string;
  cross_group_retry: boolean;
}

/** A token as stored: the record plus what the simulator needs to enforce its limits. */
export interface StoredToken {
  /** SHA-256 (hex) of the secret without its `sk-` prefix. */
  secretHash: string;
  record: TokenRecord;
  /** Usage in the current UTC day / month, in quota units. */
  usage: { day: string; dayQuota: number; month: string; monthQuota: number };
}

export interface UserAccount {
  id: number;
  username: string;
  group: string;
  /** Remaining quota in internal units. */
  quota: number;
  usedQuota: number;
}

/** Fields accepted when creating a token (already validated and converted to quota units). */
export interface NewToken {
  userId: number;
  name: string;
  expiredTime: number;
  remainQuota: number;
  unlimitedQuota: boolean;
  dailyCredits: number;
  monthlyCredits: number;
  modelLimitsEnabled: boolean;
  modelLimits: string;
  group: string;
  crossGroupRetry?: boolean;
  status?: TokenStatusValue;
  /** Secret to use (without `sk-`); default a random 48-character key. */
  secret?: string;
}

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random 48-character alphanumeric key, like generated gateway keys. */
function generateSecret(): string {
  const bytes = randomBytes(48);
  return Array.from(bytes, (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length]).join('');
}

/** Strip `Bearer ` and the optional `sk-` prefix from a presented key. */
export function normaliseKey(presented: string): string {
  const trimmed = presented.trim();
  return trimmed.startsWith('sk-') ? trimmed.slice(3) : trimmed;
}

/** How a secret is kept: SHA-256 of the key without `sk-`. */
function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Users and tokens as saved with the simulator's state (secrets only as hashes). */
export interface SavedAccounts {
  users: UserAccount[];
  tokens: StoredToken[];
  /** Hashes of deleted tokens' secrets (their keys still get "token info failed" answers). */
  deletedSecretHashes: string[];
  nextUserId: number;
  nextTokenId: number;
}

/** Credits shown for a quota amount, rounded to 6 decimals to avoid float noise. */
export function quotaToCredits(quota: number): number {
  return Math.round((quota / QUOTA_PER_CREDIT) * 1e6) / 1e6;
}

function dayKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function monthKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** All users and tokens of one simulator instance. */
export class AccountStore {
  private users = new Map<number, UserAccount>();
  private tokens = new Map<number, StoredToken>();
  private bySecret = new Map<string, StoredToken>();
  /** Hashes of deleted tokens' secrets: a balance look-up with one answers "token info failed". */
  private deletedSecretHashes = new Set<string>();
  private nextUserId = 1;
  private nextTokenId = 1;

  constructor(private readonly nowMs: () => number) {}

  createUser(fields: { username?: string; group: string; quota: number }): UserAccount {
    const id = this.nextUserId++;
    const user: UserAccount = {
      id,
      username: fields.username ?? `user${id}`,
      group: fields.group,
      quota: fields.quota,
      usedQuota: 0,
    };
    this.users.set(id, user);
    return user;
  }

  user(id: number): UserAccount | undefined {
    return this.users.get(id);
  }

  deleteUser(id: number): boolean {
    return this.users.delete(id);
  }

  /** Create a token; the returned secret is the only time it leaves the store. */
  createToken(fields: NewToken): { secret: string; token: StoredToken } {
    const secret = fields.secret ?? generateSecret();
    const nowSeconds = Math.floor(this.nowMs() / 1000);
    const record: TokenRecord = {
      id: this.nextTokenId++,
      user_id: fields.userId,
      status: fields.status ?? TokenStatus.enabled,
      name: fields.name,
      created_time: nowSeconds,
      accessed_time: nowSeconds,
      expired_time: fields.expiredTime,
      remain_quota: fields.remainQuota,
      remain_credits: quotaToCredits(fields.remainQuota),
      unlimited_quota: fields.unlimitedQuota,
      used_quota: 0,
      used_credits: 0,
      daily_credits: fields.dailyCredits,
      monthly_credits: fields.monthlyCredits,
      model_limits_enabled: fields.modelLimitsEnabled,
      model_limits: fields.modelLimits,
      group: fields.group,
      cross_group_retry: fields.crossGroupRetry ?? false,
    };
    const stored: StoredToken = {
      secretHash: hashSecret(secret),
      record,
      usage: { day: dayKey(this.nowMs()), dayQuota: 0, month: monthKey(this.nowMs()), monthQuota: 0 },
    };
    this.tokens.set(record.id, stored);
    this.bySecret.set(stored.secretHash, stored);
    return { secret, token: stored };
  }

  /** Look a token up by the key a client presented (with or without `sk-`). */
  findByKey(presented: string): StoredToken | undefined {
    return this.bySecret.get(hashSecret(normaliseKey(presented)));
  }

  token(id: number): StoredToken | undefined {
    return this.tokens.get(id);
  }

  deleteToken(id: number): boolean {
    const stored = this.tokens.get(id);
    if (!stored) return false;
    this.tokens.delete(id);
    this.bySecret.delete(stored.secretHash);
    this.deletedSecretHashes.add(stored.secretHash);
    return true;
  }

  /** Whether a presented key belonged to a token that was deleted. */
  wasDeleted(presented: string): boolean {
    return this.deletedSecretHashes.has(hashSecret(normaliseKey(presented)));
  }

  /** Usage of the current day and month, rolled over when the UTC day or month changed. */
  currentUsage(token: StoredToken): StoredToken['usage'] {
    const now = this.nowMs();
    const day = dayKey(now);
    const month = monthKey(now);
    if (token.usage.day !== day) token.usage = { ...token.usage, day, dayQuota: 0 };
    if (token.usage.month !== month) token.usage = { ...token.usage, month, monthQuota: 0 };
    return token.usage;
  }

  /** Move `quota` units from the token and its user to their used counters. */
  consume(token: StoredToken, user: UserAccount, quota: number): void {
    const record = token.record;
    if (!record.unlimited_quota) {
      record.remain_quota = Math.max(0, record.remain_quota - quota);
      if (record.remain_quota === 0) record.status = TokenStatus.exhausted;
    }
    record.used_quota += quota;
    this.syncCredits(record);
    const usage = this.currentUsage(token);
    usage.dayQuota += quota;
    usage.monthQuota += quota;
    user.quota -= quota;
    user.usedQuota += quota;
  }

  /**
   * Give back `quota` units (a failed task) to the token, when it still exists, and its user;
   * re-enables a token exhausted by the charge.
   */
  refund(token: StoredToken | undefined, user: UserAccount | undefined, quota: number): void {
    if (token) {
      const record = token.record;
      if (!record.unlimited_quota) {
        record.remain_quota += quota;
        if (record.status === TokenStatus.exhausted && record.remain_quota > 0) {
          record.status = TokenStatus.enabled;
        }
      }
      record.used_quota = Math.max(0, record.used_quota - quota);
      this.syncCredits(record);
      const usage = this.currentUsage(token);
      usage.dayQuota = Math.max(0, usage.dayQuota - quota);
      usage.monthQuota = Math.max(0, usage.monthQuota - quota);
    }
    if (user) {
      user.quota += quota;
      user.usedQuota = Math.max(0, user.usedQuota - quota);
    }
  }

  /** Recompute the credit mirrors after a quota change. */
  syncCredits(record: TokenRecord): void {
    record.remain_credits = quotaToCredits(record.remain_quota);
    record.used_credits = quotaToCredits(record.used_quota);
  }

  /** Everything, as saved with the simulator's state. */
  saved(): SavedAccounts {
    return {
      users: [...this.users.values()].map((user) => ({ ...user })),
      tokens: [...this.tokens.values()].map((token) => ({ ...token, record: { ...token.record }, usage: { ...token.usage } })),
      deletedSecretHashes: [...this.deletedSecretHashes],
      nextUserId: this.nextUserId,
      nextTokenId: this.nextTokenId,
    };
  }

  /** Replaces everything with saved accounts. */
  restore(saved: SavedAccounts): void {
    this.clear();
    for (const user of saved.users) this.users.set(user.id, { ...user });
    for (const token of saved.tokens) {
      const stored: StoredToken = { secretHash: token.secretHash, record: { ...token.record }, usage: { ...token.usage } };
      this.tokens.set(stored.record.id, stored);
      this.bySecret.set(stored.secretHash, stored);
    }
    for (const hash of saved.deletedSecretHashes) this.deletedSecretHashes.add(hash);
    this.nextUserId = saved.nextUserId;
    this.nextTokenId = saved.nextTokenId;
  }

  /** Forget everything (admin reset). */
  clear(): void {
    this.users.clear();
    this.tokens.clear();
    this.bySecret.clear();
    this.deletedSecretHashes.clear();
    this.nextUserId = 1;
    this.nextTokenId = 1;
  }
}
