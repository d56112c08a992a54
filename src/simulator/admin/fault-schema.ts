/** zod schema of fault rules as the admin API accepts them. */
import { z } from 'zod';
import type { FaultRule } from '../faults';

const target = {
  route: z.string().optional(),
  model: z.string().optional(),
  count: z.number().int().positive().optional(),
  probability: z.number().min(0).max(1).optional(),
};

const faultRuleSchema: z.ZodType<FaultRule> = z.discriminatedUnion('kind', [
  z.object({ ...target, kind: z.literal('latency'), ms: z.number().int().min(0) }),
  z.object({
    ...target,
    kind: z.literal('error'),
    // 2xx too: an answer of another shape than the route's own (a task record where images were expected).
    status: z.number().int().min(200).max(599),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    phase: z.enum(['before-handler', 'after-handler']).optional(),
  }),
  z.object({
    ...target,
    kind: z.literal('rate-limit'),
    retryAfterSeconds: z.number().int().min(0).nullable().optional(),
  }),
  z.object({
    ...target,
    kind: z.literal('drop-connection'),
    phase: z.enum(['before-request-read', 'after-request-read']),
  }),
  z.object({ ...target, kind: z.literal('truncated-body') }),
  z.object({ ...target, kind: z.literal('malformed-json') }),
  z.object({
    ...target,
    kind: z.literal('stream-error'),
    message: z.string().optional(),
    afterEvents: z.number().int().min(0).optional(),
  }),
  z.object({
    ...target,
    kind: z.literal('account-failure'),
    failure: z.enum(['token-info', 'user-quota', 'used-quota', 'create-token']),
  }),
  z.object({ ...target, kind: z.literal('task-failure'), message: z.string().optional() }),
  z.object({ ...target, kind: z.literal('result-expiry'), afterMs: z.number().int().min(0) }),
  z.object({ ...target, kind: z.literal('slow-download'), bytesPerSecond: z.number().int().positive() }),
]);

/** Body of `POST /__admin/faults`: one rule, or a list; `replace` clears the active rules first. */
export const addFaultsSchema = z.union([faultRuleSchema, z.object({ rules: z.array(faultRuleSchema), replace: z.boolean().optional() })]);
