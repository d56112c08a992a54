import type { FastifyRequest } from 'fastify';
import type { Charge } from '../context';
import type { ServedFile } from '../media/file-store';
import { mimeOfEncoding } from '../media/image-render';
import type { MediaState } from '../media/media-state';
import type { ImageRecipe } from '../media/recipes';
import type { SimTask } from '../tasks/task-store';
import type { DirectImagePlan, ImagePlan, ImageSpec, SummaryImagePlan, TaskImagePlan } from './plan';

/** Renders the answers of the image variants: direct, summary (edit mode) and task. */

/** Leading part of the Base64 data the summary object shows. */
const B64_PREFIX_LENGTH = 64;

/**
 * What image `index` of a plan is made from: its request (prompt, model, size, position) and
 * the simulator's own files among its references; the mask counts only over the first reference.
 */
function imageRecipe(plan: ImagePlan, spec: ImageSpec, index: number): ImageRecipe {
  const { references, mask } = plan.sources;
  const first = references[0]?.file;
  return {
    kind: 'image',
    width: spec.width,
    height: spec.height,
    encoding: spec.encoding,
    ...(spec.quality === undefined ? {} : { quality: spec.quality }),
    prompt: plan.prompt,
    model: plan.model,
    index,
    count: plan.images.length,
    references: references.flatMap((reference) => (reference.file ? [reference.file.name] : [])),
    ...(mask !== undefined && first !== undefined ? { mask: mask.name } : {}),
  };
}

function registerImage(media: MediaState, spec: ImageSpec, recipe: ImageRecipe, window: { availableFromMs?: number; expiresAtMs: number }): ServedFile {
  return media.files.add({
    extension: spec.encoding === 'jpeg' ? 'jpg' : spec.encoding,
    mime: mimeOfEncoding(spec.encoding),
    format: spec.encoding,
    width: spec.width,
    height: spec.height,
    hasAlpha: false,
    content: recipe,
    ...window,
  });
}

/** The direct image result: `data[]` with `b64_json` (or `url`) and `revised_prompt`. */
export async function directAnswer(plan: DirectImagePlan, media: MediaState, nowMs: number, ttlMs: number): Promise<Record<string, unknown>> {
  const data = await Promise.all(
    plan.images.map(async (spec, index) => {
      const recipe = imageRecipe(plan, spec, index);
      if (plan.responseFormat === 'url') {
        const file = registerImage(media, spec, recipe, { expiresAtMs: nowMs + ttlMs });
        // Rendered now, as a direct channel would, so the address answers at once.
        await file.bytes();
        return { url: media.urlOf(file), revised_prompt: plan.prompt };
      }
      const bytes = await media.renderer.render(recipe);
      return { b64_json: bytes.toString('base64'), revised_prompt: plan.prompt };
    }),
  );
  return { created: Math.floor(nowMs / 1000), model: plan.resultLabel, data };
}

/** The edit-mode summary object of variant A. */
export async function summaryAnswer(plan: SummaryImagePlan, media: MediaState, nowMs: number): Promise<Record<string, unknown>> {
  const first = plan.images[0];
  const b64 = first ? (await media.renderer.render(imageRecipe(plan, first, 0))).toString('base64') : '';
  return {
    case: plan.editCase,
    status: 200,
    reason: 'OK',
    created: Math.floor(nowMs / 1000),
    model: plan.resultLabel,
    data_count: plan.images.length,
    revised_prompt: plan.prompt,
    b64_prefix: b64.slice(0, B64_PREFIX_LENGTH),
    b64_length: b64.length,
  };
}

/** Creates the task of an asynchronous image variant; its files render on first download. */
export function submitImageTask(plan: TaskImagePlan, media: MediaState, request: FastifyRequest, ownerId: number, durationMs: number, charge: Charge): SimTask {
  const schedule = media.scheduleFor(request, plan.model, durationMs);
  const id = media.newTaskId('image');
  const outputs =
    schedule.failureMessage === undefined
      ? plan.images.map((spec, index) =>
          registerImage(media, spec, imageRecipe(plan, spec, index), {
            availableFromMs: schedule.endsAtMs,
            expiresAtMs: schedule.expiresAtMs,
          }),
        )
      : [];
  return media.addTask({
    id,
    family: 'image',
    ownerId,
    model: plan.model,
    schedule,
    metadata: { ...plan.metadata },
    outputs,
    charge,
  });
}
