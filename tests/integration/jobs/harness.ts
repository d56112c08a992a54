/**
 * The job engine against the real simulator on loopback, with a real SQLite library in a
 * temporary folder and timings short enough for tests (tasks of a few hundred ms, polls every
 * few tens of ms). On a virtual clock (`startBench(options, { virtualTime: true })`) the engine,
 * its gateway clients, the library and the demo gateway read one clock that the test moves on
 * (`bench.run`), so waits and deadlines cost no real time and do not depend on the machine's load.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildRequestBody, variantById, type FormValues, type WireBody } from '../../../src/shared/catalog';
import { GatewayClient } from '../../../src/main/core/gateway/client';
import { LibraryDatabase } from '../../../src/main/core/library';
import { JobEngine, type EngineJobInput, type JobEngineEvent, type JobEngineOptions, type JobDetail } from '../../../src/main/core/jobs';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../src/simulator/server';
import { FAST_TASKS, simAdmin, type StatsSnapshot } from '../../helpers/sim-admin';
import { runUntil, VirtualClock, type RunLimits } from '../../helpers/virtual-clock';
import type { Clock } from '../../../src/main/core/lifecycle/clock';

type SimStats = StatsSnapshot;

export { FAST_TASKS };

/** Engine options that make everything happen within a few hundred milliseconds. */
export const FAST_ENGINE: Partial<JobEngineOptions> = {
  pollTimings: {
    image: { initialDelayMs: 40, intervalMs: 40, deadlineMs: 15_000 },
    video: { initialDelayMs: 40, intervalMs: 40, deadlineMs: 15_000 },
    character: { initialDelayMs: 40, intervalMs: 40, deadlineMs: 15_000 },
  },
  retry: { baseDelayMs: 20, maxDelayMs: 200 },
  rateGate: { baseMs: 50, maxMs: 400 },
  downloads: { retryDelayMs: 20, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
  reconcile: { graceMs: 300, intervalMs: 50 },
  stopGraceMs: 2_000,
};

/** On a virtual clock, timers due within this long of each other fire together (the polls of FAST_ENGINE's jobs go out in parallel). */
const STEP_WINDOW_MS = 100;

/** A client tuned for tests: short timeouts and backoff, waiting between attempts on `clock` when given (a bench's virtual one). */
export function fastClient(baseUrl: string, apiKey: string, clock?: Clock): GatewayClient {
  return new GatewayClient({
    baseUrl,
    apiKey,
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 },
    retry: { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterMs: 3_000 },
    ...(clock ? { clock } : {}),
  });
}

export interface Bench {
  sim: RunningSimulator;
  root: string;
  db: LibraryDatabase;
  client: GatewayClient;
  /** Engines made by `engine()`, stopped at `close()`. */
  engine(overrides?: Partial<JobEngineOptions>): JobEngine;
  /** Every event an engine emitted, in order. */
  events: JobEngineEvent[];
  admin<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  addFault(rule: Record<string, unknown>): Promise<void>;
  stats(): Promise<SimStats>;
  /** Reopens the database (a new process would). */
  reopen(): LibraryDatabase;
  /** The virtual clock, on a bench started with `virtualTime`. */
  clock: VirtualClock | undefined;
  /**
   * Waits for `goal`: on a virtual clock by moving time on while the bench's engines wait for it
   * (`runUntil`), else in real time.
   */
  run<T>(goal: Promise<T>, limits?: RunLimits): Promise<T>;
  /** Waits until the engine is idle (`waitForIdle`), moving virtual time on where there is some. */
  idle(engine: JobEngine): Promise<void>;
  close(): Promise<void>;
}

export interface BenchOptions {
  /** One virtual clock for the engine, its library and the demo gateway (see the file's comment). */
  virtualTime?: boolean;
}

/** The bench each engine was made on (`runOne` moves its virtual time on). */
const benchOf = new WeakMap<JobEngine, Bench>();

/** Starts a simulator and opens a library in a fresh temporary folder. */
export async function startBench(options: SimulatorOptions = {}, benchOptions: BenchOptions = {}): Promise<Bench> {
  const clock = benchOptions.virtualTime === true ? new VirtualClock() : undefined;
  const now = clock ? () => clock.now() : undefined;
  const sim = await startSimulator({ timing: FAST_TASKS, ...options, ...(now ? { clock: now } : {}) });
  const root = mkdtempSync(join(tmpdir(), 'atelier-jobs-'));
  const file = join(root, 'library.sqlite');
  let db = LibraryDatabase.open(file, now ? { clock: now } : {});
  const client = fastClient(sim.url, sim.demoKey, clock);
  const engines: JobEngine[] = [];
  const extraClients: GatewayClient[] = [];
  const events: JobEngineEvent[] = [];

  const admin = simAdmin(sim);

  const bench: Bench = {
    sim,
    root,
    get db() {
      return db;
    },
    client,
    events,
    engine(overrides = {}) {
      const engine = new JobEngine({
        db,
        libraryRoot: root,
        connectionFor: () => client,
        clientForKey: (base, apiKey) => {
          const dedicated = fastClient(base.baseUrl, apiKey, clock);
          extraClients.push(dedicated);
          return dedicated;
        },
        ...FAST_ENGINE,
        ...(clock ? { clock } : {}),
        ...overrides,
      });
      engine.onChange((event) => events.push(event));
      engines.push(engine);
      benchOf.set(engine, bench);
      return engine;
    },
    admin,
    addFault: async (rule) => {
      await admin('POST', '/faults', rule);
    },
    stats: () => admin<SimStats>('GET', '/stats'),
    reopen() {
      db.close();
      db = LibraryDatabase.open(file, now ? { clock: now } : {});
      return db;
    },
    clock,
    run(goal, limits) {
      return clock ? runUntil(clock, engines, goal, { windowMs: STEP_WINDOW_MS, ...limits }) : goal;
    },
    idle(engine) {
      return clock ? runUntil(clock, engines, engine.waitForIdle(), { windowMs: STEP_WINDOW_MS }) : engine.waitForIdle({ timeoutMs: 15_000 });
    },
    async close() {
      for (const engine of engines) await engine.stop();
      db.close();
      await Promise.all([client.close(), ...extraClients.map((c) => c.close())]);
      await sim.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return bench;
}

/** The wire body of a variant from form values (the catalog builds it, as the studio's forms do). */
export function bodyOf(variantId: string, values: FormValues): WireBody {
  const entry = variantById(variantId);
  if (!entry) throw new Error(`no variant ${variantId}`);
  return buildRequestBody(entry, values);
}

/** Media files (not sidecars, not hidden files) under the library's dated folders, relative to the root. */
export function mediaFilesIn(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith('.json') && !name.endsWith('.sqlite') && !name.includes('.sqlite-')) found.push(relative(root, path).split('\\').join('/'));
    }
  };
  walk(root);
  return found.sort();
}

/** Temporary download leftovers anywhere in the library (there should be none once idle). */
export function temporaryFilesIn(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.tmp')) found.push(relative(root, path));
    }
  };
  walk(root);
  return found;
}

/** Queues one job outside any batch and waits until the engine is idle again; returns its view. */
export async function runOne(engine: JobEngine, job: EngineJobInput): Promise<JobDetail> {
  const created = engine.commands.enqueue(job);
  const bench = benchOf.get(engine);
  await (bench ? bench.idle(engine) : engine.waitForIdle({ timeoutMs: 15_000 }));
  const view = engine.queries.job(created.id);
  if (!view) throw new Error('job vanished');
  return view;
}

/** Resolves with the job once `check` holds for it (asked now and at every change of the engine). */
export function jobReaches(engine: JobEngine, jobId: string, check: (job: JobDetail) => boolean): Promise<JobDetail> {
  return new Promise((resolve) => {
    let stop = (): void => undefined;
    const look = (): void => {
      const job = engine.queries.job(jobId);
      if (job && check(job)) {
        stop();
        resolve(job);
      }
    };
    stop = engine.onChange(look);
    look();
  });
}

/** Lets `ms` of virtual time pass on a bench started with `virtualTime` while the engine works. */
export function letVirtualTimePass(bench: Bench, ms: number): Promise<void> {
  return bench.run(new Promise<void>((resolve) => bench.clock?.setTimeout(resolve, ms)), { maxVirtualMs: ms + 60_000 });
}
