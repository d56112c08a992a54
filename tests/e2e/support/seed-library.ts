import { join } from 'node:path';
import { seedLibraryAssets } from '../../helpers/seed-assets';

/**
 * Fills a web-mode studio's library straight through SQLite, as finished downloads would, without
 * the gateway: `count` images, one second apart, "seeded prompt N" (N = 0 is the oldest), on two models.
 */
export function seedLibrary(dataDir: string, count: number): void {
  seedLibraryAssets({ dataDir, libraryRoot: join(dataDir, 'library') }, count, (index) => ({
    model: index % 2 === 0 ? 'gen-image-2' : 'nova-3.1-flash-image-preview',
  }));
}
