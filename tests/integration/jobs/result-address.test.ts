/**
 * Where the finished result is: the demo gateway's `/content` route is not part of the
 * interface, so every family must complete from the address in its polling record (wherever it
 * is, `metadata` included) on a deployment without that route, and a task whose record has no
 * address there must fail saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listJobAssets } from '../../../src/main/core/library';
import { listJobTasks } from '../../../src/main/core/jobs/store';
import type { JobEngine } from '../../../src/main/core/jobs';
import { bodyOf, runOne, startBench, type Bench } from './harness';

let bench: Bench;
let engine: JobEngine;

beforeAll(async () => {
  bench = await startBench({ settings: { contentRoute: false } }, { virtualTime: true });
  engine = bench.engine();
  await engine.start();
});
afterAll(async () => bench.close());

const job = (variantId: string, values: Record<string, unknown>) => ({ variantId, body: bodyOf(variantId, values) });

describe('a deployment without the /content route', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['metadata.url (turbo)', 'video.clip-3.0-turbo', { prompt: 'a kite', duration: 3 }],
    ['result_url (omni)', 'video.clip-v3-omni', { prompt: 'a dance', duration: 3 }],
    ['video_url (clip3)', 'video.clip3-720p', { prompt: 'waves', images: ['https://cdn.example/a.png'], duration: 5 }],
    ['data.result_url (official)', 'video.vid-2.official', { prompt: 'a harbour', size: '1280x720' }],
    ['result.data[].url (VVIP)', 'video.vid-2-vvip', { prompt: 'a courier', duration: 4 }],
  ])('completes from the address in the record: %s', async (_where, variantId, values) => {
    const done = await runOne(engine, job(variantId, values));
    expect(done.state, done.errorMessage ?? '').toBe('done');
    expect(listJobAssets(bench.db, done.id)).toHaveLength(1);
  });

  it('fails a task whose record gives no address, saying where it looked and what the content route said', async () => {
    const official = await runOne(engine, job('video.vid-2.official', { prompt: 'a harbour at dawn', size: '1280x720' }));
    const source = listJobTasks(bench.db, official.id)[0]?.id ?? '';
    const remix = await runOne(engine, { ...job('video.remix.official', { prompt: 'add seagulls' }), pathParams: { video_id: source } });
    expect(remix).toMatchObject({ state: 'failed', errorCode: 'no_result_address' });
    expect(remix.errorMessage).toMatch(/completed, but the gateway gave no address for its result: the record has none \(looked in .*metadata\)/);
    expect(remix.errorMessage).toMatch(/content route gave nothing either .*404/);
    expect(listJobAssets(bench.db, remix.id)).toEqual([]);
  });
});
