import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredToken } from '../accounts';
import type { SimContext } from '../context';
import type { MediaState } from '../media/media-state';
import { ownerOf } from '../media/media-state';
import { warningHeaderValues } from '../requests/warnings';
import type { SimTask } from '../tasks/task-store';
import { submitCharacterTask, submitVideoTask } from '../videos/submit';
import type { CharacterPlan, VideoPlan } from '../videos/video-plan';

/** Helpers shared by the video routes. */

/** The `model` field of a JSON body, if any. */
export function modelField(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>).model : undefined;
}

/**
 * Charges an accepted plan (model price times the plan's factor) and schedules its task.
 * Returns undefined when the charge was refused (the 403 answer is already sent).
 */
export function chargeAndSubmit(
  ctx: SimContext,
  media: MediaState,
  request: FastifyRequest,
  reply: FastifyReply,
  key: StoredToken,
  plan: VideoPlan | CharacterPlan,
): SimTask | undefined {
  const price = ctx.options.prices[plan.model] ?? ctx.options.defaultPrice;
  const factor = plan.family === 'character' ? 1 : plan.priceFactor;
  const charge = ctx.charge(key, plan.model, reply, { credits: price * factor });
  if (!charge) return undefined;
  const warnings = plan.family === 'character' ? [] : (plan.warnings ?? []);
  if (warnings.length > 0) void reply.header('warning', warningHeaderValues(warnings));
  const submitter = { request, ownerId: ownerOf(key), charge };
  const newId = (prefix: string): string => ctx.newId(prefix);
  return plan.family === 'character'
    ? submitCharacterTask(plan, media, submitter, ctx.options.timing.character, newId)
    : submitVideoTask(plan, media, submitter, ctx.options.timing.video, newId);
}
