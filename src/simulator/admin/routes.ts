/**
 * `/__admin/*`: the test harness's control panel. Every call needs the header
 * `x-admin-token: <adminToken>`. These routes are never faulted, rate limited or counted.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { TokenStatus } from '../accounts';
import type { SimulatorContext } from '../context';
import { ADMIN_PREFIX } from '../fault-hooks';
import { QUOTA_PER_CREDIT } from '../options';
import { GEN_IMAGE_ROUTINGS } from '../images/variant-gen-image';
import { CHARACTER_READINGS } from '../videos/character-readings';
import { addFaultsSchema } from './fault-schema';
import { taskLedger } from './task-ledger';

const statusSchema = z.union([
  z.literal(TokenStatus.enabled),
  z.literal(TokenStatus.disabled),
  z.literal(TokenStatus.expired),
  z.literal(TokenStatus.exhausted),
]);

const keyFields = {
  remain_quota: z.number().int().min(0).optional(),
  remain_credits: z.number().min(0).optional(),
  unlimited_quota: z.boolean().optional(),
  expired_time: z.number().int().optional(),
  status: statusSchema.optional(),
  daily_credits: z.number().min(0).optional(),
  monthly_credits: z.number().min(0).optional(),
  model_limits_enabled: z.boolean().optional(),
  model_limits: z.string().optional(),
  group: z.string().optional(),
};

const createKeySchema = z.object({
  ...keyFields,
  name: z.string().optional(),
  user_id: z.number().int().positive().optional(),
  /** Exact key to use (with or without `sk-`); default random. */
  key: z.string().min(1).optional(),
});

const updateKeySchema = z.object(keyFields);

const userFields = {
  quota: z.number().int().optional(),
  quota_credits: z.number().optional(),
  group: z.string().optional(),
};

const createUserSchema = z.object({ ...userFields, username: z.string().optional() });

const clockSchema = z.object({ advanceMs: z.number().optional(), offsetMs: z.number().optional() });

const rateLimitSchema = z.object({
  max: z.number().int().positive().optional(),
  windowMs: z.number().int().positive().optional(),
  retryAfter: z.boolean().optional(),
});

const idParams = z.object({ id: z.coerce.number().int().positive() });

const settingsSchema = z.strictObject({
  genImage2Routing: z.enum(GEN_IMAGE_ROUTINGS).optional(),
  contentRoute: z.boolean().optional(),
  characterCreation: z.enum(CHARACTER_READINGS).optional(),
});

function quotaFrom(fields: { remain_quota?: number | undefined; remain_credits?: number | undefined }): number | undefined {
  if (fields.remain_credits !== undefined) return Math.round(fields.remain_credits * QUOTA_PER_CREDIT);
  return fields.remain_quota;
}

function badRequest(reply: FastifyReply, error: z.ZodError): FastifyReply {
  return reply.code(400).send({ error: { message: z.prettifyError(error), type: 'admin_error' } });
}

function notFound(reply: FastifyReply, what: string): FastifyReply {
  return reply.code(404).send({ error: { message: `${what} not found`, type: 'admin_error' } });
}

/** Register the admin routes (their own scope, guarded by the admin token). */
export async function adminRoutes(app: FastifyInstance, ctx: SimulatorContext, adminToken: string): Promise<void> {
  await app.register(
    (admin, _options, done) => {
      admin.addHook('onRequest', async (request, reply) => {
        if (request.headers['x-admin-token'] !== adminToken) {
          await reply.code(401).send({ error: { message: 'admin token required', type: 'admin_error' } });
          return reply;
        }
      });

      admin.get('/faults', () => ({ faults: ctx.faults.list() }));
      admin.post('/faults', (request, reply) => {
        const parsed = addFaultsSchema.safeParse(request.body);
        if (!parsed.success) return badRequest(reply, parsed.error);
        if ('rules' in parsed.data) {
          if (parsed.data.replace === true) ctx.faults.clear();
          return { faults: ctx.faults.add(parsed.data.rules) };
        }
        return { faults: ctx.faults.add([parsed.data]) };
      });
      admin.delete('/faults', () => {
        ctx.faults.clear();
        return { faults: [] };
      });
      admin.delete('/faults/:id', (request, reply) => {
        const params = idParams.safeParse(request.params);
        if (!params.success) return badRequest(reply, params.error);
        return ctx.faults.remove(params.data.id) ? { removed: true } : notFound(reply, 'fault');
      });

      admin.get('/settings', () => ({ settings: { ...ctx.settings } }));
      admin.post('/settings', (request, reply) => {
        const parsed = settingsSchema.safeParse(request.body ?? {});
        if (!parsed.success) return badRequest(reply, parsed.error);
        const { genImage2Routing, contentRoute, characterCreation } = parsed.data;
        if (genImage2Routing !== undefined) ctx.settings.genImage2Routing = genImage2Routing;
        if (contentRoute !== undefined) ctx.settings.contentRoute = contentRoute;
        if (characterCreation !== undefined) ctx.settings.characterCreation = characterCreation;
        return { settings: { ...ctx.settings } };
      });

      admin.get('/stats', () => ctx.stats.snapshot());
      admin.get('/text-requests', () => ({ requests: ctx.textRequests.list() }));
      admin.delete('/text-requests', () => {
        ctx.textRequests.clear();
        return { requests: [] };
      });
      admin.get('/tasks', () => ({ tasks: taskLedger(ctx) }));
      admin.post('/reset', () => {
        ctx.resetState();
        return { reset: true };
      });

      admin.post('/keys', (request, reply) => {
        const parsed = createKeySchema.safeParse(request.body ?? {});
        if (!parsed.success) return badRequest(reply, parsed.error);
        const body = parsed.data;
        const user = ctx.accounts.user(body.user_id ?? 1);
        if (!user) return notFound(reply, 'user');
        const { secret, token } = ctx.accounts.createToken({
          userId: user.id,
          name: body.name ?? 'test key',
          expiredTime: body.expired_time ?? -1,
          remainQuota: quotaFrom(body) ?? 10 * 500_000,
          unlimitedQuota: body.unlimited_quota ?? false,
          dailyCredits: body.daily_credits ?? 0,
          monthlyCredits: body.monthly_credits ?? 0,
          modelLimitsEnabled: body.model_limits_enabled ?? false,
          modelLimits: body.model_limits ?? '',
          group: body.group ?? user.group,
          ...(body.status === undefined ? {} : { status: body.status }),
          ...(body.key === undefined ? {} : { secret: body.key.replace(/^sk-/, '') }),
        });
        return { key: `sk-${secret}`, token: token.record };
      });
      admin.get('/keys/:id', (request, reply) => {
        const params = idParams.safeParse(request.params);
        if (!params.success) return badRequest(reply, params.error);
        const token = ctx.accounts.token(params.data.id);
        return token ? { token: token.record } : notFound(reply, 'key');
      });
      admin.patch('/keys/:id', (request, reply) => {
        const params = idParams.safeParse(request.params);
        const parsed = updateKeySchema.safeParse(request.body ?? {});
        if (!params.success) return badRequest(reply, params.error);
        if (!parsed.success) return badRequest(reply, parsed.error);
        const token = ctx.accounts.token(params.data.id);
        if (!token) return notFound(reply, 'key');
        const { remain_quota: _q, remain_credits: _c, ...rest } = parsed.data;
        const quota = quotaFrom(parsed.data);
        // zod drops absent keys, so only the fields sent are assigned.
        Object.assign(token.record, rest);
        if (quota !== undefined) token.record.remain_quota = quota;
        ctx.accounts.syncCredits(token.record);
        return { token: token.record };
      });
      admin.delete('/keys/:id', (request, reply) => {
        const params = idParams.safeParse(request.params);
        if (!params.success) return badRequest(reply, params.error);
        return ctx.accounts.deleteToken(params.data.id) ? { removed: true } : notFound(reply, 'key');
      });

      admin.post('/users', (request, reply) => {
        const parsed = createUserSchema.safeParse(request.body ?? {});
        if (!parsed.success) return badRequest(reply, parsed.error);
        const body = parsed.data;
        const quota = body.quota_credits !== undefined ? Math.round(body.quota_credits * QUOTA_PER_CREDIT) : body.quota;
        const user = ctx.accounts.createUser({
          ...(body.username === undefined ? {} : { username: body.username }),
          group: body.group ?? ctx.options.userGroup,
          quota: quota ?? ctx.options.userQuota,
        });
        return { user };
      });
      admin.get('/users/:id', (request, reply) => {
        const params = idParams.safeParse(request.params);
        if (!params.success) return badRequest(reply, params.error);
        const user = ctx.accounts.user(params.data.id);
        return user ? { user } : notFound(reply, 'user');
      });
      admin.patch('/users/:id', (request, reply) => {
        const params = idParams.safeParse(request.params);
        const parsed = z.object(userFields).safeParse(request.body ?? {});
        if (!params.success) return badRequest(reply, params.error);
        if (!parsed.success) return badRequest(reply, parsed.error);
        const user = ctx.accounts.user(params.data.id);
        if (!user) return notFound(reply, 'user');
        const body = parsed.data;
        if (body.quota_credits !== undefined) user.quota = Math.round(body.quota_credits * QUOTA_PER_CREDIT);
        else if (body.quota !== undefined) user.quota = body.quota;
        if (body.group !== undefined) user.group = body.group;
        return { user };
      });
      admin.delete('/users/:id', (request, reply) => {
        const params = idParams.safeParse(request.params);
        if (!params.success) return badRequest(reply, params.error);
        return ctx.accounts.deleteUser(params.data.id) ? { removed: true } : notFound(reply, 'user');
      });

      admin.get('/clock', () => ({ now: ctx.now(), offsetMs: ctx.clockOffsetMs }));
      admin.post('/clock', (request, reply) => {
        const parsed = clockSchema.safeParse(request.body ?? {});
        if (!parsed.success) return badRequest(reply, parsed.error);
        if (parsed.data.offsetMs !== undefined) ctx.clockOffsetMs = parsed.data.offsetMs;
        if (parsed.data.advanceMs !== undefined) ctx.clockOffsetMs += parsed.data.advanceMs;
        return { now: ctx.now(), offsetMs: ctx.clockOffsetMs };
      });

      admin.get('/rate-limit', () => ({ rateLimit: ctx.rateLimiter.current }));
      admin.post('/rate-limit', (request, reply) => {
        const parsed = rateLimitSchema.safeParse(request.body ?? {});
        if (!parsed.success) return badRequest(reply, parsed.error);
        const next = { ...ctx.rateLimiter.current };
        if (parsed.data.max !== undefined) next.max = parsed.data.max;
        if (parsed.data.windowMs !== undefined) next.windowMs = parsed.data.windowMs;
        if (parsed.data.retryAfter !== undefined) next.retryAfter = parsed.data.retryAfter;
        ctx.rateLimiter.configure(next);
        return { rateLimit: ctx.rateLimiter.current };
      });
      done();
    },
    { prefix: ADMIN_PREFIX },
  );
}
