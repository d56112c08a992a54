/**
 * Prompt history from what the library keeps (searchable in English and Chinese, recent or
 * frequent, with the model of the latest use and a thumbnail, a template batch listed once), and style presets: saved, renamed, refused when a
 * name is taken, told to every window, and recorded in the recipe of each result made with one
 * (job, asset, asset detail, sidecar), and in the result of running that recipe again.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetDetail, AssetView, BatchView, HistoryEntry, JobView, Preset } from '../../../src/shared/contract';
import { sidecarPathFor } from '../../../src/main/core/library';
import { until } from '../../helpers/studio';
import { startAssistantStudio, type AssistantHarness } from './harness';

let harness: AssistantHarness;
beforeAll(async () => {
  harness = await startAssistantStudio();
});
afterAll(async () => {
  await harness.stop();
});

async function finishedBatch(input: Record<string, unknown>): Promise<JobView[]> {
  const { batch } = await harness.call<{ batch: BatchView }>('jobs.create_batch', {
    countPerPrompt: 1,
    values: {},
    name: 'history',
    variantIds: ['image.nova-3.1-flash-image'],
    ...input,
  });
  return until(
    async () => (await harness.call<{ items: JobView[] }>('jobs.list_jobs', { batchId: batch.id })).items,
    (jobs) => jobs.length > 0 && jobs.every((job) => job.state === 'done' || job.state === 'failed'),
    'the batch',
  );
}

describe('prompt history', () => {
  it('lists every prompt sent once, newest first or most used first, with the model of its latest use', async () => {
    await finishedBatch({ prompts: ['a copper kettle on a stove', '奔跑的橘猫在雪地里'] });
    await finishedBatch({ prompts: ['a copper kettle on a stove'], variantIds: ['image.nova-3-pro-image'] });
    await finishedBatch({ prompts: ['a glass of lemonade'] });

    const recent = await harness.call<HistoryEntry[]>('prompts.list_history', {});
    expect(recent.map((entry) => entry.prompt)).toEqual(['a glass of lemonade', 'a copper kettle on a stove', '奔跑的橘猫在雪地里']);
    expect(recent[1]).toMatchObject({ uses: 2, variantId: 'image.nova-3-pro-image' });
    const frequent = await harness.call<HistoryEntry[]>('prompts.list_history', { order: 'frequent' });
    expect(frequent[0]).toMatchObject({ prompt: 'a copper kettle on a stove', uses: 2 });
  });

  it('is searched in both languages: English words by prefix, Chinese by any run of characters', async () => {
    const english = await harness.call<HistoryEntry[]>('prompts.list_history', { query: 'copp kett' });
    expect(english.map((entry) => entry.prompt)).toEqual(['a copper kettle on a stove']);
    const chinese = await harness.call<HistoryEntry[]>('prompts.list_history', { query: '橘猫' });
    expect(chinese.map((entry) => entry.prompt)).toEqual(['奔跑的橘猫在雪地里']);
    expect(await harness.call('prompts.list_history', { query: 'zebra' })).toEqual([]);
  });

  it('shows a thumbnail of the newest result of each prompt, and lists a template batch once by its template', async () => {
    const [kettle] = await harness.call<HistoryEntry[]>('prompts.list_history', { query: 'copper kettle' });
    expect(kettle?.thumbPath).toEqual(expect.any(String));
    await finishedBatch({ template: 'a {jade|amber} teapot' });
    const teapots = await harness.call<HistoryEntry[]>('prompts.list_history', { query: 'teapot' });
    expect(teapots).toEqual([
      expect.objectContaining({ prompt: 'a {jade|amber} teapot', isTemplate: true, uses: 2, thumbPath: expect.any(String) as unknown }),
    ]);
  });

  it('gives a {{column}} template back with the CSV of its newest batch, and keeps only the name of one too large to keep', async () => {
    const template = 'a {{colour}} kite over the {{place}}';
    const csv = 'colour,place\nred,sea\n"blue, deep",hills\n';
    const created = await harness.call<{ csvNotKept?: unknown }>('jobs.create_batch', {
      name: 'kites',
      variantIds: ['image.nova-3.1-flash-image'],
      template,
      csv,
      csvName: 'kites.csv',
      countPerPrompt: 1,
      values: {},
      draft: true,
    });
    expect(created.csvNotKept).toBeUndefined();
    const [entry] = await harness.call<HistoryEntry[]>('prompts.list_history', { query: 'kite' });
    expect(entry).toMatchObject({ prompt: template, isTemplate: true, uses: 2 });
    expect(await harness.call('prompts.template_csv', { template })).toEqual({ csv: { name: 'kites.csv', text: csv }, notKept: null });

    // Three rows with long notes: over what a batch keeps. It still runs, and both ends say the CSV was not kept.
    const notes = 'n'.repeat(100 * 1024);
    const large = `colour,place,notes\ngreen,park,${notes}\ngold,dunes,${notes}\ngrey,harbour,${notes}\n`;
    const again = await harness.call<{ jobCount: number; csvNotKept?: unknown }>('jobs.create_batch', {
      name: 'kites again',
      variantIds: ['image.nova-3.1-flash-image'],
      template,
      csv: large,
      csvName: 'long notes.csv',
      countPerPrompt: 1,
      values: {},
      draft: true,
    });
    expect(again).toMatchObject({ jobCount: 3, csvNotKept: { bytes: large.length, limit: 256 * 1024 } });
    expect(await harness.call('prompts.template_csv', { template })).toEqual({
      csv: null,
      notKept: { name: 'long notes.csv', bytes: large.length, limit: 256 * 1024 },
    });
    // A template without columns, or never sent, has no CSV.
    expect(await harness.call('prompts.template_csv', { template: 'a {jade|amber} teapot' })).toEqual({ csv: null, notKept: null });
    expect(await harness.call('prompts.template_csv', { template: 'never sent {{x}}' })).toEqual({ csv: null, notKept: null });
  });
});

describe('style presets', () => {
  it('are saved, listed by name, renamed, refused when the name is taken, deleted, and told to every window', async () => {
    const told: Preset[][] = [];
    const unsubscribe = harness.studio.bus.subscribe((name, payload) => {
      if (name === 'prompts.presets_changed') told.push(payload);
    });
    const film = await harness.call<Preset>('prompts.save_preset', {
      name: 'Film noir',
      text: 'black and white, hard shadows',
      placement: 'after',
      values: { quality: 'high' },
      variantId: 'image.nova-3.1-flash-image',
    });
    const ink = await harness.call<Preset>('prompts.save_preset', { name: 'Ink', text: 'ink wash painting of', placement: 'before' });
    expect((await harness.call<Preset[]>('prompts.list_presets', {})).map((preset) => preset.name)).toEqual(['Film noir', 'Ink']);
    expect(film).toMatchObject({ values: { quality: 'high' }, placement: 'after' });

    const clash = await harness.studio.router.dispatch('prompts.save_preset', { id: ink.id, name: 'film NOIR', text: '', placement: 'before' });
    expect(clash.ok ? null : clash.error.reason).toBe('preset_name_taken');
    const renamed = await harness.call<Preset>('prompts.save_preset', { id: ink.id, name: 'Sumi-e', text: 'sumi-e ink painting of', placement: 'before' });
    expect(renamed).toMatchObject({ id: ink.id, name: 'Sumi-e', text: 'sumi-e ink painting of' });
    expect(await harness.call('prompts.delete_preset', { id: ink.id })).toEqual({ deleted: true });
    expect(told.at(-1)?.map((preset) => preset.name)).toEqual(['Film noir']);
    expect(told).toHaveLength(4);
    unsubscribe();
  });

  it('is named in the recipe of every result made with it: the job, the asset, its detail, its sidecar and a re-run', async () => {
    const [preset] = await harness.call<Preset[]>('prompts.list_presets', {});
    if (!preset) throw new Error('no preset saved');
    const [job] = await finishedBatch({ prompts: ['a rooftop garden, black and white, hard shadows'], preset: { id: preset.id, name: preset.name } });
    expect(job).toMatchObject({ state: 'done', preset: { id: preset.id, name: 'Film noir' } });
    const assetId = job?.assetIds[0] ?? '';
    const asset = await harness.call<AssetView>('library.get_asset', { id: assetId });
    expect(asset.preset).toEqual({ id: preset.id, name: 'Film noir' });
    const detail = await harness.call<AssetDetail>('library.get_asset_detail', { id: assetId });
    expect(detail.asset.preset).toEqual({ id: preset.id, name: 'Film noir' });
    const { libraryDir } = await harness.call<{ libraryDir: string }>('app.get_info', {});
    const sidecar = JSON.parse(await readFile(join(libraryDir, sidecarPathFor(asset.mediaPath)), 'utf8')) as { preset?: unknown };
    expect(sidecar.preset).toEqual({ id: preset.id, name: 'Film noir' });
    // Running its recipe again names the preset again.
    const rerun = await harness.call<{ batch: BatchView }>('jobs.rerun_asset', { assetId, mode: 'again' });
    const again = await until(
      async () => (await harness.call<{ items: JobView[] }>('jobs.list_jobs', { batchId: rerun.batch.id })).items,
      (jobs) => jobs.length > 0 && jobs.every((item) => item.state === 'done' || item.state === 'failed'),
      'the re-run',
    );
    expect(again[0]).toMatchObject({ state: 'done', preset: { id: preset.id, name: 'Film noir' } });
    // A result made without one names none.
    const [plain] = await finishedBatch({ prompts: ['a plain teacup'] });
    expect((await harness.call<AssetView>('library.get_asset', { id: plain?.assetIds[0] ?? '' })).preset).toBeNull();
  });
});
