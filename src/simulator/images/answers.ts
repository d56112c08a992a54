import type { FastifyRequest } from 'fastify';
import type { ServedFile } from '../media/file-store';
import { mimeOfEncoding, renderImage } from '../media/image-render';
import type { MediaState } from '../media/media-state';
import type { SimTask } from '../tasks/task-store';
import type { DirectImagePlan, ImageSpec, SummaryImagePlan, TaskImagePlan } from './plan';

/** Renders the answers of the image variants: direct, summary (edit mode) and task. */

/** Leading part of the Base64 data the summary object shows. */
const B64_PREFIX_LENGTH = 64;

function renderSpec(spec: ImageSpec, seed: string): Promise<Buffer> {
  return renderImage({ seed, width: spec.width, height: spec.height, encoding: spec.encoding, quality: spec.quality });
}

function registerImage(
  media: MediaState,
  spec: ImageSpec,
  content: Buffer | (() => Promise<Buffer>),
  window: { availableFromMs?: number; expiresAtMs: number },
): ServedFile {
  return media.files.add({
    extension: spec.encoding === 'jpeg' ? 'jpg' : spec.encoding,
    mime: mimeOfEncoding(spec.encoding),
    format: spec.encoding,
    width: spec.width,
    height: spec.height,
    hasAlpha: false,
    content,
    ...window,
  });
}

/** The direct image result: `data[]` with `b64_json` (or `url`) and `revised_prompt`. */
export async function directAnswer(
  plan: DirectImagePlan,
  media: MediaState,
  nowMs: number,
  ttlMs: number,
): Promise<Record<string, unknown>> {
  const data = await Promise.all(
    plan.images.map(async (spec, index) => {
      const bytes = await renderSpec(spec, `${plan.prompt}\u0000${nowMs}\u0000${index}`);
      if (plan.responseFormat === 'url') {
        const file = registerImage(media, spec, bytes, { expiresAtMs: nowMs + ttlMs });
        return { url: media.urlOf(file), revised_prompt: plan.prompt };
      }
      return { b64_json: bytes.toString('base64'), revised_prompt: plan.prompt };
    }),
  );
  return { created: Math.floor(nowMs / 1000), model: plan.resultLabel, data };
}

/** The edit-mode summary object of variant A. */
export async function summaryAnswer(plan: SummaryImagePlan, nowMs: number): Promise<Record<string, unknown>> {
  const first = plan.images[0];
  const b64 = first ? (await renderSpec(first, `${plan.prompt}\u0000${nowMs}`)).toString('base64') : '';
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
export function submitImageTask(
  plan: TaskImagePlan,
  media: MediaState,
  request: FastifyRequest,
  ownerId: number,
  durationMs: number,
  refund: () => void,
): SimTask {
  const schedule = media.scheduleFor(request, plan.model, durationMs);
  const id = media.newTaskId('image');
  const outputs =
    schedule.failureMessage === undefined
      ? plan.images.map((spec, index) =>
          registerImage(media, spec, () => renderSpec(spec, `${plan.prompt}\u0000${id}\u0000${index}`), {
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
    refund,
  });
}
