/**
 * Finding the batch of this input again, or creating it. A new batch is stored as drafts, keyed
 * by its source, and only then queued: a crash in between leaves drafts that never run, never a
 * batch that a later run cannot find and would submit a second time.
 */
import { isTerminal, isWaiting } from '../shared/jobs/job-states';
import type { GatewayClient } from '../main/core/gateway/client';
import type { JobEngine } from '../main/core/jobs';
import type { LibraryDatabase } from '../main/core/library';
import { listBatches, listBatchJobs, type Batch } from '../main/core/jobs/store';
import { batchSourceKeyOf, findBatchBySourceKey, setBatchSourceKey } from '../main/core/jobs/store/batch-source';
import type { JobOrigin } from './batch-jobs';
import type { BatchInput } from './batch-input';
import { expandLines, prepareJobs } from './prepare-jobs';

export interface BatchSetup {
  batch: Batch;
  resumed: boolean;
  /** The batch's job ids in file order, with the line each came from. */
  origins: { jobId: string; origin: JobOrigin }[];
}

export interface SetupContext {
  db: LibraryDatabase;
  engine: JobEngine;
  client: GatewayClient;
  input: BatchInput;
  /** Null for runs that cannot be resumed (the embedded demo gateway ends with the process). */
  sourceKey: string | null;
  profileId: string;
  concurrency: number;
  /** Start a new batch even when one was made from this input (it then takes over the key). */
  fresh: boolean;
  signal: AbortSignal;
  note: (message: string) => void;
}

function originsOf(input: BatchInput): JobOrigin[] {
  return expandLines(input.checked, (line, repeat) => ({ line: line.line, repeat, of: line.count }));
}

function resume(context: SetupContext, batch: Batch): BatchSetup {
  const { db, engine, input, note } = context;
  const jobs = listBatchJobs(db, batch.id);
  const origins = originsOf(input);
  if (jobs.length !== origins.length) {
    throw new Error(`The library's batch for this file has ${jobs.length} jobs but the file makes ${origins.length}; the library may have been edited.`);
  }
  // Drafts are left when a run stopped between storing its batch and queuing it.
  engine.commands.enqueueBatch(batch.id);
  if (batch.status === 'paused') engine.commands.resumeBatch(batch.id);
  const finished = jobs.filter((job) => isTerminal(job.state)).length;
  const sent = jobs.filter((job) => !isWaiting(job.state)).length;
  note(`Resuming the batch of ${input.path} (${finished} of ${jobs.length} jobs finished, ${sent} sent before): ` + 'jobs already sent are not sent again.');
  return { batch, resumed: true, origins: jobs.map((job, index) => ({ jobId: job.id, origin: origins[index] ?? { line: 0, repeat: 1, of: 1 } })) };
}

async function create(context: SetupContext, replaces: Batch | undefined): Promise<BatchSetup> {
  const { db, engine, client, input, sourceKey, profileId, concurrency, signal, note } = context;
  if (replaces) {
    note(`Starting a new batch for ${input.path} (--new); the earlier one stays in the library.`);
  } else if (sourceKey !== null) {
    const earlier = listBatches(db).filter((batch) => batch.name === input.path && batchSourceKeyOf(db, batch.id) !== null);
    if (earlier.length > 0) {
      note(`${input.path} changed since it was last run (or the gateway is another one): starting a new batch; the earlier one stays in the library.`);
    }
  }
  const prepared = await prepareJobs(client, input.checked, {
    signal,
    onUpload: (path, reused) => {
      if (!reused) note(`uploaded ${path}`);
    },
  });
  const { batch, jobs } = await engine.commands.createBatch({
    name: input.path,
    profileId,
    jobs: prepared.map((job) => ({ variantId: job.entry.id, body: job.body, pathParams: job.pathParams, prompt: job.prompt })),
    options: { concurrency },
    state: 'draft',
  });
  if (sourceKey !== null) {
    db.transaction(() => {
      if (replaces) setBatchSourceKey(db, replaces.id, null);
      setBatchSourceKey(db, batch.id, sourceKey);
    });
  }
  engine.commands.enqueueBatch(batch.id);
  return {
    batch,
    resumed: false,
    origins: jobs.map((job, index) => {
      const origin = prepared[index];
      return { jobId: job.id, origin: { line: origin?.line ?? 0, repeat: origin?.repeat ?? 1, of: origin?.of ?? 1 } };
    }),
  };
}

/** The batch of this input: found again by its source key, or uploaded and created. */
export async function setUpBatch(context: SetupContext): Promise<BatchSetup> {
  const existing = context.sourceKey === null ? undefined : findBatchBySourceKey(context.db, context.sourceKey);
  if (existing && !context.fresh) return resume(context, existing);
  return create(context, existing);
}
