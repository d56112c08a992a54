/**
 * Account functions: token and user balances, and token creation. These endpoints report many
 * failures as HTTP 200 with `success: false` and a (Chinese) message; those become GatewayErrors
 * of kind `account` like any other failure.
 */
import {
  balanceRecordSchema,
  bearerKeyOf,
  tokenCreateRequestSchema,
  tokenCreationResponseSchema,
  type BalanceRecord,
  type TokenCreateRequest,
  type TokenRecord,
} from '../../../shared/gateway/account';
import { isAccountFailure } from '../../../shared/gateway/errors';
import { CREDITS_PER_USD, isUnlimited } from '../../../shared/gateway/money';
import { decodeAnswer } from './decode';
import type { GatewayHttp, GatewayRequest } from './http';
import { validateBody } from './invalid-request';
import { malformedAnswer } from './normalise-error';
import type { CallOptions } from './text';

/** A balance in credits (1 USD = 200 credits), normalised from either level. */
export interface Balance {
  level: 'token' | 'user';
  unlimited: boolean;
  /** Remaining credits; null when unlimited or not reported. */
  remainCredits: number | null;
  usedCredits: number | null;
  /** Remaining balance in the deployment's configured unit (USD, CNY or tokens); null when unlimited. */
  remainBalance: number | null;
  usedBalance: number | null;
  creditsPerUsd: number;
  /** Daily and monthly limits in credits where the gateway reports them (0: none); null when it does not. */
  dailyLimitCredits: number | null;
  monthlyLimitCredits: number | null;
}

/** A freshly created token. `key` is the full bearer secret (`sk-...`), returned only this once. */
export interface CreatedToken {
  key: string;
  token: TokenRecord;
  creditsPerUsd: number;
}

function toBalance(level: Balance['level'], record: BalanceRecord): Balance {
  const unlimited =
    record.unlimited_quota === true ||
    (record.remain_credits !== undefined && isUnlimited(record.remain_credits)) ||
    (record.remain_balance !== undefined && isUnlimited(record.remain_balance));
  return {
    level,
    unlimited,
    remainCredits: unlimited ? null : (record.remain_credits ?? null),
    usedCredits: record.used_credits ?? null,
    remainBalance: unlimited ? null : (record.remain_balance ?? null),
    usedBalance: record.used_balance ?? null,
    creditsPerUsd: record.credits_per_usd ?? CREDITS_PER_USD,
    dailyLimitCredits: record.daily_credits ?? null,
    monthlyLimitCredits: record.monthly_credits ?? null,
  };
}

export class AccountApi {
  constructor(private readonly http: GatewayHttp) {}

  /** `GET /v1/balance`: what the key in use may still spend. */
  async tokenBalance(options: CallOptions = {}): Promise<Balance> {
    return toBalance('token', await this.balance('/v1/balance', options));
  }

  /** `GET /v1/user/balance`: the whole user account. */
  async userBalance(options: CallOptions = {}): Promise<Balance> {
    return toBalance('user', await this.balance('/v1/user/balance', options));
  }

  /**
   * `POST /v1/tokens`. The body is checked first (name up to 50 characters, ...). Never retried
   * once sent: a second attempt could mint a second key.
   */
  async createToken(body: TokenCreateRequest, options: CallOptions = {}): Promise<CreatedToken> {
    const valid = validateBody(tokenCreateRequestSchema, body, 'POST /v1/tokens');
    const req: GatewayRequest = {
      method: 'POST',
      path: '/v1/tokens',
      json: valid,
      retry: 'unsent-only',
      signal: options.signal,
      reportsFailure: isAccountFailure,
    };
    const answer = await this.http.requestJson(req);
    const parsed = decodeAnswer(tokenCreationResponseSchema, req, answer);
    const key = parsed.data?.key;
    if (parsed.data === undefined || key === undefined || key === '') {
      throw malformedAnswer({ method: req.method, path: req.path, secrets: [] }, answer.status, 'no token in the answer');
    }
    return { key: bearerKeyOf(key), token: parsed.data, creditsPerUsd: parsed.credits_per_usd ?? CREDITS_PER_USD };
  }

  private async balance(path: string, options: CallOptions): Promise<BalanceRecord> {
    const req: GatewayRequest = {
      method: 'GET',
      path,
      retry: 'idempotent',
      signal: options.signal,
      reportsFailure: isAccountFailure,
    };
    return decodeAnswer(balanceRecordSchema, req, await this.http.requestJson(req));
  }
}
