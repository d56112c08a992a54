import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, wordError, type AssetView, type BatchView, type CostEstimate, type EventName, type JobView } from '../../../src/shared/contract';
import { ENGLISH_TEXTS } from '../../../src/shared/i18n/locales';
import { plainWords, PSEUDO_LOCALE, pseudoTree } from '../../../src/shared/i18n/pseudo-locale';
import { translatorFor } from '../../../src/shared/i18n/translate';
import type { Studio } from '../../../src/main/core/studio';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { createTestStudio } from '../../helpers/studio';

let studio: Studio;
const seen: { name: EventName; payload: unknown }[] = [];

beforeAll(async () => {
  ({ studio } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
  studio.bus.subscribe((name, payload) => seen.push({ name, payload }));
});
afterAll(async () => {
  await studio.stop();
});

async function call<T>(route: string, input: unknown): Promise<T> {
  const result = await studio.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route}: ${result.error.message}`);
  return result.value as T;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('jobs through the studio contract, on the demo gateway', () => {
  it('plans a template batch with CSV and fan-out, runs it to the library, and tells the renderer', async () => {
    const { batch, jobCount } = await call<{ batch: BatchView; jobCount: number }>('jobs.create_batch', {
      name: 'Foxes',
      variantIds: ['image.gen-image-2.direct', 'image.gen-image-2.task'],
      template: 'a {{animal}} in {snow|rain}',
      csv: 'animal\nfox\n',
      countPerPrompt: 1,
      values: {},
    });
    expect(jobCount).toBe(4);
    const done = await until(
      () => call<{ items: BatchView[] }>('jobs.list_batches', {}).then((page) => page.items),
      // A batch's status follows its last job's end in a write of its own, so both are awaited.
      (batches) => batches.some((b) => b.id === batch.id && b.counts.done === 4 && b.status === 'done'),
      'the batch to finish',
    );
    expect(done.find((b) => b.id === batch.id)).toMatchObject({ status: 'done', counts: { done: 4 } });

    const jobs = await call<{ items: JobView[] }>('jobs.list_jobs', { batchId: batch.id }).then((page) => page.items);
    expect(jobs.map((j) => j.prompt).sort()).toEqual(['a fox in rain', 'a fox in rain', 'a fox in snow', 'a fox in snow']);
    expect(jobs.every((j) => j.state === 'done' && j.assetIds.length === 1)).toBe(true);

    const page = await call<{ items: AssetView[] }>('library.list_assets', { text: 'fox snow' });
    expect(page.items).toHaveLength(2);
    for (const asset of page.items) expect(existsSync(join(studio.libraryRoot(), asset.mediaPath))).toBe(true);

    const names = new Set(seen.map((e) => e.name));
    expect(names).toContain('jobs.changed');
    expect(names).toContain('library.added');
    expect(seen.filter((e) => e.name === 'library.added')).toHaveLength(4);
  });

  it('refuses a batch whose jobs break a limit, naming the job, and stores nothing', async () => {
    const before = (await call<{ items: BatchView[] }>('jobs.list_batches', {}).then((page) => page.items)).length;
    const result = await studio.router.dispatch('jobs.create_batch', {
      name: 'Too many',
      variantIds: ['image.gen-image-2.direct'],
      prompts: ['x'],
      countPerPrompt: 1,
      values: {
        reference_images: [
          'https://a.example/1.png',
          'https://a.example/2.png',
          'https://a.example/3.png',
          'https://a.example/4.png',
          'https://a.example/5.png',
        ],
      },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', reason: 'batch_invalid' } });
    if (!result.ok) {
      expect(result.error.message).toMatch(/job 1/);
      // Each refused job is worded from its code in the reader's language, English for the command line.
      expect(errorText(result.error, 'en')).toBe(
        '1 request of the batch breaks a limit of its model:\nRequest 1 (Image 2 (direct)): Reference images: At most 4 (now 5)',
      );
      const chinese = wordError(result.error, 'zh-CN');
      expect(chinese.summary).toBe('批次中有 1 个请求不符合模型的限制：');
      expect(chinese.issues.map((issue) => issue.text)).toEqual(['第 1 个请求（Image 2（直出））：参考图：最多 4 项（现在 5 项）']);
      const pseudo = wordError(result.error, translatorFor(pseudoTree(ENGLISH_TEXTS), PSEUDO_LOCALE));
      expect([pseudo.summary, ...pseudo.issues.map((issue) => issue.text)].flatMap(plainWords)).toEqual([]);
    }
    expect(await call<{ items: BatchView[] }>('jobs.list_batches', {}).then((page) => page.items)).toHaveLength(before);
  });

  it('refuses a template that uses a CSV column the file lacks', async () => {
    const result = await studio.router.dispatch('jobs.create_batch', {
      name: 'Bad CSV',
      variantIds: ['image.gen-image-2.direct'],
      template: '{{colour}} cat',
      csv: 'color\nred\n',
      countPerPrompt: 1,
      values: {},
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: 'The CSV has no column "colour"' } });
  });

  it('pauses and resumes the queue, and holds a draft batch until it is started', async () => {
    await expect(call('jobs.pause_queue', {})).resolves.toMatchObject({ paused: true, reason: null });
    await expect(call('jobs.resume_queue', {})).resolves.toMatchObject({ paused: false, reason: null });
    const { batch } = await call<{ batch: BatchView }>('jobs.create_batch', {
      name: 'Later',
      variantIds: ['image.nova-3.1-flash-image'],
      prompts: ['a lighthouse'],
      countPerPrompt: 1,
      values: {},
      draft: true,
    });
    expect(batch.counts.draft).toBe(1);
    await call('jobs.start_batch', { id: batch.id });
    await until(
      () => call<{ items: BatchView[] }>('jobs.list_batches', {}).then((page) => page.items),
      (b) => b.find((x) => x.id === batch.id)?.counts.done === 1,
      'the draft batch',
    );
    await expect(studio.router.dispatch('jobs.cancel_job', { id: 'missing' })).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
  it('prices a batch before it is sent from what earlier jobs of its kind cost, and says what each job cost', async () => {
    // A size no other test here asks for, so no earlier job of this kind exists.
    const batchOf = {
      variantIds: ['image.nova-3.1-flash-image'],
      prompts: ['a quiet harbour', '静谧的港口'],
      countPerPrompt: 2,
      values: { size: { tier: '2K', ratio: '16:9' } },
    };
    const unknown = await call<CostEstimate>('jobs.estimate_cost', batchOf);
    expect(unknown).toMatchObject({ requests: 4, credits: null, unpricedRequests: 4 });

    const { batch } = await call<{ batch: BatchView }>('jobs.create_batch', { ...batchOf, name: 'Harbours', countPerPrompt: 1 });
    const jobs = await until(
      () => call<{ items: JobView[] }>('jobs.list_jobs', { batchId: batch.id }).then((page) => page.items),
      (list) => list.every((job) => job.state === 'done'),
      'the harbours to finish',
    );
    // The demo gateway charges 6 credits per image of this model, whatever its size: one job measured, the other priced from it.
    expect(jobs.map((job) => job.creditsSpent)).toEqual([6, 6]);
    expect(jobs.filter((job) => job.creditsMeasured)).toHaveLength(1);

    const known = await call<CostEstimate>('jobs.estimate_cost', batchOf);
    expect(known).toMatchObject({ requests: 4, credits: 24, unpricedRequests: 0 });
    expect(known.kinds).toEqual([{ variantId: 'image.nova-3.1-flash-image', model: known.kinds[0]?.model, requests: 4, creditsEach: 6, samples: 1 }]);
  });
});
