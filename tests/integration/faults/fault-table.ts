/**
 * The fault table: one mixed batch (every family) through the job engine per fault of the demo
 * gateway, counting what became of each job. The gateway sits behind a TCP proxy, so it can also
 * be made unreachable and come back. Rows marked `short` run in `npm test`; all of them (with the
 * full one-minute outage) in `npm run test:faults`. The engine, its library and the demo gateway
 * share a virtual clock: backoffs, polls and the outage pass without real waiting (the requests,
 * the proxy and the files are real).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildRequestBody, variantById } from '../../../src/shared/catalog';
import { GatewayClient } from '../../../src/main/core/gateway/client';
import type { JobState } from '../../../src/shared/jobs/job-states';
import { listJobAssets, LibraryDatabase, resolveInLibrary } from '../../../src/main/core/library';
import { listJobTasks, type AnswerStyle } from '../../../src/main/core/jobs/store';
import { JobEngine, type JobEngineOptions } from '../../../src/main/core/jobs';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/server';
import { startGatewayProxy, type GatewayProxy } from '../../helpers/gateway-proxy';
import { MIXED_BATCH } from '../../helpers/mixed-batch';
import { FAST_TASKS, simAdmin, type SimAdmin, type StatsSnapshot } from '../../helpers/sim-admin';
import { runUntil, VirtualClock } from '../../helpers/virtual-clock';
import { sleep } from '../../../src/main/core/lifecycle/clock';

export type Mode = 'short' | 'full';

export interface FaultRow {
  fault: string;
  /** Demo-gateway fault rules active while the batch runs. */
  rules?: (context: RowContext) => Promise<Record<string, unknown>[]> | Record<string, unknown>[];
  /** Demo-gateway behaviour settings for the row (`POST /__admin/settings`), such as how `gen-image-2` is routed. */
  settings?: Record<string, unknown>;
  /** The style each of these variants must have been answered in, proving the fault reached the studio. */
  answers?: Readonly<Record<string, AnswerStyle>>;
  /** The gateway is unreachable for this long from the start of the batch (per mode). */
  outageMs?: Record<Mode, number>;
  /** Done once every job of the batch has been sent, while their tasks are on the gateway (a key spent, a host that comes back). */
  whileOnGateway?: (context: OnGatewayContext) => Promise<void>;
  /** End states other than `done` this fault explains (the job says why). */
  explained: readonly JobState[];
  /** In `npm test` too. */
  short: boolean;
}

export interface RowResult {
  fault: string;
  jobs: number;
  completed: number;
  failedCorrectly: number;
  duplicates: number;
  lost: number;
  /** What the lost jobs ended as, for the report. */
  lostStates: string[];
  /** Jobs whose answer did not have the style the row meant to give them (the fault did not happen). */
  unexercised: string[];
}

interface RowContext {
  url: string;
  key: string;
}

interface OnGatewayContext {
  admin: SimAdmin;
  engine: JobEngine;
  /** Lets this much of the engine's (virtual) time pass while it works. */
  pass: (ms: number) => Promise<void>;
}

/** The demo key is the demo gateway's first key. */
const DEMO_KEY_ID = 1;

/** The demo key is refused (`fields` make it spent or expired) for ten minutes, then usable again (topped up, renewed), as when the artist fixes it. */
function keyRefusedForTenMinutes(fields: Record<string, unknown>): FaultRow['whileOnGateway'] {
  return async ({ admin, engine, pass }) => {
    await admin('PATCH', `/keys/${DEMO_KEY_ID}`, fields);
    await pass(10 * 60_000);
    await admin('PATCH', `/keys/${DEMO_KEY_ID}`, { remain_credits: 100_000, status: 1, expired_time: -1 });
    engine.commands.keysChanged();
  };
}

const SUBMIT = 'POST /v1/*';
const POLL = 'GET /v1/*';

async function taskRecordOfAnotherJob(context: RowContext): Promise<unknown> {
  const response = await fetch(`${context.url}/v1/images/generations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${context.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gen-image-2', prompt: 'made elsewhere', size: '1:1' }),
  });
  return response.json();
}

async function directImagesAnswer(): Promise<unknown> {
  const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#468' } })
    .png()
    .toBuffer();
  return { created: 1, model: 'unexpected-style', data: [{ b64_json: png.toString('base64'), revised_prompt: 'direct' }] };
}

/** The model id a variant's requests carry (the catalog's first). */
function wireModel(variantId: string): string {
  const model = variantById(variantId)?.modelIds[0];
  if (model === undefined) throw new Error(`no variant ${variantId}`);
  return model;
}

/** The table's rows, in the order they are printed. */
export const FAULT_ROWS: readonly FaultRow[] = [
  { fault: 'none (baseline)', explained: [], short: true },
  { fault: 'latency spikes (0.8 s on half the calls)', rules: () => [{ kind: 'latency', ms: 800, probability: 0.5 }], explained: [], short: false },
  {
    // A 500 to a paid submission may come after the task was made: never resent, unknown (omni is looked up).
    fault: '5xx bursts (500 on submissions, 503 on polls and downloads)',
    rules: () => [
      { kind: 'error', status: 500, route: SUBMIT, count: 4 },
      { kind: 'error', status: 503, route: POLL, count: 6 },
      { kind: 'error', status: 503, route: 'GET /files/*', count: 3 },
    ],
    explained: ['unknown'],
    short: true,
  },
  {
    fault: 'a 500 after the task was made and charged (submissions)',
    rules: () => [{ kind: 'error', status: 500, route: SUBMIT, count: 4, phase: 'after-handler' }],
    explained: ['unknown'],
    short: false,
  },
  { fault: '429 storm with Retry-After', rules: () => [{ kind: 'rate-limit', retryAfterSeconds: 1, count: 12 }], explained: [], short: false },
  { fault: '429 storm without Retry-After', rules: () => [{ kind: 'rate-limit', retryAfterSeconds: null, count: 12 }], explained: [], short: true },
  {
    fault: 'dropped connections on submit',
    rules: () => [{ kind: 'drop-connection', phase: 'after-request-read', route: SUBMIT, count: 3 }],
    explained: ['unknown'],
    short: true,
  },
  {
    fault: 'dropped connections on poll',
    rules: () => [{ kind: 'drop-connection', phase: 'before-request-read', route: POLL, count: 6 }],
    explained: [],
    short: false,
  },
  { fault: 'dropped connections mid-download', rules: () => [{ kind: 'truncated-body', route: 'GET /files/*', count: 4 }], explained: [], short: true },
  {
    fault: 'truncated bodies (submissions and polls)',
    rules: () => [
      { kind: 'truncated-body', route: SUBMIT, count: 2 },
      { kind: 'truncated-body', route: POLL, count: 4 },
    ],
    explained: ['unknown'],
    short: false,
  },
  {
    fault: 'malformed bodies (submissions and polls)',
    rules: () => [
      { kind: 'malformed-json', route: SUBMIT, count: 2 },
      { kind: 'malformed-json', route: POLL, count: 4 },
    ],
    explained: ['unknown'],
    short: false,
  },
  { fault: 'failing tasks (half of them)', rules: () => [{ kind: 'task-failure', route: SUBMIT, probability: 0.5 }], explained: ['failed'], short: true },
  { fault: 'results that expire before download', rules: () => [{ kind: 'result-expiry', afterMs: 0, route: SUBMIT }], explained: ['expired'], short: false },
  { fault: 'gateway gone for a minute and back', outageMs: { short: 4_000, full: 60_000 }, explained: [], short: true },
  {
    // gen-image-2's channel is not shown: routed to its task channel, the direct variant gets a task.
    // nova has no such switch: its answers are swapped for the other style (a real task of this key, real images).
    fault: 'an answer in an unexpected style (gen-image-2 always queued; nova both ways)',
    settings: { genImage2Routing: 'task' },
    answers: { 'image.gen-image-2.direct': 'task', 'image.nova-3.1-flash-image': 'task', 'image.nova-3-pro-image.official': 'direct' },
    rules: async (context) => [
      {
        kind: 'error',
        status: 200,
        route: 'POST /v1/images/generations',
        model: wireModel('image.nova-3.1-flash-image'),
        count: 1,
        body: await taskRecordOfAnotherJob(context),
      },
      {
        kind: 'error',
        status: 200,
        route: 'POST /v1/images/generations',
        model: wireModel('image.nova-3-pro-image.official'),
        count: 1,
        body: await directImagesAnswer(),
      },
    ],
    explained: [],
    short: true,
  },
  {
    // A task belongs to the account: polls refused for the key wait for a usable key, never fail.
    fault: 'key spent while its tasks are on the gateway (10 min, then topped up)',
    whileOnGateway: keyRefusedForTenMinutes({ remain_credits: 0 }),
    explained: [],
    short: true,
  },
  {
    fault: 'key expired while its tasks are on the gateway (10 min, then renewed)',
    whileOnGateway: keyRefusedForTenMinutes({ status: 3 }),
    explained: [],
    short: false,
  },
  {
    // A result host that fails is tried until the address expires (24 h here), not for seconds.
    fault: 'result host down (503 for 10 min, then back)',
    rules: () => [{ kind: 'error', status: 503, route: 'GET /files/*', count: 100_000 }],
    whileOnGateway: async ({ admin, pass }) => {
      await pass(10 * 60_000);
      await admin('DELETE', '/faults');
    },
    explained: [],
    short: true,
  },
  {
    fault: 'an answer in an unexpected style (gen-image-2 always direct)',
    settings: { genImage2Routing: 'direct' },
    answers: { 'image.gen-image-2.task': 'direct' },
    explained: [],
    short: false,
  },
];

/** Engine timings for the table: fast polls, backoff long enough that a one-minute outage can be ridden out. */
const TABLE_ENGINE: Partial<JobEngineOptions> = {
  pollTimings: {
    image: { initialDelayMs: 50, intervalMs: 60, deadlineMs: 150_000 },
    video: { initialDelayMs: 50, intervalMs: 60, deadlineMs: 150_000 },
    character: { initialDelayMs: 50, intervalMs: 60, deadlineMs: 150_000 },
  },
  retry: { baseDelayMs: 200, maxDelayMs: 4_000 },
  rateGate: { baseMs: 200, maxMs: 4_000 },
  downloads: { retryDelayMs: 50, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
  reconcile: { graceMs: 500, intervalMs: 100 },
  stopGraceMs: 2_000,
};

/** Timers due within 100 ms of each other fire together: the jobs' polls go out in parallel, as they would on a busy machine. */
const STEPS = { windowMs: 100 };

/** Runs one row on a fresh library against the demo gateway behind its proxy. */
export async function runFaultRow(row: FaultRow, mode: Mode): Promise<RowResult> {
  // The proxy comes first: the gateway's result addresses must name it.
  const target = { port: 0 };
  const proxy: GatewayProxy = await startGatewayProxy(() => target.port);
  const clock = new VirtualClock();
  const now = (): number => clock.now();
  const sim: RunningSimulator = await startSimulator({ timing: FAST_TASKS, publicBaseUrl: proxy.url, clock: now });
  target.port = sim.port;
  const admin = simAdmin(sim);
  const root = mkdtempSync(join(tmpdir(), 'atelier-faults-'));
  const db = LibraryDatabase.open(join(root, 'library.sqlite'), { clock: now });
  const client = new GatewayClient({
    baseUrl: proxy.url,
    apiKey: sim.demoKey,
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 },
    retry: { maxAttempts: 4, baseDelayMs: 50, maxDelayMs: 400, maxRetryAfterMs: 3_000 },
    clock,
  });
  const engine = new JobEngine({ ...TABLE_ENGINE, db, libraryRoot: root, connectionFor: () => client, clock });
  try {
    await engine.start();
    const before = await admin<StatsSnapshot>('GET', '/stats');
    if (row.settings) await admin('POST', '/settings', row.settings);
    const rules = (await row.rules?.({ url: proxy.url, key: sim.demoKey })) ?? [];
    const setupSubmissions = (await admin<StatsSnapshot>('GET', '/stats')).totalSubmissions - before.totalSubmissions;
    if (rules.length > 0) await admin('POST', '/faults', { rules });
    const { jobs } = await engine.commands.createBatch({
      name: row.fault,
      jobs: MIXED_BATCH.map((entry) => ({
        variantId: entry.variantId,
        body: bodyOf(entry.variantId, { ...entry.values, prompt: `${row.fault}: ${entry.family}` }),
      })),
    });
    if (row.whileOnGateway) {
      await runUntil(
        clock,
        engine,
        allSent(
          engine,
          jobs.map((job) => job.id),
        ),
        STEPS,
      );
      await row.whileOnGateway({ admin, engine, pass: (ms) => runUntil(clock, engine, sleep(clock, ms), { ...STEPS, maxVirtualMs: ms + 60_000 }) });
    }
    const outage = row.outageMs?.[mode];
    if (outage !== undefined) {
      await proxy.down();
      await runUntil(clock, engine, sleep(clock, outage), STEPS);
      await proxy.up();
    }
    // What is not settled after an hour of the engine's time is counted as lost.
    await runUntil(clock, engine, engine.waitForIdle(), { ...STEPS, maxVirtualMs: 60 * 60_000 }).catch(() => undefined);
    const after = await admin<StatsSnapshot>('GET', '/stats');
    return tally(
      row,
      db,
      root,
      jobs.map((job) => job.id),
      after.totalSubmissions - before.totalSubmissions - setupSubmissions,
      engine,
    );
  } finally {
    await engine.stop();
    db.close();
    await client.close();
    await sim.close();
    await proxy.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Resolves once none of these jobs waits in the queue or is being sent. */
function allSent(engine: JobEngine, jobIds: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    let stop = (): void => undefined;
    const look = (): void => {
      if (jobIds.every((id) => !['queued', 'submitting'].includes(engine.queries.job(id)?.state ?? 'queued'))) {
        stop();
        resolve();
      }
    };
    stop = engine.onChange(look);
    look();
  });
}

function bodyOf(variantId: string, values: Record<string, unknown>): Record<string, unknown> {
  const entry = variantById(variantId);
  if (!entry) throw new Error(`no variant ${variantId}`);
  // The catalog builds the wire body from form values, as the studio's forms do.
  return buildRequestBody(entry, values);
}

function tally(row: FaultRow, db: LibraryDatabase, root: string, jobIds: string[], paidSubmissions: number, engine: JobEngine): RowResult {
  let completed = 0;
  let failedCorrectly = 0;
  let recorded = 0;
  let unknown = 0;
  const lostStates: string[] = [];
  const unexercised: string[] = [];
  for (const id of jobIds) {
    const job = engine.queries.job(id);
    if (!job) {
      lostStates.push('missing');
      continue;
    }
    const tasks = listJobTasks(db, id);
    const assets = listJobAssets(db, id);
    // Each task is one paid submission the studio knows of; so is a direct answer it staged and saved.
    recorded += tasks.length > 0 ? tasks.length : assets.length > 0 || job.errorCode === 'download_failed' ? 1 : 0;
    if (job.state === 'unknown') unknown += 1;
    const meant = row.answers?.[job.variantId];
    if (meant !== undefined && job.answerStyle !== meant) unexercised.push(`${job.variantId}: answered ${job.answerStyle ?? 'nothing'}, not ${meant}`);
    const filesThere = assets.length > 0 && assets.every((asset) => existsSync(resolveInLibrary(root, asset.filePath)));
    if (job.state === 'done' && filesThere) completed += 1;
    else if (row.explained.includes(job.state) && (job.errorMessage ?? '') !== '') failedCorrectly += 1;
    else lostStates.push(`${job.variantId}: ${job.state}${job.errorCode ? ` (${job.errorCode})` : ''}`);
  }
  return {
    fault: row.fault,
    jobs: jobIds.length,
    completed,
    failedCorrectly,
    duplicates: Math.max(0, paidSubmissions - recorded - unknown),
    lost: lostStates.length,
    lostStates,
    unexercised,
  };
}

/** The table as Markdown, as `docs/reliability.md` shows it. */
export function formatTable(results: readonly RowResult[]): string {
  const lines = ['| fault | jobs | completed | failed correctly | duplicates | lost |', '|---|---|---|---|---|---|'];
  for (const r of results) lines.push(`| ${r.fault} | ${r.jobs} | ${r.completed} | ${r.failedCorrectly} | ${r.duplicates} | ${r.lost} |`);
  return lines.join('\n');
}
