/**
 * A library database of many assets, as an artist's library grows: one job per task (a third of
 * them in batches), 1-4 images or one video per task, prompts in English and Chinese (some
 * mentioning characters), tags, favourites and boards, and the finished gateway task of each job. The schema is the app's own
 * (`LibraryDatabase.open` runs the migrations) and the search index is filled by its triggers;
 * rows are written with plain prepared INSERTs in one transaction, because seeding 100,000
 * assets one `insertAsset` at a time takes minutes on a busy machine. The paging, search, facet,
 * cold-open and start-up benchmarks share one per run; `closeSharedLibrary` closes it and
 * deletes its folder.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LibraryDatabase, redactRequest, type AssetKind } from '../src/main/core/library';
import { characterUsernamesOf } from '../src/main/core/library/asset-characters';
import { elapsedMs } from './measure';
import { pick, randomPrompt, seededRandom } from './prompts';

/** The library size of a full run (`--quick` uses QUICK_LIBRARY_SIZE). */
export const LIBRARY_SIZE = 100_000;
export const QUICK_LIBRARY_SIZE = 20_000;

interface SeededBoard {
  id: string;
  name: string;
  /** Assets on it. */
  size: number;
}

export interface LibraryFixture {
  db: LibraryDatabase;
  /** The database file (a copy taken after `checkpoint` is a complete library). */
  file: string;
  /** Assets inserted. */
  assets: number;
  /** Jobs and batches they came from. */
  jobs: number;
  batches: number;
  boards: SeededBoard[];
  /** Wall-clock time of the one seeding transaction. */
  seedMs: number;
  /** Copies the database to `target` (a complete file: the WAL is folded in first). */
  copyTo(target: string): void;
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

/** Boards as artists keep them: one big moodboard (every tenth asset), a few project boards, small picks. */
const BOARD_PLAN: readonly { name: string; share: number }[] = [
  { name: 'bench moodboard', share: 0.1 },
  { name: 'client A: autumn campaign', share: 0.03 },
  { name: 'client B 海报', share: 0.02 },
  { name: 'characters', share: 0.01 },
  { name: 'portfolio picks', share: 0.002 },
  { name: '灵感', share: 0.0005 },
];

function pickModel(random: () => number): ModelChoice {
  let roll = random() * totalWeight;
  for (const choice of models) {
    roll -= choice.weight;
    if (roll < 0) return choice;
  }
  return models[0] as ModelChoice;
}

function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The statements of one seeding run, prepared once. */
function statements(db: LibraryDatabase) {
  const c = db.connection;
  return {
    batch: c.prepare(`INSERT INTO batches (id, name, status, options, created_at, updated_at) VALUES (?, ?, 'done', '{}', ?, ?)`),
    job: c.prepare(
      `INSERT INTO jobs (id, batch_id, position, variant_id, model, request, prompt, state, attempts, answer_style, created_at, updated_at, submitted_at, started_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'done', 1, 'task', ?, ?, ?, ?, ?)`,
    ),
    asset: c.prepare(
      `INSERT INTO assets (id, job_id, task_id, result_index, kind, file_path, thumb_path, mime, bytes, width, height, duration_ms, sha256, model, variant_id, prompt, request, created_at, favourite)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    task: c.prepare(
      `INSERT INTO tasks (id, job_id, family, poll_route, state, result_urls, expires_at, polls, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'completed', ?, ?, ?, ?, ?)`,
    ),
    tag: c.prepare('INSERT OR IGNORE INTO asset_tags (asset_id, tag) VALUES (?, ?)'),
    character: c.prepare('INSERT OR IGNORE INTO asset_characters (asset_id, username) VALUES (?, ?)'),
    board: c.prepare('INSERT INTO boards (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)'),
    boardItem: c.prepare('INSERT OR IGNORE INTO board_items (board_id, asset_id, added_at) VALUES (?, ?, ?)'),
  };
}

/**
 * Creates a library of `count` assets in one transaction: tasks a few seconds to minutes apart,
 * images with 1-4 results sharing a creation time (so the id tie-break of keyset paging matters),
 * about 5% favourites, 0-3 tags each, and the boards of BOARD_PLAN.
 */
function createLibraryFixture(count = LIBRARY_SIZE): LibraryFixture {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
  const file = join(dir, 'library.sqlite');
  const db = LibraryDatabase.open(file);
  const random = seededRandom(20_250_101);
  const started = process.hrtime.bigint();
  // Seeding only: keep the whole transaction in memory rather than spilling pages to the WAL as it grows.
  const appCacheSize = db.connection.pragma('cache_size', { simple: true }) as number;
  db.connection.pragma('cache_size = -400000');
  const insert = statements(db);
  const assetIds: string[] = [];
  let createdAt = Date.UTC(2024, 0, 1);
  let jobs = 0;
  let batches = 0;
  db.transaction(() => {
    let batch: { id: string; left: number } | undefined;
    for (let task = 0; assetIds.length < count; task++) {
      const choice = pickModel(random);
      const prompt = randomPrompt(random);
      const results = choice.kind === 'image' ? Math.min(count - assetIds.length, 1 + Math.floor(random() * 4)) : 1;
      createdAt += 5_000 + Math.floor(random() * 115_000);
      const size = pick(random, sizes);
      const [width, height] = size.split('x').map(Number);
      const request = JSON.stringify(redactRequest({ model: choice.model, prompt, size, n: results, response_format: 'url' }));
      if (batch === undefined && random() < 0.02) {
        batch = { id: uuidOf(`batch ${batches}`), left: 5 + Math.floor(random() * 36) };
        insert.batch.run(batch.id, `Batch ${batches + 1}`, createdAt, createdAt);
        batches++;
      }
      const jobId = uuidOf(`job ${task}`);
      insert.job.run(
        jobId,
        batch?.id ?? null,
        batch ? 40 - batch.left : 0,
        choice.variantId,
        choice.model,
        request,
        prompt,
        createdAt - 40_000,
        createdAt,
        createdAt - 38_000,
        createdAt - 39_000,
        createdAt,
      );
      jobs++;
      // The gateway task each job followed, finished (its result addresses long expired).
      const family = choice.kind === 'image' ? 'image' : 'video';
      const resultUrls = JSON.stringify(Array.from({ length: results }, (_unused, index) => `https://files.example.com/${task}/${index}`));
      insert.task.run(
        `task_${task}`,
        jobId,
        family,
        `/v1/${family}s/tasks/task_${task}`,
        resultUrls,
        createdAt + 86_400_000,
        2 + Math.floor(random() * 6),
        createdAt - 38_000,
        createdAt,
      );
      if (batch && --batch.left === 0) batch = undefined;
      const mentioned = characterUsernamesOf(prompt);
      const day = new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '/');
      for (let index = 0; index < results; index++) {
        const id = uuidOf(`task ${task}#${index}`);
        const extension = choice.kind === 'image' ? 'png' : 'mp4';
        insert.asset.run(
          id,
          jobId,
          `task_${task}`,
          index,
          choice.kind,
          `${day}/${id}.${extension}`,
          `${day}/${id}.thumb.webp`,
          choice.kind === 'image' ? 'image/png' : 'video/mp4',
          200_000 + Math.floor(random() * 3_000_000),
          width ?? null,
          height ?? null,
          choice.kind === 'video' ? 5_000 + Math.floor(random() * 5) * 1_000 : null,
          createHash('sha256').update(id).digest('hex'),
          choice.model,
          choice.variantId,
          prompt,
          request,
          createdAt,
          random() < 0.05 ? 1 : 0,
        );
        for (const tag of tagNames.filter(() => random() < 0.12).slice(0, 3)) insert.tag.run(id, tag);
        for (const username of mentioned) insert.character.run(id, username);
        assetIds.push(id);
      }
    }
  });
  const boards = seedBoards(db, insert, assetIds, random, createdAt);
  // No ANALYZE (PRAGMA optimize): the app never runs it, and the query planner chooses differently
  // with statistics (a count of active jobs by batch walked every batched job instead of the state index).
  // Back to the page cache the app's connection has (better-sqlite3 builds SQLite with 16 MB), not
  // SQLite's stock 2 MB: with 2 MB, pages looked up item by item were read from the file again each time.
  db.connection.pragma(`cache_size = ${appCacheSize}`);
  const seedMs = elapsedMs(started);
  return {
    db,
    file,
    assets: assetIds.length,
    jobs,
    batches,
    boards,
    seedMs,
    copyTo: (target) => {
      db.connection.pragma('wal_checkpoint(TRUNCATE)');
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      copyFileSync(file, target);
    },
    close: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** BOARD_PLAN's boards, each holding its share of the library picked at random. */
function seedBoards(db: LibraryDatabase, insert: ReturnType<typeof statements>, assetIds: readonly string[], random: () => number, now: number): SeededBoard[] {
  return db.transaction(() =>
    BOARD_PLAN.map(({ name, share }, index) => {
      const id = uuidOf(`board ${index}`);
      insert.board.run(id, name, now, now);
      // The moodboard takes every tenth asset (as the earlier fixture did); the others a random share.
      const chosen = index === 0 ? assetIds.filter((_id, position) => position % 10 === 0) : assetIds.filter(() => random() < share);
      for (const assetId of chosen) insert.boardItem.run(id, assetId, now);
      return { id, name, size: chosen.length };
    }),
  );
}

let shared: LibraryFixture | undefined;

/** The run's shared library of `size` assets, created on first use (a later call with another size makes a new one). */
export function sharedLibrary(size = LIBRARY_SIZE): LibraryFixture {
  if (shared && shared.assets !== size) closeSharedLibrary();
  shared ??= createLibraryFixture(size);
  return shared;
}

/** Closes the shared library (if any was made) and removes its folder. */
export function closeSharedLibrary(): void {
  shared?.close();
  shared = undefined;
}
