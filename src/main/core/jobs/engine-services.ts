/**
 * The job engine's services and how they call each other: the events, the character registry,
 * budgets and batch keys, the downloader, the poller, the reconciler, and the submitter behind
 * the queue, all on one clock. Each is built after those it calls, so none needs a late binding:
 * the submitter answers the queue with what to stop when credits run out (out-of-credits.ts)
 * instead of calling it. The engine holds what this returns and starts and stops them.
 */
import { GatewayClient } from '../gateway/client';
import { processNetworkSettings } from '../gateway/network';
import { systemClock, type Clock } from '../lifecycle/clock';
import { MediaInspector } from '../media/media-inspector';
import { PRIVATE_MODES } from '../private-files';
import { BatchKeys } from './batch-keys';
import { BatchBudgets } from './budget';
import { CharacterService } from './characters';
import { CostMeter } from './cost-meter';
import { DEFAULT_DOWNLOAD_LIMITS, ResultDownloader } from './downloader';
import type { JobEngineOptions } from './engine-types';
import { EngineEvents } from './events';
import { DEFAULT_RETRY_LIMITS } from './outcome';
import { TaskPoller } from './poller';
import { DEFAULT_QUEUE_LIMITS, JobQueue } from './queue';
import { DEFAULT_RATE_GATE, RateGate } from './rate-gate';
import { DEFAULT_RECONCILER_OPTIONS, UnknownReconciler } from './reconciler';
import { ResultFetcher } from './result-fetch';
import { ResultStaging } from './staging';
import type { Job } from './store';
import { GroupedWrites } from './grouped-writes';
import { JobSubmitter } from './submitter';
import { TaskCompletion } from './task-completion';
import { WorkTracker } from './work-tracker';

/**
 * Polls out at once. A thousand tasks at the advised cadences need about 300 polls a second; on a
 * round trip of 20 ms, 4 at a time managed 200 and the polls fell behind (`engine-load`).
 */
const DEFAULT_PARALLEL_POLLS = 16;
export interface EngineServices {
  clock: Clock;
  /** Submissions, polls, downloads and look-ups in progress. */
  tracker: WorkTracker;
  /** Jobs the user canceled while their POST was out. */
  cancelRequests: Set<string>;
  events: EngineEvents;
  characters: CharacterService;
  budgets: BatchBudgets;
  keys: BatchKeys;
  fetcher: ResultFetcher;
  downloader: ResultDownloader;
  poller: TaskPoller;
  queue: JobQueue;
  reconciler: UnknownReconciler;
}

export function buildEngineServices(options: JobEngineOptions): EngineServices {
  const { db } = options;
  // Only a clock handed in (a test's) is moved on by anyone: pauses on it are worth counting.
  const tracker = new WorkTracker(options.clock !== undefined && options.clock !== systemClock);
  const cancelRequests = new Set<string>();
  const timings = options.pollTimings ?? {};
  const retry = { ...DEFAULT_RETRY_LIMITS, ...options.retry };
  // The database stamps rows with its own clock; the services read and wait on the same time.
  const clock: Clock = options.clock ?? { now: () => db.now(), setTimeout: (callback, delayMs) => systemClock.setTimeout(callback, delayMs) };
  const gate = new RateGate({ ...DEFAULT_RATE_GATE, ...options.rateGate }, () => clock.now());
  const staging = new ResultStaging(options.libraryRoot);
  const clientFor = async (job: Job): Promise<GatewayClient> => options.connectionFor(job.profileId);
  const events = new EngineEvents(db);
  const characters = new CharacterService({ db, events });
  const budgets = new BatchBudgets({ events });
  const keys = new BatchKeys({
    db,
    vault: options.vault,
    clientForKey: options.clientForKey ?? ((base, apiKey) => new GatewayClient({ baseUrl: base.baseUrl, apiKey, clock })),
    sessionOnly: options.sessionOnlyKeys ?? (() => false),
  });
  const downloads = { ...DEFAULT_DOWNLOAD_LIMITS, ...options.downloads };
  // Claims, task records, completions and results stored made in the same turn share one commit, flushed off the loop.
  const durableWrites = new GroupedWrites(db, { durable: true });
  // What polls learned and cost estimates: a power cut may take them back without harm.
  const lightWrites = new GroupedWrites(db, { durable: false });
  const fetcher = new ResultFetcher({
    headersTimeoutMs: downloads.headersTimeoutMs ?? 30_000,
    bodyTimeoutMs: downloads.bodyTimeoutMs ?? 60_000,
    // Through the proxy the gateway client uses, where the environment names one.
    network: downloads.network ?? processNetworkSettings(),
  });
  const downloader = new ResultDownloader({
    db,
    libraryRoot: options.libraryRoot,
    clientFor,
    otherKeys: (job, base) => keys.otherClients(base, job.batchId),
    staging,
    media: new MediaInspector({ ffmpeg: options.ffmpeg, ...(options.video ? { video: options.video } : {}) }),
    fetcher,
    writes: durableWrites,
    events,
    tracker,
    limits: downloads,
    modes: options.fileModes ?? PRIVATE_MODES,
    clock,
  });
  const completion = new TaskCompletion({ db, writes: durableWrites, staging, characters, timings, onResultsReady: (jobId) => downloader.enqueue(jobId) });
  const poller = new TaskPoller({
    db,
    clientFor,
    otherKeys: (job, base) => keys.otherClients(base, job.batchId),
    gate,
    timings,
    events,
    tracker,
    completion,
    maxParallel: options.maxParallelPolls ?? DEFAULT_PARALLEL_POLLS,
    writes: lightWrites,
    clock,
  });
  const reconciler = new UnknownReconciler({
    db,
    events,
    tracker,
    clientFor,
    timings,
    options: { ...DEFAULT_RECONCILER_OPTIONS, ...options.reconcile },
    onFound: () => poller.wake(),
    clock,
  });
  // The submitter tells the queue what to stop (out-of-credits.ts) in its answer, so it needs no queue.
  const submitter = new JobSubmitter({
    db,
    writes: durableWrites,
    events,
    staging,
    gate,
    retry,
    timings,
    maxImageBytes: downloads.maxImageBytes,
    cancelRequests,
    followers: { poller, downloader, reconciler },
  });
  const queue = new JobQueue({
    db,
    events,
    tracker,
    gate,
    budgets,
    keys,
    submitter,
    costs: new CostMeter(db, events, lightWrites),
    limits: { ...DEFAULT_QUEUE_LIMITS, ...options.queue },
    retry,
    profileClient: async (profileId) => options.connectionFor(profileId),
    clock,
  });
  return { clock, tracker, cancelRequests, events, characters, budgets, keys, fetcher, downloader, poller, queue, reconciler };
}
