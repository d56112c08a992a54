/**
 * Renderer tests run against the real studio core: its router and event bus in this process, a
 * temporary data folder, real SQLite, and the demo gateway on loopback (handed to the core as
 * its connection provider, as the shells do). The studio is built by the one test helper
 * (`createTestStudio`), so a change to how the core is constructed is made there once.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { join } from 'node:path';
import { createStudioClient, type StudioClient } from '../../src/shared/contract/client';
import type { DesktopInfo, Settings } from '../../src/shared/contract';
import type { Asset, NewAsset } from '../../src/main/core/library';
import type { Studio } from '../../src/main/core/studio';
import { createTestStudio, type TestStudioOptions } from '../helpers/studio';
import { seedLibraryAssets } from '../helpers/seed-assets';
import { FAST_TASKS } from '../helpers/sim-admin';
import { FAST_ENGINE } from '../integration/jobs/harness';
import { loadStudio, subscribeToMainEvents } from '../../src/renderer/src/app/main-events';
import { initI18n } from '../../src/renderer/src/i18n';
import { connectStudio } from '../../src/renderer/src/studio/studio-client';
import { connectThumbnails } from '../../src/renderer/src/studio/thumbnails';
import { directThumbnails } from '../../src/renderer/src/transport/thumbnail-loader';
import { createInProcessTransport } from './in-process-transport';
import { resetStores } from './reset-stores';

export interface RendererStudio {
  studio: Studio;
  /** The client the renderer's stores use (install it with `connectStudio`). */
  client: StudioClient;
  dataDir: string;
  /**
   * Adds finished results straight to the library, as downloads would (for paging tests): each
   * call's results are newer than the last call's, "seeded prompt N" with N from 0 (the oldest).
   */
  seedAssets(count: number, make?: (index: number) => Partial<NewAsset>): Asset[];
  stop(): Promise<void>;
}

/** A real studio with fast demo tasks, and a client over the in-process transport. */
async function startRendererStudio(extra: TestStudioOptions = {}): Promise<RendererStudio> {
  const { studio, dataDir } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE, ...extra });
  const client = createStudioClient(createInProcessTransport(studio));
  let seeded = 0;
  return {
    studio,
    client,
    dataDir,
    seedAssets: (count, make = () => ({})) => {
      const first = seeded;
      seeded += count;
      // Files and times of one call never meet another's, so one studio can be seeded by many tests.
      return seedLibraryAssets({ dataDir, libraryRoot: studio.libraryRoot() }, count, (index) => ({
        filePath: join('2026', '01', '01', `seed-${first + index}.png`),
        sha256: `seed-${first + index}`.padEnd(64, '0'),
        createdAt: Date.UTC(2026, 0, 1) + (first + index) * 1000,
        ...make(index),
      }));
    },
    stop: () => studio.stop(),
  };
}

/**
 * A studio with the renderer's stores connected to it as the window starts: stores reset, English,
 * main's events subscribed, the first state loaded. `stop` unsubscribes before it stops the studio.
 */
export async function connectRendererStudio(extra: TestStudioOptions = {}): Promise<RendererStudio> {
  resetStores();
  const main = await startRendererStudio(extra);
  connectStudio(main.client);
  await initI18n('en');
  const unsubscribe = subscribeToMainEvents(main.client);
  await loadStudio();
  return {
    ...main,
    stop: async () => {
      unsubscribe();
      await main.stop();
    },
  };
}

/** Calls a route of the core and returns its value, or throws with main's message. */
async function call<T>(main: RendererStudio, route: string, input: unknown): Promise<T> {
  const answer = await main.studio.router.dispatch(route, input);
  if (!answer.ok) throw new Error(`${route}: ${answer.error.message}`);
  return answer.value as T;
}

/**
 * Puts the core's user-facing state back as a fresh studio has it: the settings (and the desktop's
 * preferences) it started with, no gateway profiles, the queue running, nothing waiting or in flight. The library and finished
 * jobs stay: tests read what they made (their own prompts, batches and filters).
 */
async function resetCore(main: RendererStudio, start: { settings: Settings; desktop: DesktopInfo }, emptyLibrary: boolean): Promise<void> {
  await call(main, 'settings.update', start.settings);
  if (start.desktop.preferences) await call(main, 'desktop.update_preferences', start.desktop.preferences);
  for (const profile of await call<{ id: string }[]>(main, 'profiles.list', {})) await call(main, 'profiles.delete', { id: profile.id });
  const open = await call<{ items: { id: string }[] }>(main, 'jobs.list_batches', { statuses: ['active', 'paused'], limit: 200 });
  for (const batch of open.items) await call(main, 'jobs.cancel_batch', { id: batch.id });
  await call(main, 'jobs.resume_queue', {});
  for (let page = await listAssets(main); emptyLibrary && page.length > 0; page = await listAssets(main)) {
    await call(main, 'library.delete_assets', { ids: page });
  }
  // Events of the reset reach no window: the next test subscribes after they went out.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

async function listAssets(main: RendererStudio): Promise<string[]> {
  return (await call<{ items: { id: string }[] }>(main, 'library.list_assets', { limit: 200 })).items.map((asset) => asset.id);
}

export interface StudioPerFile {
  /** The file's studio, with the renderer connected to it afresh for the current test. */
  readonly main: RendererStudio;
  /** Stops listening to main's events now (as a closed window would). */
  disconnect(): void;
}

/**
 * One studio for the whole test file (started once: the data folder, SQLite and the demo gateway
 * cost most of a test's time), and before each test a window as it starts: the core's settings,
 * profiles and queue put back, every store reset, English, main's events subscribed and the first
 * state loaded (`connect: false` leaves subscribing and loading to the test). `emptyLibrary`
 * deletes every result before each test, for tests that count the library. `navigate` sees the
 * menu's and the notices' requests.
 */
export function studioPerFile(
  options: { extra?: TestStudioOptions; connect?: boolean; emptyLibrary?: boolean; navigate?: (to: string) => void } = {},
): StudioPerFile {
  let main: RendererStudio | undefined;
  let start: { settings: Settings; desktop: DesktopInfo } | undefined;
  let unsubscribe = (): void => undefined;
  beforeAll(async () => {
    main = await startRendererStudio(options.extra);
    start = { settings: await call<Settings>(main, 'settings.get', {}), desktop: await call<DesktopInfo>(main, 'desktop.get_info', {}) };
  });
  beforeEach(async () => {
    if (!main || !start) throw new Error('the studio did not start');
    await resetCore(main, start, options.emptyLibrary === true);
    resetStores();
    connectStudio(main.client);
    // A loader of its own each test: jsdom never loads a picture, so the turns of an earlier test's pictures are never given back.
    const client = main.client;
    connectThumbnails(directThumbnails((libraryPath) => client.mediaUrl(libraryPath)));
    await initI18n('en');
    if (options.connect === false) return;
    unsubscribe = subscribeToMainEvents(main.client, options.navigate);
    await loadStudio();
  });
  afterEach(() => {
    unsubscribe();
    unsubscribe = () => undefined;
  });
  afterAll(async () => {
    await main?.stop();
  });
  return {
    get main(): RendererStudio {
      if (!main) throw new Error('the studio is started in beforeAll');
      return main;
    },
    disconnect: () => {
      unsubscribe();
      unsubscribe = () => undefined;
    },
  };
}

/** Waits until `check` passes (events arrive asynchronously), or fails with its last error. */
export async function eventually(check: () => void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
