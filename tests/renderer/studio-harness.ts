/**
 * Renderer tests run against the real studio core: its router and event bus in this process, a
 * temporary data folder, real SQLite, and the demo gateway on loopback (handed to the core as
 * its connection provider, as the shells do). The studio is built by the one test helper
 * (`createTestStudio`), so a change to how the core is constructed is made there once.
 */
import { createStudioClient, type StudioClient } from '../../src/shared/contract/client';
import type { Asset, NewAsset } from '../../src/main/core/library';
import type { Studio } from '../../src/main/core/studio';
import { createTestStudio, type TestStudioOptions } from '../helpers/studio';
import { seedLibraryAssets } from '../helpers/seed-assets';
import { FAST_TASKS } from '../helpers/sim-admin';
import { FAST_ENGINE } from '../integration/jobs/harness';
import { loadStudio, subscribeToMainEvents } from '../../src/renderer/src/app/main-events';
import { initI18n } from '../../src/renderer/src/i18n';
import { connectStudio } from '../../src/renderer/src/studio/studio-client';
import { createInProcessTransport } from './in-process-transport';
import { resetStores } from './reset-stores';

export interface RendererStudio {
  studio: Studio;
  /** The client the renderer's stores use (install it with `connectStudio`). */
  client: StudioClient;
  dataDir: string;
  /** Adds finished results straight to the library, as downloads would (for paging tests). */
  seedAssets(count: number, make?: (index: number) => Partial<NewAsset>): Asset[];
  stop(): Promise<void>;
}

/** A real studio with fast demo tasks, and a client over the in-process transport. */
export async function startRendererStudio(extra: TestStudioOptions = {}): Promise<RendererStudio> {
  const { studio, dataDir } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE, ...extra });
  const client = createStudioClient(createInProcessTransport(studio));
  return {
    studio,
    client,
    dataDir,
    seedAssets: (count, make) => seedLibraryAssets({ dataDir, libraryRoot: studio.libraryRoot() }, count, make),
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
