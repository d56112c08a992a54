import type { SimRoutePlugin } from '../context';
import { mediaStateOf, ownerOf, validated } from '../media/media-state';
import { badRequest } from '../requests/rejection';
import { officialPollingRecord, taskNotExistBody, taskRecord } from '../tasks/task-records';
import type { UrlOf } from '../tasks/task-records';
import { observe } from '../tasks/task-store';
import { CLIP3_MODELS, OFFICIAL_MODELS, planClip3Video, planOfficialVideo } from '../videos/singular-path';
import { chargeAndSubmit, modelField } from './video-submission';

const officialModels: readonly string[] = OFFICIAL_MODELS;
const clip3Models: readonly string[] = CLIP3_MODELS;

/**
 * `POST /v1/video/generations` (singular path: official first video model and the clip3
 * family) and `GET /v1/video/generations/{task_id}` (the official wrapped polling record).
 * clip3 tasks are polled at `GET /v1/videos/{task_id}` (routes/videos-by-id.ts).
 */
export const videoGenerationRoutes: SimRoutePlugin = (app, ctx) => {
  const media = mediaStateOf(ctx);
  const urlOf: UrlOf = (file) => media.urlOf(file);

  app.post('/v1/video/generations', async (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const model = ctx.requireModel(key, modelField(request.body), reply, 'video_generation');
    if (!model) return reply;
    const plan = await validated(ctx, reply, () => {
      if (officialModels.includes(model.id)) return planOfficialVideo(request.body, media.resolveUrl);
      if (clip3Models.includes(model.id)) return planClip3Video(request.body, media.resolveUrl);
      const hint = 'use POST /v1/videos/generations';
      throw badRequest(`model ${model.id} is not served by POST /v1/video/generations; ${hint}`, 'model');
    });
    if (!plan) return reply;
    const task = chargeAndSubmit(ctx, media, request, reply, key, plan);
    if (!task) return reply;
    return taskRecord(task, observe(task, ctx.now()), urlOf);
  });

  app.get<{ Params: { task_id: string } }>('/v1/video/generations/:task_id', (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const task = media.tasks.get(request.params.task_id, ownerOf(key));
    if (task?.family !== 'video-official') return reply.code(400).send(taskNotExistBody(request.params.task_id));
    return officialPollingRecord(task, observe(task, ctx.now()), urlOf);
  });
};
