import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfStore } from '../../src/main/core/settings/key-value-store';
import { createStudio, type Studio, type StudioPlatform } from '../../src/main/core/studio';
import { createFileKeyVault } from '../../src/main/core/vault/file-key-vault';

/** A real studio core on a data folder (a fresh one unless `extra.dataDir` names one), as web mode builds it. */
export async function createTestStudio(extra: Partial<StudioPlatform> = {}): Promise<{ studio: Studio; dataDir: string }> {
  const dataDir = extra.dataDir ?? mkdtempSync(join(tmpdir(), 'atelier-test-'));
  const studio = createStudio({
    shell: 'web',
    version: '0.0.0-test',
    store: createConfStore(dataDir),
    vault: createFileKeyVault(join(dataDir, 'vault.key')),
    ...extra,
    dataDir,
  });
  await studio.start();
  return { studio, dataDir };
}

/** Calls a route in process and returns its value, or throws with the studio's error message. */
export async function callRoute<T>(studio: Studio, route: string, input: unknown): Promise<T> {
  const result = await studio.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route}: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** Reads until `done` holds (every 50 ms, for up to `timeoutMs`); throws naming `what` otherwise. */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
