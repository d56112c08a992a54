import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfStore } from '../../src/main/core/settings/key-value-store';
import { createStudio, type Studio, type StudioPlatform } from '../../src/main/core/studio';
import { createFileKeyVault } from '../../src/main/core/vault/file-key-vault';
import { demoGatewayFor, type DemoGatewayOptions } from '../../src/main/demo/demo-gateway';
import type { AppInfo } from '../../src/shared/contract';
import { simAdmin, type SimAdmin } from './sim-admin';

export interface TestStudioOptions extends Partial<Omit<StudioPlatform, 'demoGateway'>> {
  /** Demo gateway settings (short task times); its state lives in the data folder, as in the app. */
  demo?: DemoGatewayOptions;
}

/** The demo gateway's admin token in test studios, so a test can inject faults (`demoAdmin`). */
const TEST_DEMO_ADMIN_TOKEN = 'atelier-test-admin';

/** What web mode hands to `createStudio` for a data folder, with test settings. */
export function testStudioPlatform(dataDir: string, options: TestStudioOptions = {}): StudioPlatform {
  const { demo, ...extra } = options;
  return {
    shell: 'web',
    version: '0.0.0-test',
    store: createConfStore(dataDir),
    vault: createFileKeyVault(join(dataDir, 'vault.key')),
    dataDir,
    demoGateway: demoGatewayFor(dataDir, { adminToken: TEST_DEMO_ADMIN_TOKEN, ...demo }),
    ...extra,
  };
}

/** A real studio core on a data folder (a fresh one unless `options.dataDir` is given), as web mode builds it. */
export async function createTestStudio(options: TestStudioOptions = {}): Promise<{ studio: Studio; dataDir: string }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'atelier-test-'));
  const studio = createStudio(testStudioPlatform(dataDir, options));
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

/** The admin API of a test studio's demo gateway (fault injection, keys), found through `app.get_info`. */
export async function demoAdmin(studio: Studio): Promise<SimAdmin> {
  const info = await callRoute<AppInfo>(studio, 'app.get_info', {});
  return simAdmin({ url: info.gatewayUrl, adminToken: TEST_DEMO_ADMIN_TOKEN });
}
