import { z } from 'zod';
import { lenient, optBoolean, optNumber, optString } from './lenient';

/**
 * Balance record of `GET /v1/balance` (token level) and `GET /v1/user/balance` (user level).
 * Failures may come back with HTTP 200, `success: false` and a (often Chinese) `message`.
 * Balances are -1 when `unlimited_quota` is true.
 */
export const balanceRecordSchema = z.looseObject({
  success: optBoolean,
  message: optString,
  remain_balance: optNumber,
  used_balance: optNumber,
  remain_credits: optNumber,
  used_credits: optNumber,
  credits_per_usd: optNumber,
  unlimited_quota: optBoolean,
  /**
   * Daily and monthly limits in credits (0: none). Not in the interface's balance record; read
   * where a deployment reports them, as token records name them.
   */
  daily_credits: optNumber,
  monthly_credits: optNumber,
});
export type BalanceRecord = z.infer<typeof balanceRecordSchema>;

/** Token record (`data` of `POST /v1/tokens`). `key` is returned once; use it as `sk-<key>`. */
const tokenRecordSchema = z.looseObject({
  id: optNumber,
  user_id: optNumber,
  key: optString,
  status: optNumber,
  name: optString,
  created_time: optNumber,
  accessed_time: optNumber,
  expired_time: optNumber,
  remain_quota: optNumber,
  remain_credits: optNumber,
  unlimited_quota: optBoolean,
  used_quota: optNumber,
  used_credits: optNumber,
  daily_credits: optNumber,
  monthly_credits: optNumber,
  model_limits_enabled: optBoolean,
  model_limits: optString,
  group: optString,
  cross_group_retry: optBoolean,
});
export type TokenRecord = z.infer<typeof tokenRecordSchema>;

/** Response of `POST /v1/tokens`: `data` only on success, `message` only on failure (HTTP 200 too). */
export const tokenCreationResponseSchema = z.looseObject({
  success: optBoolean,
  message: optString,
  credits_per_usd: optNumber,
  data: lenient(tokenRecordSchema),
});

/** Maximum token name length accepted by `POST /v1/tokens`. */
const TOKEN_NAME_MAX_LENGTH = 50;

/** Request body of `POST /v1/tokens`, validated before sending. */
export const tokenCreateRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'name: required').max(TOKEN_NAME_MAX_LENGTH, `name: at most ${TOKEN_NAME_MAX_LENGTH} characters`),
  expired_time: z
    .number()
    .int('expired_time: must be an integer Unix timestamp in seconds, or -1 for never')
    .refine((t) => t === -1 || t > 0, 'expired_time: must be -1 (never) or a positive Unix timestamp in seconds')
    .optional(),
  remain_quota: z.number().int('remain_quota: must be whole quota units').min(0, 'remain_quota: must not be negative').optional(),
  remain_credits: z.number().min(0, 'remain_credits: must not be negative').optional(),
  daily_credits: z.number().min(0, 'daily_credits: must not be negative').optional(),
  monthly_credits: z.number().min(0, 'monthly_credits: must not be negative').optional(),
  unlimited_quota: z.boolean().optional(),
  model_limits_enabled: z.boolean().optional(),
  model_limits: z.string().optional(),
  group: z.string().optional(),
});
export type TokenCreateRequest = z.infer<typeof tokenCreateRequestSchema>;

/** The bearer secret of a created token: the gateway returns the key without the `sk-` prefix. */
export function bearerKeyOf(key: string): string {
  return key.startsWith('sk-') ? key : `sk-${key}`;
}
