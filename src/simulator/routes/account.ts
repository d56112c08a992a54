/**
 * Account functions: token balance (`/v1/balance`, `/balance`), user balance
 * (`/v1/user/balance`, `/user/balance`) and token creation (`POST /v1/tokens`).
 * Failures of the interface's Errors table answer HTTP 200 with `success: false` and the exact
 * Chinese message; 401 and 429 use the same `{success, message}` shape on these routes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { quotaToCredits } from '../accounts';
import type { SimContext, SimRoutePlugin } from '../context';
import { CREDITS_PER_USD, QUOTA_PER_CREDIT, QUOTA_PER_USD } from '../options';

/** Longest token name, in characters (code points). */
const MAX_TOKEN_NAME_LENGTH = 50;

const ACCOUNT_ROUTE = { config: { errorStyle: 'account' as const } };

/** A quota amount in the configured display unit. */
function inDisplayUnit(ctx: SimContext, quota: number): number {
  const usd = quota / QUOTA_PER_USD;
  const value = ctx.options.displayUnit === 'tokens' ? quota : ctx.options.displayUnit === 'CNY' ? usd * ctx.options.cnyPerUsd : usd;
  return Math.round(value * 1e6) / 1e6;
}

function balanceRecord(ctx: SimContext, remainQuota: number, usedQuota: number, unlimited: boolean): object {
  return {
    success: true,
    remain_balance: unlimited ? -1 : inDisplayUnit(ctx, remainQuota),
    used_balance: inDisplayUnit(ctx, usedQuota),
    remain_credits: unlimited ? -1 : quotaToCredits(remainQuota),
    used_credits: quotaToCredits(usedQuota),
    credits_per_usd: CREDITS_PER_USD,
    unlimited_quota: unlimited,
  };
}

const tokenBodySchema = z.object({
  name: z.string().optional(),
  expired_time: z.number().int().optional(),
  remain_quota: z.number().int().min(0).optional(),
  remain_credits: z.number().min(0).optional(),
  daily_credits: z.number().min(0).optional(),
  monthly_credits: z.number().min(0).optional(),
  unlimited_quota: z.boolean().optional(),
  model_limits_enabled: z.boolean().optional(),
  model_limits: z.string().optional(),
  group: z.string().optional(),
  cross_group_retry: z.boolean().optional(),
});

export const accountRoutes: SimRoutePlugin = (app, ctx) => {
  const failure = (request: FastifyRequest, kind: 'token-info' | 'user-quota' | 'used-quota' | 'create-token') =>
    ctx.faults.take('account-failure', { method: request.method, path: request.url.split('?')[0] ?? '' }, (rule) => rule.failure === kind) !== undefined;

  const tokenBalance = (request: FastifyRequest, reply: FastifyReply) => {
    // The Errors table: a token that "does not exist or was deleted" answers 200 with this text.
    const key = ctx.authenticate(request, reply, { allowInactive: true, deletedTokenFailure: '获取令牌信息失败' });
    if (!key) return reply;
    if (failure(request, 'token-info')) return ctx.sendAccountFailure(reply, '获取令牌信息失败');
    const record = key.record;
    return balanceRecord(ctx, record.remain_quota, record.used_quota, record.unlimited_quota);
  };
  app.get('/v1/balance', ACCOUNT_ROUTE, tokenBalance);
  app.get('/balance', ACCOUNT_ROUTE, tokenBalance);

  const userBalance = (request: FastifyRequest, reply: FastifyReply) => {
    const key = ctx.authenticate(request, reply, { allowInactive: true });
    if (!key) return reply;
    const user = ctx.accounts.user(key.record.user_id);
    if (!user || failure(request, 'user-quota')) return ctx.sendAccountFailure(reply, '获取用户额度失败');
    if (failure(request, 'used-quota')) return ctx.sendAccountFailure(reply, '获取已使用额度失败');
    return balanceRecord(ctx, Math.max(0, user.quota), user.usedQuota, false);
  };
  app.get('/v1/user/balance', ACCOUNT_ROUTE, userBalance);
  app.get('/user/balance', ACCOUNT_ROUTE, userBalance);

  app.post('/v1/tokens', ACCOUNT_ROUTE, (request, reply) => {
    const key = ctx.authenticate(request, reply, { tokenCreation: true });
    if (!key) return reply;
    const parsed = tokenBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return ctx.sendAccountFailure(reply, '无效的参数');
    const body = parsed.data;
    const name = body.name?.trim() ?? '';
    if (name === '') return ctx.sendAccountFailure(reply, '令牌名称不能为空');
    if (Array.from(name).length > MAX_TOKEN_NAME_LENGTH) return ctx.sendAccountFailure(reply, '令牌名称过长');
    const expiredTime = body.expired_time ?? -1;
    if (expiredTime !== -1 && expiredTime <= 0) return ctx.sendAccountFailure(reply, '无效的参数');
    if (expiredTime !== -1 && expiredTime <= ctx.nowSeconds()) {
      return ctx.sendAccountFailure(reply, '过期时间不能早于当前时间');
    }
    if (failure(request, 'create-token')) return ctx.sendAccountFailure(reply, '生成令牌失败');
    const remainQuota = body.remain_credits !== undefined ? Math.round(body.remain_credits * QUOTA_PER_CREDIT) : (body.remain_quota ?? 0);
    const user = ctx.accounts.user(key.record.user_id);
    const { secret, token } = ctx.accounts.createToken({
      userId: key.record.user_id,
      name,
      expiredTime,
      remainQuota,
      unlimitedQuota: body.unlimited_quota ?? false,
      dailyCredits: body.daily_credits ?? 0,
      monthlyCredits: body.monthly_credits ?? 0,
      modelLimitsEnabled: body.model_limits_enabled ?? false,
      modelLimits: body.model_limits ?? '',
      group: body.group ?? user?.group ?? ctx.options.userGroup,
      crossGroupRetry: body.cross_group_retry ?? false,
    });
    return { success: true, credits_per_usd: CREDITS_PER_USD, data: { ...token.record, key: secret } };
  });
};
