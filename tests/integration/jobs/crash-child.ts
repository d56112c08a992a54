/**
 * The process the crash tests kill: it opens the library, starts a job engine (recovering
 * whatever an earlier process left), queues the batch it is given unless the library already
 * has one, and works until idle. Run bundled (`bundledEntry('crash-child')`); configured by env:
 * ATELIER_SIM_URL, ATELIER_SIM_KEY, ATELIER_LIBRARY, ATELIER_CRASH_JOBS (JSON job list).
 */
import { join } from 'node:path';
import { LibraryDatabase } from '../../../src/main/core/library';
import { listBatches } from '../../../src/main/core/jobs/store';
import { JobEngine, type EngineJobInput } from '../../../src/main/core/jobs';
import { FAST_ENGINE, fastClient } from './harness';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const root = env('ATELIER_LIBRARY');
const db = LibraryDatabase.open(join(root, 'library.sqlite'));
const client = fastClient(env('ATELIER_SIM_URL'), env('ATELIER_SIM_KEY'));
const engine = new JobEngine({ db, libraryRoot: root, connectionFor: () => client, ...FAST_ENGINE });
engine.onChange((event) => {
  if (event.type === 'jobs.changed') for (const job of event.jobs) console.log(`job ${job.id} ${job.state}`);
});
const report = await engine.start();
console.log(`recovered ${JSON.stringify(report)}`);
if (listBatches(db).length === 0) {
  const jobs = JSON.parse(env('ATELIER_CRASH_JOBS')) as EngineJobInput[];
  await engine.commands.createBatch({ name: 'crash test', jobs });
}
await engine.waitForIdle();
console.log('idle');
await engine.stop();
await client.close();
db.close();
