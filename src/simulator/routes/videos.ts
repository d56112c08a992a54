import type { SimRoutePlugin } from '../context';
import { mediaStateOf, ownerOf, validated } from '../media/media-state';
import { sendBytes } from '../media/served-bytes';
import { Rejection, badRequest } from '../requests/rejection';
import { characterTaskRecord, taskNotExistBody, taskRecord } from '../tasks/task-records';
import type { UrlOf } from '../tasks/task-records';
import type { SimTask } from '../tasks/task-store';
import { observe } from '../tasks/task-store';
import { CharacterDirectory, isVideoTask } from '../videos/characters';
import { planOmniVideo, planTurboVideo } from '../videos/clip-plural';
import { LUMEN_VIDEO_MODEL, planLumenVideo } from '../videos/lumen';
import { planRemix } from '../videos/remix';
import { planVid2Video } from '../videos/vid2-plural';
import { chargeAndSubmit, modelField } from './video-submission';

/** Families polled at `GET /v1/videos/generations/{task_id}`. */
const PLURAL_FAMILIES = new Set(['video-turbo', 'video-omni', 'video-vid2', 'remix', 'remix-official', 'character']);

type IdParams = { Params: { id: string } };

/**
 * The plural-path video routes:
 * `POST /v1/videos/generations` (turbo, omni, VVIP, vid-2 character use),
 * `GET /v1/videos/generations/{task_id or client_business_id}`,
 * `POST /v1/videos/{video_id}/remix`, `GET /v1/videos/{task_id}` (clip3 family),
 * `GET /v1/videos/{id}/content` (binary fallback) and `GET /v1/characters_tasks/{task_id}`.
 */
export const videoRoutes: SimRoutePlugin = (app, ctx) => {
  const media = mediaStateOf(ctx);
  const urlOf: UrlOf = (file) => media.urlOf(file);
  const directoryFor = (ownerId: number): CharacterDirectory => new CharacterDirectory(media.tasks, ownerId, ctx.now());

  app.post('/v1/videos/generations', async (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const model = ctx.requireModel(key, modelField(request.body), reply, 'video_generation');
    if (!model) return reply;
    const ownerId = ownerOf(key);
    const plan = await validated(ctx, reply, async () => {
      switch (model.id) {
        case 'clip-3.0-turbo':
          return planTurboVideo(request.body, media.resolveUrl);
        case 'clip-v3-omni': {
          const omni = await planOmniVideo(request.body, media.resolveUrl);
          if (omni.clientBusinessId !== undefined && media.tasks.findByBusinessId(omni.clientBusinessId, ownerId)) {
            const message = `client_business_id ${omni.clientBusinessId} was already used`;
            throw new Rejection(400, message, 'client_business_id', 'duplicate_client_business_id');
          }
          return omni;
        }
        case 'vid-2-vvip':
        case 'vid-2':
          return planVid2Video(request.body, media.resolveUrl, directoryFor(ownerId), ctx.settings.characterCreation);
        case LUMEN_VIDEO_MODEL:
          return planLumenVideo(request.body, media.resolveUrl);
        default:
          throw badRequest(`model ${model.id} is not served by POST /v1/videos/generations`, 'model');
      }
    });
    if (!plan) return reply;
    const task = chargeAndSubmit(ctx, media, request, reply, key, plan);
    if (!task) return reply;
    return taskRecord(task, observe(task, ctx.now()), urlOf);
  });

  app.get<IdParams>('/v1/videos/generations/:id', (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const ownerId = ownerOf(key);
    const { id } = request.params;
    const byId = media.tasks.get(id, ownerId);
    const task = byId && PLURAL_FAMILIES.has(byId.family) ? byId : media.tasks.findByBusinessId(id, ownerId);
    if (!task) return reply.code(400).send(taskNotExistBody(id));
    return taskRecord(task, observe(task, ctx.now()), urlOf);
  });

  app.post<IdParams>('/v1/videos/:id/remix', async (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const model = ctx.requireModel(key, modelField(request.body), reply, 'video_generation');
    if (!model) return reply;
    const plan = await validated(ctx, reply, () => planRemix(request.params.id, request.body, directoryFor(ownerOf(key))));
    if (!plan) return reply;
    const task = chargeAndSubmit(ctx, media, request, reply, key, plan);
    if (!task) return reply;
    return taskRecord(task, observe(task, ctx.now()), urlOf);
  });

  app.get<IdParams>('/v1/videos/:id', (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const task = media.tasks.get(request.params.id, ownerOf(key));
    if (task?.family !== 'video-clip3') return reply.code(400).send(taskNotExistBody(request.params.id));
    return taskRecord(task, observe(task, ctx.now()), urlOf);
  });

  app.get<IdParams>('/v1/videos/:id/content', async (request, reply) => {
    if (!ctx.settings.contentRoute) {
      // A deployment without this route: the same answer as any unknown path.
      const path = request.url.split('?')[0] ?? request.url;
      return ctx.sendError(reply, 404, { message: `Invalid URL (GET ${path})`, code: 'not_found' });
    }
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const task: SimTask | undefined = media.tasks.get(request.params.id, ownerOf(key));
    if (!task || !isVideoTask(task)) return reply.code(400).send(taskNotExistBody(request.params.id));
    const status = observe(task, ctx.now()).status;
    const file = task.outputs[0];
    if (status !== 'completed' || !file) {
      return ctx.sendError(reply, 400, {
        message: `video ${task.id} is ${status}; its content is available once it is completed`,
        code: 'video_not_ready',
      });
    }
    if (file.availability(ctx.now()) === 'expired') {
      return ctx.sendError(reply, 410, { message: 'this video has expired; generate it again', code: 'result_expired' });
    }
    return sendBytes(ctx, request, reply, { bytes: await file.bytes(), mime: file.mime, model: task.model });
  });

  app.get<{ Params: { task_id: string } }>('/v1/characters_tasks/:task_id', (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const task = media.tasks.get(request.params.task_id, ownerOf(key));
    if (!task?.characters) return reply.code(400).send(taskNotExistBody(request.params.task_id));
    return characterTaskRecord(task, observe(task, ctx.now()), urlOf);
  });
};
