import { join } from 'node:path';
import { insertAsset, LibraryDatabase } from '../../../src/main/core/library';
import { libraryDatabasePath } from '../../../src/main/core/library/library-service';

/**
 * Fills a web-mode studio's library straight through SQLite, as finished downloads would, without
 * the gateway: `count` images, one second apart, "seeded prompt N" (N = 0 is the oldest).
 */
export function seedLibrary(dataDir: string, count: number): void {
  const db = LibraryDatabase.open(libraryDatabasePath(join(dataDir, 'library')));
  try {
    const start = Date.UTC(2026, 0, 1);
    db.transaction(() => {
      for (let index = 0; index < count; index += 1) {
        insertAsset(db, {
          kind: 'image',
          filePath: join('2026', '01', '01', `seed-${index}.png`),
          mime: 'image/png',
          bytes: 1000 + index,
          width: 1024,
          height: 1024,
          sha256: `seed-${index}`.padEnd(64, '0'),
          model: index % 2 === 0 ? 'gen-image-2' : 'nova-3.1-flash-image-preview',
          variantId: 'image.gen-image-2.direct',
          prompt: `seeded prompt ${index}`,
          request: { model: 'gen-image-2', prompt: `seeded prompt ${index}` },
          createdAt: start + index * 1000,
        });
      }
    });
  } finally {
    db.close();
  }
}
