/**
 * An edit the direct channel of Image 2 answers with a summary only: the job keeps the gateway's
 * revised prompt and says why nothing reached the library; run again on the queued variant with
 * the same images and mask, it ends with the edited image.
 */
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView, JobView, UploadedImageView } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { callRoute, createTestStudio, until } from '../../helpers/studio';

let studio: Studio;
const call = <T>(route: string, input: unknown): Promise<T> => callRoute<T>(studio, route, input);

async function ended(batch: BatchView): Promise<JobView> {
  const [job] = await until(
    async () => (await call<{ items: JobView[] }>('jobs.list_jobs', { batchId: batch.id })).items,
    (jobs) => jobs.length === 1 && jobs.every((j) => j.state === 'done' || j.state === 'failed'),
    `batch ${batch.name}`,
  );
  if (!job) throw new Error('no job');
  return job;
}

async function upload(name: string, image: Sharp): Promise<string> {
  const bytes = await image.png().toBuffer();
  return (await call<UploadedImageView>('uploads.add', { fileName: name, bytes: new Uint8Array(bytes) })).url;
}

beforeAll(async () => {
  ({ studio } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
});
afterAll(async () => {
  await studio.stop();
});

describe('an edit answered with a summary only', () => {
  it('keeps the revised prompt, and runs again on the queued variant with the same images and mask', async () => {
    const first = await upload('courtyard.png', sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } }));
    const second = await upload('detail.png', sharp({ create: { width: 32, height: 32, channels: 3, background: '#69c' } }));
    const mask = await upload('mask.png', sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }));
    const { batch } = await call<{ batch: BatchView }>('jobs.create_batch', {
      name: 'Pond',
      variantIds: ['image.gen-image-2.edit'],
      prompts: ['a pond in the corner'],
      countPerPrompt: 1,
      values: { image_urls: [first, second], mask_url: mask, size: { tier: '1K', ratio: '16:9' } },
    });
    const summary = await ended(batch);
    expect(summary).toMatchObject({ state: 'done', answerStyle: 'summary', errorCode: 'summary_only', assetIds: [], revisedPrompt: 'a pond in the corner' });

    const again = await call<{ batch: BatchView; jobCount: number }>('jobs.rerun_job', { jobId: summary.id, variantId: 'image.gen-image-2.task' });
    expect(again.jobCount).toBe(1);
    const queued = await ended(again.batch);
    expect(queued).toMatchObject({ state: 'done', variantId: 'image.gen-image-2.task', answerStyle: 'task', revisedPrompt: null });
    expect(queued.assetIds).toHaveLength(1);
    expect(queued.request).toMatchObject({ prompt: 'a pond in the corner', image_urls: [first, second], mask_url: mask, size: '16:9', resolution: '1K' });
  });

  it('refuses another model, in words, and sends nothing', async () => {
    const { batch } = await call<{ batch: BatchView }>('jobs.create_batch', {
      name: 'Lighthouse',
      variantIds: ['image.gen-image-2.direct'],
      prompts: ['a lighthouse'],
      countPerPrompt: 1,
      values: {},
    });
    const job = await ended(batch);
    const before = (await call<{ items: JobView[] }>('jobs.list_jobs', {})).items.length;
    const refused = await studio.router.dispatch('jobs.rerun_job', { jobId: job.id, variantId: 'image.nova-3-pro-image' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', reason: 'rerun_other_model' } });
    expect((await call<{ items: JobView[] }>('jobs.list_jobs', {})).items).toHaveLength(before);
  });
});
