/**
 * Creating a batch without holding up the event loop: a thousand jobs are checked, then stored,
 * a few at a time with a turn of the loop between, so the window's calls and the polls of other
 * batches go on meanwhile. It is still one batch for the artist, all or nothing: until its last
 * job is stored the batch is marked unfinished (paused, left out of listings, never submitted);
 * a failure half way deletes what was stored, and a batch left unfinished by a crash is deleted
 * at the next start (`deleteUnfinishedBatches`).
 */
import { randomUUID } from 'node:crypto';
import type { NamedCharacter } from '../../../shared/catalog';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { namedCharacters, recordCreatedKey, type LibraryDatabase } from '../library';
import { TurnShare } from '../lifecycle/turn-budget';
import { jobDeadlineMs, keyLifetimeMs, type BatchKeys, type MintedKey } from './batch-keys';
import { BatchValidationError, prepareJobs, type CreateBatchInput, type JobEngineOptions, type PreparedJob } from './engine-types';
import type { EngineEvents } from './events';
import {
  createBatch as insertBatch,
  deleteBatch,
  getBatch,
  insertJobs,
  setBatchOptions,
  setBatchStatus,
  type Batch,
  type BatchOptions,
  type Job,
} from './store';

/** Jobs checked or stored in one turn of the event loop at most; fewer once the turn's budget is spent (`turnBudget`). */
export const JOBS_PER_TURN = 5;

export interface BatchCreationDeps {
  db: LibraryDatabase;
  events: EngineEvents;
  keys: BatchKeys;
  options: Pick<JobEngineOptions, 'connectionFor' | 'pollTimings'>;
}

/** Checks every job against its variant, optionally mints the dedicated key, then stores the batch and its jobs. */
export async function createBatch(deps: BatchCreationDeps, input: CreateBatchInput): Promise<{ batch: Batch; jobs: Job[] }> {
  const { db, keys, options: engine } = deps;
  const profileId = input.profileId ?? null;
  const prepared = await prepareInTurns(input.jobs, namedCharacters(db));
  let options: BatchOptions = input.options ?? {};
  const batchId = randomUUID();
  let key: MintedKey | undefined;
  if (input.dedicatedKey) {
    const base = await engine.connectionFor(profileId);
    const lifetime = keyLifetimeMs(prepared.map((job) => jobDeadlineMs(job, engine.pollTimings)));
    key = await keys.mint(
      base,
      { id: batchId, name: input.name },
      prepared.map((job) => job.model),
      input.dedicatedKey,
      lifetime,
    );
    options = { ...options, dedicatedTokenId: key.stored.tokenId, dedicatedKeyCredits: input.dedicatedKey.credits };
  }
  const state = input.state ?? 'queued';
  const preset = input.preset ?? null;
  db.transactionWithoutFlush(() => {
    insertBatch(db, {
      id: batchId,
      name: input.name,
      options: { ...options, unfinished: true },
      template: input.template ?? null,
      templateCsv: input.templateCsv ?? null,
    });
    setBatchStatus(db, batchId, 'paused');
  });
  const jobs: Job[] = [];
  try {
    // Each turn's jobs are committed without a disk flush: until the batch is active a crash deletes them anyway.
    await inTurns(
      prepared,
      (job) => jobs.push(...insertJobs(db, [{ ...job, batchId, profileId, state, preset }])),
      (turn) => db.transactionWithoutFlush(turn),
    );
    // The batch, its last job and its sealed key become visible together, on disk before the batch is handed back.
    db.transactionWithoutFlush(() => {
      setBatchOptions(db, batchId, options);
      setBatchStatus(db, batchId, 'active');
      if (key) {
        keys.keep(batchId, key.stored);
        recordCreatedKey(db, key.listing);
      }
    });
    await db.flushToDisk();
  } catch (error) {
    if (db.isOpen) deleteBatch(db, batchId);
    throw error;
  }
  const batch = insertedBatch(db, batchId);
  deps.events.jobsChanged(...jobs.map((job) => job.id));
  deps.events.emit({ type: 'batch.added', batchId });
  deps.events.batchChanged(batchId, null);
  return { batch, jobs };
}

/** `prepareJobs` a slice at a time; every problem of every slice is reported, numbered in the whole batch. */
async function prepareInTurns(inputs: CreateBatchInput['jobs'], characters: readonly NamedCharacter[]): Promise<PreparedJob[]> {
  const prepared: PreparedJob[] = [];
  const problems: BatchValidationError['problems'][number][] = [];
  await inTurns(inputs, (input, index) => {
    try {
      prepared.push(...prepareJobs([input], characters));
    } catch (error) {
      if (!(error instanceof BatchValidationError)) throw error;
      problems.push(...error.problems.map((problem) => ({ ...problem, index: problem.index + index })));
    }
  });
  if (problems.length > 0) throw new BatchValidationError(problems);
  return prepared;
}

/**
 * Runs `each` on `items` in order, up to JOBS_PER_TURN of them a turn of the event loop and fewer
 * once the turn's budget is spent; `wrapTurn` wraps a turn's items (in one transaction).
 */
async function inTurns<T>(items: readonly T[], each: (item: T, index: number) => void, wrapTurn: (turn: () => void) => void = (turn) => turn()): Promise<void> {
  const share = new TurnShare();
  let next = 0;
  while (next < items.length) {
    if (next > 0) await nextTurn();
    const spent = await share.due();
    const end = Math.min(next + JOBS_PER_TURN, items.length);
    wrapTurn(() => {
      do {
        each(items[next] as T, next);
        next += 1;
      } while (next < end && !spent());
    });
  }
}

function insertedBatch(db: LibraryDatabase, batchId: string): Batch {
  const batch = getBatch(db, batchId);
  if (!batch) throw new Error(`The batch ${batchId} was deleted while it was being created.`);
  return batch;
}
