import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfStore } from '../../src/main/core/settings/key-value-store';
import { createStudio, type Studio, type StudioPlatform } from '../../src/main/core/studio';
import { createFileKeyVault } from '../../src/main/core/vault/file-key-vault';
import { demoGatewayFor, type DemoGatewayOptions } from '../../src/main/demo/demo-gateway';

export interface TestStudioOptions extends Partial<Omit<StudioPlatform, 'demoGateway'>> {
  /** Demo gateway settings (short task times); its state lives in the data folder, as in the app. */
  demo?: DemoGatewayOptions;
}

/** What web mode hands to `createStudio` for a data folder, with test settings. */
export function testStudioPlatform(dataDir: string, options: TestStudioOptions = {}): StudioPlatform {
  const { demo, ...extra } = options;
  return {
    shell: 'web',
    version: '0.0.0-test',
    store: createConfStore(dataDir),
    vault: createFileKeyVault(join(dataDir, 'vault.key')),
    dataDir,
    demoGateway: demoGatewayFor(dataDir, demo),
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
