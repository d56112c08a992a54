/**
 * A library database of many assets in a temporary folder, built through the app's own
 * `insertAsset` (so the search index is filled by the real triggers). The paging, search and
 * facet benchmarks share one per run; `closeSharedLibrary` closes it and deletes the folder.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertAsset, LibraryDatabase, type AssetKind } from '../src/main/core/library';
import { elapsedMs } from './measure';
import { pick, randomPrompt, seededRandom } from './prompts';

export const LIBRARY_SIZE = 20_000;

export interface LibraryFixture {
  db: LibraryDatabase;
  /** Assets inserted. */
  assets: number;
  /** Wall-clock time of the one seeding transaction. */
  seedMs: number;
  close(): void;
}

interface ModelChoice {
  model: string;
  variantId: string;
  kind: AssetKind;
  /** Relative frequency. */
  weight: number;
}

const models: readonly ModelChoice[] = [
  { model: 'gen-image-2', variantId: 'image.gen-image-2.task', kind: 'image', weight: 45 },
  { model: 'nova-3.1-flash-image', variantId: 'image.nova-3.1-flash-image', kind: 'image', weight: 25 },
  { model: 'nova-3-pro-image', variantId: 'image.nova-3-pro-image', kind: 'image', weight: 15 },
  { model: 'vid-2', variantId: 'video.vid-2.official', kind: 'video', weight: 10 },
  { model: 'clip-3.0-turbo', variantId: 'video.clip-3.0-turbo', kind: 'video', weight: 5 },
];
const totalWeight = models.reduce((sum, choice) => sum + choice.weight, 0);

const tagNames = ['portrait', 'landscape', 'client-a', 'client-b', 'wip', 'final', 'moodboard', 'cat', 'night', 'poster'];
const sizes = ['1024x1024', '1536x1024', '1024x1536', '2048x1152'];

function pickModel(random: () => number): ModelChoice {
  let roll = random() * totalWeight;
  for (const choice of models) {
    roll -= choice.weight;
    if (roll < 0) return choice;
  }
  return models[0] as ModelChoice;
}

/**
 * Creates a library of `count` assets in one transaction: tasks a few seconds to minutes apart,
 * images with 1-4 results sharing a creation time (so the id tie-break of keyset paging matters),
 * about 5% favourites and 0-3 tags each.
 */
export function createLibraryFixture(count = LIBRARY_SIZE): LibraryFixture {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
  const db = LibraryDatabase.open(join(dir, 'library.sqlite'));
  const random = seededRandom(20_250_101);
  const started = process.hrtime.bigint();
  let createdAt = Date.UTC(2025, 0, 1);
  let inserted = 0;
  db.transaction(() => {
    for (let task = 0; inserted < count; task++) {
      const choice = pickModel(random);
      const prompt = randomPrompt(random);
      const results = choice.kind === 'image' ? Math.min(count - inserted, 1 + Math.floor(random() * 4)) : 1;
      createdAt += 5_000 + Math.floor(random() * 115_000);
      const size = pick(random, sizes);
      const [width, height] = size.split('x').map(Number);
      for (let index = 0; index < results; index++, inserted++) {
        const tags = tagNames.filter(() => random() < 0.12).slice(0, 3);
        insertAsset(db, {
          taskId: `task_${task}`,
          resultIndex: index,
          kind: choice.kind,
          filePath: `${new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '/')}/task_${task}-${index}.${choice.kind === 'image' ? 'png' : 'mp4'}`,
          mime: choice.kind === 'image' ? 'image/png' : 'video/mp4',
          bytes: 200_000 + Math.floor(random() * 3_000_000),
          width: width ?? null,
          height: height ?? null,
          durationMs: choice.kind === 'video' ? 5_000 + Math.floor(random() * 5) * 1_000 : null,
          sha256: createHash('sha256').update(`task_${task}-${index}`).digest('hex'),
          model: choice.model,
          variantId: choice.variantId,
          prompt,
          request: { model: choice.model, prompt, size, n: results },
          createdAt,
          favourite: random() < 0.05,
          tags,
        });
      }
    }
  });
  const seedMs = elapsedMs(started);
  return {
    db,
    assets: inserted,
    seedMs,
    close: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let shared: LibraryFixture | undefined;

/** The run's shared library of `LIBRARY_SIZE` assets, created on first use. */
export function sharedLibrary(): LibraryFixture {
  shared ??= createLibraryFixture();
  return shared;
}

/** Closes the shared library (if any was made) and removes its folder. */
export function closeSharedLibrary(): void {
  shared?.close();
  shared = undefined;
}
