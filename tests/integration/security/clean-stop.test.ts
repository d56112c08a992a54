/**
 * A clean stop is not a crash: `Studio.stop()` lets a paid submission already on the wire finish
 * and be recorded before it closes anything, so the job is followed after the next start instead
 * of coming back `unknown`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView, Profile } from '../../../src/shared/contract';
import { LibraryDatabase } from '../../../src/main/core/library';
import { getJob } from '../../../src/main/core/jobs/store';
import { libraryDatabaseFile } from '../../../src/main/core/library/database-location';
import { createStudio, type Studio } from '../../../src/main/core/studio';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/server';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { simAdmin } from '../../helpers/sim-admin';
import { callRoute, createTestStudio, testStudioPlatform, until } from '../../helpers/studio';

let sim: RunningSimulator;
const running: Studio[] = [];
afterEach(async () => {
  for (const studio of running.splice(0)) await studio.stop();
  await sim.close();
});

async function studioOn(dataDir?: string): Promise<{ studio: Studio; dataDir: string }> {
  const opened = await createTestStudio({ ...(dataDir === undefined ? {} : { dataDir }), engine: { ...FAST_ENGINE, stopGraceMs: 10_000 } });
  running.push(opened.studio);
  return opened;
}

describe('stopping the studio', () => {
  it('waits for a submission on the wire: the job is recorded as submitted, then finished after the next start, paid once', async () => {
    sim = await startSimulator({ timing: FAST_TASKS });
    const admin = simAdmin(sim);
    const { studio, dataDir } = await studioOn();
    const profile = await callRoute<Profile>(studio, 'profiles.save', { name: 'Local', baseUrl: sim.url });
    await callRoute(studio, 'profiles.set_api_key', { id: profile.id, apiKey: sim.demoKey });
    await callRoute(studio, 'settings.update', { activeProfileId: profile.id });
    // The gateway takes its time answering the paid POST.
    await admin('POST', '/faults', { kind: 'latency', ms: 1_500, route: 'POST /v1/images/generations', count: 1 });
    const { batch } = await callRoute<{ batch: { id: string } }>(studio, 'jobs.create_batch', {
      name: 'in flight',
      variantIds: ['image.gen-image-2.task'],
      prompts: ['a lantern'],
      countPerPrompt: 1,
      values: {},
    });
    const [job] = await until(
      () => callRoute<{ items: JobView[] }>(studio, 'jobs.list_jobs', { batchId: batch.id }).then((page) => page.items),
      (jobs) => jobs[0]?.state === 'submitting',
      'the submission',
    );
    const library = studio.libraryRoot();

    await studio.stop();
    running.splice(0);
    const db = LibraryDatabase.open(libraryDatabaseFile(dataDir, library));
    expect(getJob(db, job?.id ?? '')?.state).toBe('submitted');
    db.close();

    const { studio: again } = await studioOn(dataDir);
    const [finished] = await until(
      () => callRoute<{ items: JobView[] }>(again, 'jobs.list_jobs', { batchId: batch.id }).then((page) => page.items),
      (jobs) => jobs[0]?.state === 'done',
      'the job to finish',
    );
    expect(finished?.assetIds).toHaveLength(1);
    expect((await admin<{ submissions: Record<string, number> }>('GET', '/stats')).submissions['gen-image-2']).toBe(1);
  });

  it('can be called twice without harm', async () => {
    sim = await startSimulator({ timing: FAST_TASKS });
    const { studio } = await studioOn();
    running.splice(0);
    await Promise.all([studio.stop(), studio.stop()]);
    await expect(studio.stop()).resolves.toBeUndefined();
  });

  it('called while the studio is still starting, lets the start finish first, then stops everything', async () => {
    sim = await startSimulator({ timing: FAST_TASKS });
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-early-stop-'));
    const studio = createStudio(testStudioPlatform(dataDir));
    const starting = studio.start();
    const stopping = studio.stop();
    await expect(starting).resolves.toBeUndefined();
    await expect(stopping).resolves.toBeUndefined();
    // Nothing is left running on the closed library: a new studio opens it at once.
    const { studio: next } = await studioOn(dataDir);
    expect(await callRoute(next, 'jobs.get_queue', {})).toMatchObject({ paused: false, reason: null });
  });
});
