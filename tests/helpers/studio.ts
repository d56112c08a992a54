import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfStore } from '../../src/main/core/settings/key-value-store';
import { createStudio, type Studio, type StudioPlatform } from '../../src/main/core/studio';
import { createFileKeyVault } from '../../src/main/core/vault/file-key-vault';

/** A real studio core on a fresh data folder, as web mode builds it. */
export async function createTestStudio(extra: Partial<StudioPlatform> = {}): Promise<{ studio: Studio; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-test-'));
  const studio = createStudio({
    shell: 'web',
    version: '0.0.0-test',
    store: createConfStore(dataDir),
    vault: createFileKeyVault(join(dataDir, 'vault.key')),
    dataDir,
    ...extra,
  });
  await studio.start();
  return { studio, dataDir };
}
