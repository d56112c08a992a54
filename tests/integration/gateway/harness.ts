/**
 * A real simulator on loopback for the gateway client tests, with small helpers over its admin
 * API (faults, stats, keys) and a client tuned for fast tests (short timeouts and backoff).
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { variantById, type VariantEntry } from '../../../src/shared/catalog';
import type { NormalizedTask } from '../../../src/shared/gateway/task-record';
import { GatewayClient, type GatewayClientOptions } from '../../../src/main/core/gateway/client';
import { GatewayError } from '../../../src/main/core/gateway/gateway-error';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../src/simulator/server';
import { FAST_TASKS, simAdmin, type StatsSnapshot } from '../../helpers/sim-admin';
import type { VirtualClock } from '../../helpers/virtual-clock';

export interface TestGateway {
  sim: RunningSimulator;
  /** A client for the demo key (or `apiKey`) with test timings. */
  client(overrides?: Partial<GatewayClientOptions>): GatewayClient;
  admin<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  addFault(rule: Record<string, unknown>): Promise<void>;
  stats(): Promise<StatsSnapshot>;
  /** Requests counted for one route key, e.g. `POST /v1/images/generations`. */
  requests(routeKey: string): Promise<number>;
  /** Back to the initial state (accounts, faults, stats). */
  reset(): Promise<void>;
  /** A new key of the demo user with admin-set fields. */
  createKey(fields?: Record<string, unknown>): Promise<{ key: string; id: number }>;
  close(): Promise<void>;
}

/** Creates an image file of the given pixel size in `dir` and returns its path. */
export async function writeImage(
  dir: string,
  name: string,
  options: { width: number; height: number; format?: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff'; alpha?: boolean; seed?: number },
): Promise<string> {
  const seed = options.seed ?? 0;
  const image = sharp({
    create: {
      width: options.width,
      height: options.height,
      channels: options.alpha === true ? 4 : 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 120, alpha: 1 },
    },
  });
  const path = join(dir, name);
  await image.toFormat(options.format ?? 'png').toFile(path);
  return path;
}

/** Polls a task of a variant until it finishes (completed or failed), a few times a second. */
export async function waitForTask(client: GatewayClient, entry: VariantEntry, taskId: string, deadlineMs = 10_000): Promise<NormalizedTask> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const task = await client.tasks.poll(entry, taskId);
    if (task.state === 'completed' || task.state === 'failed') return task;
    if (Date.now() > until) throw new Error(`task ${taskId} still ${task.state} after ${deadlineMs} ms`);
    await sleep(100);
  }
}

/** Awaits a call expected to fail, asserts it failed with a GatewayError and returns that error. */
export async function gatewayFailure(promise: Promise<unknown>): Promise<GatewayError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

/**
 * Settles a call of a client on `clock` (`client({ clock })`): each time the client waits for
 * time to pass (between two attempts), virtual time jumps to the end of that wait.
 */
export async function onVirtualTime<T>(clock: VirtualClock, call: Promise<T>): Promise<T> {
  const state = { settled: false };
  const watched = call.finally(() => {
    state.settled = true;
  });
  const ended = watched.then(
    () => undefined,
    () => undefined,
  );
  // A function, so that the check after the wait reads the state afresh.
  const settled = (): boolean => state.settled;
  while (!settled()) {
    await Promise.race([ended, clock.timerSet()]);
    if (!settled()) await clock.next();
  }
  return watched;
}

/** The catalog entry of a variant id (tests name variants by id). */
export function variant(id: string): VariantEntry {
  const entry = variantById(id);
  if (!entry) throw new Error(`no variant ${id}`);
  return entry;
}

const FAST_TIMING = FAST_TASKS;

export async function startTestGateway(options: SimulatorOptions = {}): Promise<TestGateway> {
  const sim = await startSimulator({ timing: FAST_TIMING, ...options });
  const clients: GatewayClient[] = [];

  const admin = simAdmin(sim);

  const gateway: TestGateway = {
    sim,
    client: (overrides = {}) => {
      const client = new GatewayClient({
        baseUrl: sim.url,
        apiKey: sim.demoKey,
        timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 },
        retry: { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterMs: 3_000 },
        ...overrides,
      });
      clients.push(client);
      return client;
    },
    admin,
    addFault: async (rule) => {
      await admin('POST', '/faults', rule);
    },
    stats: () => admin<StatsSnapshot>('GET', '/stats'),
    requests: async (routeKey) => (await admin<StatsSnapshot>('GET', '/stats')).requests[routeKey] ?? 0,
    reset: async () => {
      await admin('POST', '/reset');
    },
    createKey: async (fields = {}) => {
      const created = await admin<{ key: string; token: { id: number } }>('POST', '/keys', fields);
      return { key: created.key, id: created.token.id };
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
      await sim.close();
    },
  };
  return gateway;
}

/**
 * One test gateway for the whole test file: started before all its tests, reset before each test
 * and closed after all. Call it at the top of the file; use the returned gateway inside tests and hooks.
 */
export function gatewayForFile(options: SimulatorOptions = {}): TestGateway {
  let started: TestGateway | undefined;
  const current = (): TestGateway => {
    if (started === undefined) throw new Error('the test gateway is not running: use it inside tests or hooks');
    return started;
  };
  beforeAll(async () => {
    started = await startTestGateway(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(async () => {
    await current().reset();
  });
  return {
    get sim() {
      return current().sim;
    },
    client: (overrides) => current().client(overrides),
    admin: <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) => current().admin<T>(method, path, body),
    addFault: (rule) => current().addFault(rule),
    stats: () => current().stats(),
    requests: (routeKey) => current().requests(routeKey),
    reset: () => current().reset(),
    createKey: (fields) => current().createKey(fields),
    close: () => current().close(),
  };
}
