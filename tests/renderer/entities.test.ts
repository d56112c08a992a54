import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchView } from '../../src/shared/contract';
import { loadStudio } from '../../src/renderer/src/app/main-events';
import { assetPages } from '../../src/renderer/src/entities/asset-pages';
import { useAssetsStore } from '../../src/renderer/src/entities/assets-store';
import { jobSelectors, useJobsStore } from '../../src/renderer/src/entities/jobs-store';
import { loadFirstPage, queryKey, usePagedQueriesStore } from '../../src/renderer/src/entities/paged-queries';
import { resetStores } from './reset-stores';
import { eventually, studioPerFile, type RendererStudio } from './studio-harness';

const studio = studioPerFile({ emptyLibrary: true });
let main: RendererStudio;

beforeEach(() => {
  main = studio.main;
});

async function createBatch(prompts: string[]): Promise<BatchView> {
  const answer = await main.client.call('jobs.create_batch', {
    name: 'Lighthouses',
    variantIds: ['image.nova-3.1-flash-image'],
    prompts,
    countPerPrompt: 1,
    values: {},
  });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value.batch;
}

describe('entity caches fed by the studio’s events', () => {
  it('follow a batch from queued to done: jobs and the batch by id, the count of jobs in progress', async () => {
    const counts: number[] = [];
    const stop = useJobsStore.subscribe((state) => counts.push(jobSelectors.activeCount(state)));
    const batch = await createBatch(['a lighthouse at dusk', 'a lighthouse at dawn']);

    await eventually(() => {
      const jobIds = jobSelectors.jobIdsOfBatch(batch.id)(useJobsStore.getState());
      expect(jobIds).toHaveLength(2);
      for (const id of jobIds) expect(useJobsStore.getState().jobs[id]).toMatchObject({ state: 'done', assetIds: [expect.any(String)] });
      expect(useJobsStore.getState().batches[batch.id]).toMatchObject({ status: 'done', counts: { done: 2 } });
    });
    stop();
    expect(Math.max(...counts)).toBe(2);
    expect(jobSelectors.activeCount(useJobsStore.getState())).toBe(0);

    // Every result landed in the asset cache, as main announced it.
    const assetIds = Object.values(useJobsStore.getState().jobs).flatMap((job) => job.assetIds);
    for (const id of assetIds) expect(useAssetsStore.getState().assets[id]?.prompt).toMatch(/a lighthouse at/);
  });

  it('after a reload, finds the jobs still in progress (the Timeline badge) from main, not from memory', async () => {
    await main.client.call('jobs.pause_queue', {});
    await createBatch(['waiting one', 'waiting two', 'waiting three']);
    resetStores(); // as a reloaded window starts
    await loadStudio();
    expect(jobSelectors.activeCount(useJobsStore.getState())).toBe(3);
    expect(useJobsStore.getState().queue).toMatchObject({ paused: true, reason: null, activeJobs: 3 });
  });

  it('put new results at the top of the loaded lists they belong to, asking main where only it can tell', async () => {
    const [older] = main.seedAssets(1);
    await loadFirstPage(assetPages, {});
    await loadFirstPage(assetPages, { kind: 'video' });
    await loadFirstPage(assetPages, { text: 'lighthouse' });
    await loadFirstPage(assetPages, { text: 'marmot' });
    const query = (filter: object) => usePagedQueriesStore.getState().queries[queryKey(assetPages, filter)];
    expect(query({})?.ids).toEqual([older?.id]);
    expect(query({ text: 'lighthouse' })?.ids).toEqual([]);

    await createBatch(['a lighthouse at dusk']);
    await eventually(() => expect(query({})?.ids).toHaveLength(2));
    const newest = query({})?.ids[0];
    expect(useAssetsStore.getState().assets[newest ?? '']?.prompt).toBe('a lighthouse at dusk');
    expect(query({ kind: 'video' })?.ids).toEqual([]);
    // A prompt search cannot be decided in the window: main answers, and the search that matches shows it, no reload needed.
    await eventually(() => expect(query({ text: 'lighthouse' })).toMatchObject({ ids: [newest], hasNewer: false }));
    expect(query({ text: 'marmot' })).toMatchObject({ ids: [], hasNewer: false });
  });
});
