/**
 * `SimContext`: what every route plugin receives. It holds the shared state (accounts, faults,
 * stats, clock) and the gateway behaviours every endpoint repeats (authentication, model access,
 * quota charging, error answers), so each route only describes its own request and response.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountStore, TokenStatus, normaliseKey, quotaToCredits } from './accounts';
import type { StoredToken, UserAccount } from './accounts';
import { FaultController } from './faults';
import { findModel, supportsEndpoint } from './models';
import type { CatalogueModel, EndpointType } from './models';
import { QUOTA_PER_CREDIT } from './options';
import type { ResolvedSimulatorOptions, SimulatorSettings } from './options';
import { FixedWindowLimiter } from './rate-limit';
import { relayErrorBody, type RelayErrorFields } from './relay-errors';
import { SeededRandom } from './seeded-random';
import { StatsRecorder } from './stats';
import { TextRequestLog } from './text/request-log';

/**
 * How a route answers rejections made before its handler logic (401, 429, faults):
 * `relay` = `{"error":{message,type,param,code}}`, `account` = `{"success":false,"message"}`.
 */
type ErrorStyle = 'relay' | 'account';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Shape of rejections on this route; default `relay`. */
    errorStyle?: ErrorStyle;
  }
}

export interface AuthenticateOptions {
  /** Also accept `x-api-key: <key>` (only `POST /v1/messages`). */
  allowXApiKey?: boolean;
  /** Let disabled, expired and exhausted keys through (balance look-ups of a spent key). */
  allowInactive?: boolean;
  /** Also apply the stricter token-creation limit (`POST /v1/tokens`). */
  tokenCreation?: boolean;
  /** Answer a deleted token's key with HTTP 200 and this account failure instead of 401. */
  deletedTokenFailure?: string;
}

/** A successful charge; `refund()` gives the amount back once (e.g. when a task fails). */
export interface Charge {
  /** The charged token and user (saved with tasks, so a restarted simulator can still refund). */
  tokenId: number;
  userId: number;
  quota: number;
  credits: number;
  refund(): void;
}

/** A route plugin: registers its routes on `app` (its own encapsulated scope). */
export type SimRoutePlugin = (app: FastifyInstance, ctx: SimContext) => Promise<void> | void;

/** The API route plugins use. */
export interface SimContext {
  readonly options: ResolvedSimulatorOptions;
  /** Behaviour settings now (start values from `options.settings`; admin-changeable). */
  readonly settings: SimulatorSettings;
  readonly accounts: AccountStore;
  readonly faults: FaultController;
  readonly stats: StatsRecorder;
  /** The text requests received (bodies shortened), for tests that check what a client sent. */
  readonly textRequests: TextRequestLog;
  /** Current time in ms (the clock of the options, real time by default, plus any admin clock shift). */
  now(): number;
  /** `now()` in whole Unix seconds. */
  nowSeconds(): number;
  /** Absolute URL of a path on this server (`/files/x.png` -> `http://127.0.0.1:PORT/files/x.png`). */
  publicUrl(path: string): string;
  /** Seeded pseudo-random number in [0, 1). */
  random(): number;
  /** A fresh id: `<prefix><24 hex chars>`, e.g. `newId('task_')`. */
  newId(prefix: string): string;
  /** Authenticate the request's key; on failure sends 401/403/429 itself and returns undefined. */
  authenticate(request: FastifyRequest, reply: FastifyReply, options?: AuthenticateOptions): StoredToken | undefined;
  /**
   * Check that `key` may call `model` (through `endpoint` when given). Sends 400 (model missing,
   * endpoint not supported), 403 `access_denied` (token model limits) or 503 `model_not_found`
   * (unknown or channel-less model) and returns undefined on refusal.
   */
  requireModel(key: StoredToken, model: unknown, reply: FastifyReply, endpoint?: EndpointType): CatalogueModel | undefined;
  /** Whether the token's model restriction lets it use `model` (no answer sent). */
  keyAllowsModel(key: StoredToken, model: string): boolean;
  /** The catalogue entry of a model that has a channel (not disabled), or undefined. */
  availableModel(model: string): CatalogueModel | undefined;
  /**
   * Charge one request of `model` (price table, or `credits` when given) to the key and its
   * user. Sends 403 `insufficient_user_quota` and returns undefined when quota is short.
   */
  charge(key: StoredToken, model: string, reply: FastifyReply, options?: { credits?: number }): Charge | undefined;
  /** Send an error in the relay shape `{"error":{message,type,param,code}}`. */
  sendError(reply: FastifyReply, status: number, fields: RelayErrorFields): FastifyReply;
  /** Send an account-style failure `{"success":false,"message"}` with `status` (default 200). */
  sendAccountFailure(reply: FastifyReply, message: string, status?: number): FastifyReply;
  /** Run `listener` on `POST /__admin/reset` (drop tasks, files, caches). */
  onReset(listener: () => void): void;
}

/** The SimContext implementation plus the internals server.ts and the admin routes use. */
export class SimulatorContext implements SimContext {
  readonly accounts: AccountStore;
  readonly faults: FaultController;
  readonly stats = new StatsRecorder();
  readonly textRequests = new TextRequestLog();
  readonly rateLimiter: FixedWindowLimiter;
  readonly tokenCreationLimiter: FixedWindowLimiter;
  readonly random: () => number;
  readonly randomSource: SeededRandom;
  readonly settings: SimulatorSettings;
  clockOffsetMs = 0;
  private baseUrl = '';
  private readonly resetListeners: (() => void)[] = [];

  constructor(readonly options: ResolvedSimulatorOptions) {
    this.randomSource = new SeededRandom(options.randomSeed);
    this.random = this.randomSource.next;
    this.settings = { ...options.settings };
    this.accounts = new AccountStore(() => this.now());
    this.faults = new FaultController(options.faults, this.random, (kind) => this.stats.recordFault(kind));
    this.rateLimiter = new FixedWindowLimiter(options.rateLimit, () => this.now());
    this.tokenCreationLimiter = new FixedWindowLimiter(options.tokenCreationLimit, () => this.now());
  }

  now(): number {
    return this.options.clock() + this.clockOffsetMs;
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  setBaseUrl(url: string): void {
    this.baseUrl = url.replace(/\/+$/, '');
  }

  publicUrl(path: string): string {
    return `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  }

  newId(prefix: string): string {
    let hex = '';
    for (let i = 0; i < 3; i++)
      hex += Math.floor(this.random() * 0x1_0000_0000)
        .toString(16)
        .padStart(8, '0');
    return `${prefix}${hex}`;
  }

  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  /** Create the demo user (id 1) and the demo key. */
  seedDemoAccount(): void {
    const user = this.accounts.createUser({
      username: 'demo',
      group: this.options.userGroup,
      quota: this.options.userQuota,
    });
    this.accounts.createToken({
      userId: user.id,
      name: 'demo',
      expiredTime: -1,
      remainQuota: this.options.demoKeyQuota,
      unlimitedQuota: this.options.demoKeyUnlimited,
      dailyCredits: 0,
      monthlyCredits: 0,
      modelLimitsEnabled: false,
      modelLimits: '',
      group: user.group,
      secret: normaliseKey(this.options.demoKey),
    });
  }

  /** Back to the state at start: accounts, faults, stats, limits, clock; then reset listeners. */
  resetState(): void {
    this.accounts.clear();
    this.seedDemoAccount();
    this.faults.reset();
    this.stats.reset();
    this.textRequests.clear();
    this.rateLimiter.configure(this.options.rateLimit);
    this.tokenCreationLimiter.configure(this.options.tokenCreationLimit);
    this.clockOffsetMs = 0;
    Object.assign(this.settings, this.options.settings);
    for (const listener of this.resetListeners) listener();
  }

  sendError(reply: FastifyReply, status: number, fields: RelayErrorFields): FastifyReply {
    return reply.code(status).send(relayErrorBody(status, fields));
  }

  sendAccountFailure(reply: FastifyReply, message: string, status = 200): FastifyReply {
    return reply.code(status).send({ success: false, message });
  }

  /** Send a rejection in the route's error style. */
  reject(request: FastifyRequest, reply: FastifyReply, status: number, fields: RelayErrorFields): FastifyReply {
    if (request.routeOptions.config.errorStyle === 'account') {
      return this.sendAccountFailure(reply, fields.message, status);
    }
    return this.sendError(reply, status, fields);
  }

  /** Send the 429 answer, with `Retry-After` when configured. */
  rejectRateLimited(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number | null): FastifyReply {
    if (retryAfterSeconds !== null) void reply.header('retry-after', String(retryAfterSeconds));
    return this.reject(request, reply, 429, { message: '请求过于频繁', code: 'rate_limit_exceeded' });
  }

  authenticate(request: FastifyRequest, reply: FastifyReply, options: AuthenticateOptions = {}): StoredToken | undefined {
    const presented = this.presentedKey(request, options.allowXApiKey === true);
    if (presented === undefined) {
      const account = request.routeOptions.config.errorStyle === 'account';
      this.reject(request, reply, 401, {
        message: account ? '无 Authorization 头' : '未提供令牌',
        code: 'missing_api_key',
      });
      return undefined;
    }
    const token = this.accounts.findByKey(presented);
    if (!token && options.deletedTokenFailure !== undefined && this.accounts.wasDeleted(presented)) {
      this.sendAccountFailure(reply, options.deletedTokenFailure);
      return undefined;
    }
    if (!token) {
      this.reject(request, reply, 401, { message: '无效的令牌', code: 'invalid_api_key' });
      return undefined;
    }
    const record = token.record;
    if (record.expired_time !== -1 && record.expired_time * 1000 <= this.now()) {
      record.status = TokenStatus.expired;
    }
    if (!options.allowInactive && !this.tokenUsable(token, request, reply)) return undefined;
    const limiters = options.tokenCreation ? [this.rateLimiter, this.tokenCreationLimiter] : [this.rateLimiter];
    for (const limiter of limiters) {
      const decision = limiter.hit(`token:${record.id}`);
      if (!decision.allowed) {
        this.rejectRateLimited(request, reply, limiter.current.retryAfter ? decision.retryAfterSeconds : null);
        return undefined;
      }
    }
    record.accessed_time = this.nowSeconds();
    return token;
  }

  private presentedKey(request: FastifyRequest, allowXApiKey: boolean): string | undefined {
    const authorization = request.headers.authorization;
    if (typeof authorization === 'string' && authorization.trim() !== '') {
      const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
      const key = (match?.[1] ?? authorization).trim();
      if (key !== '') return key;
    }
    const xApiKey = request.headers['x-api-key'];
    if (allowXApiKey && typeof xApiKey === 'string' && xApiKey.trim() !== '') return xApiKey.trim();
    return undefined;
  }

  private tokenUsable(token: StoredToken, request: FastifyRequest, reply: FastifyReply): boolean {
    const record = token.record;
    if (record.status === TokenStatus.expired) {
      this.reject(request, reply, 401, { message: '该令牌已过期', code: 'token_expired' });
      return false;
    }
    if (record.status === TokenStatus.disabled) {
      this.reject(request, reply, 401, { message: '该令牌状态不可用', code: 'token_disabled' });
      return false;
    }
    if (record.status === TokenStatus.exhausted || (!record.unlimited_quota && record.remain_quota <= 0)) {
      record.status = TokenStatus.exhausted;
      this.reject(request, reply, 403, { message: '该令牌额度已用尽', code: 'insufficient_user_quota' });
      return false;
    }
    return true;
  }

  requireModel(key: StoredToken, model: unknown, reply: FastifyReply, endpoint?: EndpointType): CatalogueModel | undefined {
    if (typeof model !== 'string' || model.trim() === '') {
      this.sendError(reply, 400, { message: 'model is required', param: 'model', code: 'invalid_request' });
      return undefined;
    }
    if (!this.keyAllowsModel(key, model)) {
      this.sendError(reply, 403, { message: `该令牌无权访问模型 ${model}`, code: 'access_denied' });
      return undefined;
    }
    const entry = this.availableModel(model);
    if (!entry) {
      const group = this.groupOf(key);
      this.sendError(reply, 503, {
        message: `当前分组 ${group} 下对于模型 ${model} 无可用渠道`,
        type: 'new_api_error',
        code: 'model_not_found',
      });
      return undefined;
    }
    if (endpoint !== undefined && !supportsEndpoint(entry, endpoint)) {
      this.sendError(reply, 400, {
        message: `model ${model} does not support this interface (${endpoint}); supported: ${entry.endpoints.join(', ')}`,
        param: 'model',
        code: 'model_not_supported',
      });
      return undefined;
    }
    return entry;
  }

  /** Whether the token's model restriction lets it use `model`. */
  keyAllowsModel(key: StoredToken, model: string): boolean {
    const record = key.record;
    if (!record.model_limits_enabled) return true;
    return record.model_limits
      .split(',')
      .map((id) => id.trim())
      .includes(model);
  }

  /** The catalogue entry of a model that has a channel, or undefined. */
  availableModel(model: string): CatalogueModel | undefined {
    if (this.options.disabledModels.includes(model)) return undefined;
    return findModel(model);
  }

  groupOf(key: StoredToken): string {
    return key.record.group || (this.accounts.user(key.record.user_id)?.group ?? 'default');
  }

  charge(key: StoredToken, model: string, reply: FastifyReply, options: { credits?: number } = {}): Charge | undefined {
    const credits = options.credits ?? this.options.prices[model] ?? this.options.defaultPrice;
    const quota = Math.round(credits * QUOTA_PER_CREDIT);
    const refusal = this.chargeRefusal(key, quota);
    if (refusal !== undefined) {
      this.sendError(reply, 403, { message: refusal, type: 'new_api_error', code: 'insufficient_user_quota' });
      return undefined;
    }
    const user = this.accounts.user(key.record.user_id) as UserAccount;
    this.accounts.consume(key, user, quota);
    return this.chargeRecord({ tokenId: key.record.id, userId: user.id, quota, credits });
  }

  /** A charge already taken (new, or saved with a task); `refund()` gives it back once. */
  chargeRecord(taken: { tokenId: number; userId: number; quota: number; credits: number }): Charge {
    let refunded = false;
    return {
      ...taken,
      refund: () => {
        if (refunded) return;
        refunded = true;
        this.accounts.refund(this.accounts.token(taken.tokenId), this.accounts.user(taken.userId), taken.quota);
      },
    };
  }

  /** Why `quota` cannot be charged to `key`, or undefined when it can. */
  private chargeRefusal(key: StoredToken, quota: number): string | undefined {
    const record = key.record;
    const user = this.accounts.user(record.user_id);
    if (!user) return '用户不存在';
    if (!record.unlimited_quota && record.remain_quota < quota) {
      return `令牌额度不足：剩余 ${quotaToCredits(record.remain_quota)} credits，需要 ${quotaToCredits(quota)} credits`;
    }
    const usage = this.accounts.currentUsage(key);
    if (record.daily_credits > 0 && usage.dayQuota + quota > record.daily_credits * QUOTA_PER_CREDIT) {
      return '令牌今日额度已用尽';
    }
    if (record.monthly_credits > 0 && usage.monthQuota + quota > record.monthly_credits * QUOTA_PER_CREDIT) {
      return '令牌本月额度已用尽';
    }
    if (user.quota < quota) return `用户额度不足：剩余 ${quotaToCredits(user.quota)} credits`;
    return undefined;
  }
}
