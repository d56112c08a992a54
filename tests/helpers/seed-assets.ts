import { join } from 'node:path';
import { insertAsset, LibraryDatabase, type Asset, type NewAsset } from '../../src/main/core/library';
import { libraryDatabaseFile } from '../../src/main/core/library/database-location';

/**
 * Fills a library straight through SQLite, as finished downloads would, without the gateway:
 * `count` images one second apart from 2026-01-01, "seeded prompt N" (N = 0 is the oldest),
 * each changed by `make(N)`.
 */
export function seedLibraryAssets(
  library: { dataDir: string; libraryRoot: string },
  count: number,
  make: (index: number) => Partial<NewAsset> = () => ({}),
): Asset[] {
  // The database the running studio has open (WAL: both connections see each other's rows).
  const db = LibraryDatabase.open(libraryDatabaseFile(library.dataDir, library.libraryRoot));
  try {
    const start = Date.UTC(2026, 0, 1);
    return db.transaction(() =>
      Array.from(
        { length: count },
        (_, index) =>
          insertAsset(db, {
            kind: 'image',
            filePath: join('2026', '01', '01', `seed-${index}.png`),
            mime: 'image/png',
            bytes: 1000 + index,
            width: 1024,
            height: 1024,
            sha256: `seed-${index}`.padEnd(64, '0'),
            model: 'gen-image-2',
            variantId: 'image.gen-image-2.direct',
            prompt: `seeded prompt ${index}`,
            request: { model: 'gen-image-2', prompt: `seeded prompt ${index}` },
            createdAt: start + index * 1000,
            ...make(index),
          }).asset,
      ),
    );
  } finally {
    db.close();
  }
}
