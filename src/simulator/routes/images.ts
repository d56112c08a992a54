import type { SimRoutePlugin } from '../context';
import type { CatalogueModel } from '../models';
import { directAnswer, submitImageTask, summaryAnswer } from '../images/answers';
import type { ImagePlan } from '../images/plan';
import { planGenImage, type GenImageRouting } from '../images/variant-gen-image';
import { planLumenImage } from '../images/variant-lumen';
import { planVariantC, planVariantD, planVariantE } from '../images/variant-nova';
import { mediaStateOf, ownerOf, validated } from '../media/media-state';
import type { UrlResolver } from '../requests/references';
import { badRequest } from '../requests/rejection';
import { warningHeaderValues } from '../requests/warnings';
import { observe } from '../tasks/task-store';
import { taskNotExistBody, taskRecord } from '../tasks/task-records';
import type { UrlOf } from '../tasks/task-records';

/** Picks the variant of a model (docs/simulator.md: variant A vs B) and validates the request. */
function planImage(model: CatalogueModel, body: unknown, resolve: UrlResolver, routing: GenImageRouting): Promise<ImagePlan> {
  switch (model.family) {
    case 'image-gen-2':
      return planGenImage(body, resolve, routing);
    case 'image-nova-flash':
      return planVariantC(body, resolve);
    case 'image-nova-pro':
      return planVariantD(body, resolve);
    case 'image-nova-official':
      return planVariantE(body, resolve);
    case 'image-lumen':
      return planLumenImage(body, resolve);
    default:
      return Promise.reject(badRequest(`model ${model.id} is not an image model`, 'model'));
  }
}

/**
 * `POST /v1/images/generations` (variants A-E) and `GET /v1/images/generations/{task_id}`.
 * Each generated image is charged at the model's price; a failed task is refunded.
 */
export const imageRoutes: SimRoutePlugin = (app, ctx) => {
  const media = mediaStateOf(ctx);
  const urlOf: UrlOf = (file) => media.urlOf(file);

  app.post('/v1/images/generations', async (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const body: unknown = request.body;
    const requested = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).model : undefined;
    const model = ctx.requireModel(key, requested, reply, 'image_generation');
    if (!model) return reply;
    const plan = await validated(ctx, reply, () => planImage(model, body, media.resolveUrl, ctx.settings.genImage2Routing));
    if (!plan) return reply;
    if (plan.warnings && plan.warnings.length > 0) void reply.header('warning', warningHeaderValues(plan.warnings));
    const price = ctx.options.prices[model.id] ?? ctx.options.defaultPrice;
    const charge = ctx.charge(key, model.id, reply, { credits: price * plan.images.length });
    if (!charge) return reply;
    try {
      switch (plan.style) {
        case 'direct':
          ctx.stats.recordSubmission(model.id);
          return await directAnswer(plan, media, ctx.now(), ctx.options.resultTtlSeconds * 1000);
        case 'summary':
          ctx.stats.recordSubmission(model.id);
          return await summaryAnswer(plan, media, ctx.now());
        case 'task': {
          const task = submitImageTask(plan, media, request, ownerOf(key), ctx.options.timing.image, charge);
          return taskRecord(task, observe(task, ctx.now()), urlOf);
        }
      }
    } catch (error) {
      charge.refund();
      throw error;
    }
  });

  app.get<{ Params: { task_id: string } }>('/v1/images/generations/:task_id', async (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const task = media.tasks.get(request.params.task_id, ownerOf(key));
    if (task?.family !== 'image') return reply.code(400).send(taskNotExistBody(request.params.task_id));
    return taskRecord(task, observe(task, ctx.now()), urlOf);
  });
};
