/**
 * Ingest: a burst of finished tasks (most images, some videos) taken into the library by the
 * app's own `ResultDownloader`: download from the result address, check what the bytes are,
 * thumbnail (a poster frame through ffmpeg, WebAssembly or system, for videos), database row, sidecar, as many at once
 * as the studio allows (DEFAULT_DOWNLOAD_LIMITS.maxParallel). The tasks are recorded as finished
 * in the database first (as the poller leaves them) and the timer runs from the first enqueue to
 * the last job done. Raw baseline: the same thumbnails from the same files by sharp alone, and
 * the same poster frames by ffmpeg alone (then sharp), at the same parallelism.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { GatewayClient } from '../src/main/core/gateway/client';
import { GroupedWrites } from '../src/main/core/jobs/grouped-writes';
import { ResultDownloader, DEFAULT_DOWNLOAD_LIMITS } from '../src/main/core/jobs/downloader';
import { EngineEvents } from '../src/main/core/jobs/events';
import { ResultFetcher } from '../src/main/core/jobs/result-fetch';
import { ResultStaging } from '../src/main/core/jobs/staging';
import { WorkTracker } from '../src/main/core/jobs/work-tracker';
import { systemClock } from '../src/main/core/lifecycle/clock';
import { LibraryDatabase } from '../src/main/core/library';
import { locateFfmpeg } from '../src/main/core/media/ffmpeg-locator';
import { posterArguments, POSTER_LIMITS, runLimited } from '../src/main/core/media/ffmpeg-sandbox';
import { MediaInspector } from '../src/main/core/media/media-inspector';
import { THUMB_SIZE } from '../src/main/core/media/media-info';
import { WasmFfmpeg } from '../src/main/core/media/wasm-ffmpeg';
import { PRIVATE_MODES } from '../src/main/core/private-files';
import { sized, type BenchContext } from './context';
import type { FigureRow, Table } from './table';

const PARALLEL = DEFAULT_DOWNLOAD_LIMITS.maxParallel;

interface MediaFiles {
  image: string;
  video: string;
  imageBytes: number;
  videoBytes: number;
}

/** A 1024x1024 PNG (gradient and grain, as a 1K render) and a 5 s 1280x720 H.264 MP4 with sound. */
async function makeMedia(folder: string): Promise<MediaFiles> {
  const image = join(folder, 'result.png');
  const side = 1024;
  const pixels = Buffer.alloc(side * side * 3);
  const grain = randomBytes(side * side);
  for (let i = 0; i < side * side; i++) {
    const x = i % side;
    const y = Math.floor(i / side);
    pixels[i * 3] = (x >> 3) ^ ((grain[i] ?? 0) & 15);
    pixels[i * 3 + 1] = (y >> 3) ^ ((grain[i] ?? 0) & 15);
    pixels[i * 3 + 2] = ((x + y) >> 4) & 255;
  }
  await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toFile(image);
  const video = join(folder, 'result.mp4');
  // Made by the WebAssembly ffmpeg, so the benchmark needs no system binary.
  const wasm = new WasmFfmpeg();
  const made = await wasm.run({
    program: 'ffmpeg',
    args: [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24:duration=5', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=5'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', 'result.mp4'],
    ],
    inputs: {},
    outputs: ['result.mp4'],
  });
  await wasm.close();
  const bytes = made.ok ? made.outputs['result.mp4'] : undefined;
  if (bytes === undefined) throw new Error('the WebAssembly ffmpeg made no sample video');
  writeFileSync(video, bytes);
  return { image, video, imageBytes: statSync(image).size, videoBytes: statSync(video).size };
}

/** Serves `/image/<n>` and `/video/<n>` from the two files, streamed with their length. */
async function resultHost(media: MediaFiles): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    const video = (request.url ?? '').startsWith('/video/');
    const path = video ? media.video : media.image;
    response.writeHead(200, { 'content-type': video ? 'video/mp4' : 'image/png', 'content-length': video ? media.videoBytes : media.imageBytes });
    createReadStream(path).pipe(response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const uuidOf = (text: string): string => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** `images` + `videos` jobs whose task has finished with one result address each, waiting for download. */
function recordFinishedTasks(db: LibraryDatabase, host: string, images: number, videos: number): string[] {
  const now = Date.now();
  const job = db.connection.prepare(
    `INSERT INTO jobs (id, variant_id, model, request, prompt, state, attempts, answer_style, created_at, updated_at, submitted_at, started_at)
     VALUES (?, ?, ?, ?, ?, 'downloading', 1, 'task', ?, ?, ?, ?)`,
  );
  const task = db.connection.prepare(
    `INSERT INTO tasks (id, job_id, family, poll_route, state, result_urls, expires_at, polls, created_at, updated_at) VALUES (?, ?, ?, ?, 'completed', ?, ?, 3, ?, ?)`,
  );
  const ids: string[] = [];
  db.transaction(() => {
    for (let n = 0; n < images + videos; n++) {
      const video = n % Math.ceil((images + videos) / Math.max(1, videos)) === 0 && ids.filter((id) => id.startsWith('v')).length < videos;
      const [variant, model, family] = video ? ['video.vid-2.official', 'vid-2', 'video'] : ['image.gen-image-2.task', 'gen-image-2', 'image'];
      const id = `${video ? 'v' : 'i'}${uuidOf(`ingest ${n}`).slice(1)}`;
      const prompt = video ? `a paper boat drifting down a rainy street ${n}` : `一只橘猫 on a red roof at dusk ${n}`;
      job.run(id, variant, model, JSON.stringify({ model, prompt }), prompt, now, now, now, now);
      task.run(`task_ingest_${n}`, id, family, `/v1/${family}s/tasks/task_ingest_${n}`, JSON.stringify([`${host}/${family}/${n}`]), now + 3_600_000, now, now);
      ids.push(id);
    }
  });
  return ids;
}

/** Runs `work` over `items`, `parallel` at a time. */
async function inParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** The app: the downloader takes every job to done; milliseconds from the first enqueue to the last. */
async function appIngest(folder: string, host: string, images: number, videos: number): Promise<{ ms: number; done: number; thumbs: number }> {
  const libraryRoot = join(folder, 'library');
  mkdirSync(libraryRoot, { recursive: true, mode: 0o700 });
  const db = LibraryDatabase.open(join(folder, 'library.sqlite'));
  const fetcher = new ResultFetcher({ headersTimeoutMs: 30_000, bodyTimeoutMs: 60_000 });
  const client = new GatewayClient({ baseUrl: host, apiKey: '' });
  const tracker = new WorkTracker();
  const downloader = new ResultDownloader({
    db,
    libraryRoot,
    clientFor: () => Promise.resolve(client),
    otherKeys: () => [],
    staging: new ResultStaging(libraryRoot),
    media: new MediaInspector(),
    fetcher,
    writes: new GroupedWrites(db, { durable: true }),
    events: new EngineEvents(db),
    tracker,
    clock: systemClock,
    limits: DEFAULT_DOWNLOAD_LIMITS,
    modes: PRIVATE_MODES,
  });
  try {
    const ids = recordFinishedTasks(db, host, images, videos);
    const finished = db.connection.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM jobs WHERE state IN ('done', 'failed')`);
    const started = process.hrtime.bigint();
    downloader.start();
    for (const id of ids) downloader.enqueue(id);
    while ((finished.get()?.n ?? 0) < ids.length) await new Promise((resolve) => setTimeout(resolve, 10));
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const done = db.connection.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM jobs WHERE state = 'done'`).get()?.n ?? 0;
    const thumbs = db.connection.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM assets WHERE thumb_path IS NOT NULL').get()?.n ?? 0;
    return { ms, done, thumbs };
  } finally {
    downloader.stop();
    await fetcher.close();
    await client.close();
    db.close();
  }
}

/**
 * The baseline: thumbnails of the same files by sharp alone, poster frames by ffmpeg alone (then
 * sharp): the system's where there is one, else the WebAssembly build with the file read once.
 */
async function rawIngest(folder: string, media: MediaFiles, images: number, videos: number): Promise<number> {
  const ffmpeg = await locateFfmpeg();
  const ffmpegPath = ffmpeg.state === 'ready' ? ffmpeg.path : null;
  const wasm = new WasmFfmpeg();
  const videoBytes = readFileSync(media.video);
  const posterOf = async (): Promise<Buffer> => {
    if (ffmpegPath !== null) {
      const run = await runLimited(ffmpegPath, posterArguments(media.video, 'iso', THUMB_SIZE, POSTER_LIMITS), POSTER_LIMITS);
      if (!run.ok) throw new Error(`ffmpeg: ${run.detail}`);
      return run.stdout;
    }
    const run = await wasm.run({
      program: 'ffmpeg',
      args: posterArguments('/input', 'iso', THUMB_SIZE, POSTER_LIMITS, '/frame.png'),
      inputs: { '/input': videoBytes },
      outputs: ['/frame.png'],
    });
    const png = run.ok ? run.outputs['/frame.png'] : undefined;
    if (png === undefined) throw new Error(`ffmpeg (WebAssembly): ${run.ok ? run.log.slice(-3).join(' | ') : run.detail}`);
    return png;
  };
  const out = join(folder, 'raw-thumbs');
  mkdirSync(out, { recursive: true });
  const work = [
    ...Array.from({ length: images }, (_unused, n) => ({ video: false, n })),
    ...Array.from({ length: videos }, (_unused, n) => ({ video: true, n: images + n })),
  ];
  const started = process.hrtime.bigint();
  await inParallel(work, PARALLEL, async ({ video, n }) => {
    let input: string | Buffer = media.image;
    if (video) input = await posterOf();
    await sharp(input)
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(join(out, `${n}.webp`));
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  await wasm.close();
  if (readdirSync(out).length !== images + videos) throw new Error('the raw baseline did not make every thumbnail');
  return ms;
}

export async function run(context: BenchContext): Promise<Table[]> {
  const folder = mkdtempSync(join(tmpdir(), 'atelier-bench-ingest-'));
  const images = sized(context, 170, 34);
  const videos = sized(context, 30, 6);
  const total = images + videos;
  try {
    const media = await makeMedia(folder);
    const host = await resultHost(media);
    try {
      // Raw first, then the app: one burst each (a second run of the benchmark is the repeat).
      const rawMs = await rawIngest(join(folder, 'raw'), media, images, videos);
      const app = await appIngest(join(folder, 'app'), host.url, images, videos);
      const rate = (ms: number): number => total / (ms / 1000);
      const figures: FigureRow[] = [
        { figure: { label: `sharp thumbnails + ffmpeg posters alone, ${PARALLEL} at a time`, value: rate(rawMs), unit: 'results/s' } },
        {
          figure: { label: `ResultDownloader: download, check, thumbnail/poster, row, sidecar`, value: rate(app.ms), unit: 'results/s' },
          raw: { label: 'raw', value: rate(rawMs), unit: 'results/s' },
        },
      ];
      return [
        {
          title: `Results ingested: a burst of ${total} finished tasks (${images} images, ${videos} videos)`,
          figures,
          notes: [
            `images: 1024x1024 PNG of ${(media.imageBytes / 1048576).toFixed(1)} MB; videos: 5 s 1280x720 H.264 with sound, ${(media.videoBytes / 1048576).toFixed(1)} MB; served over loopback`,
            `the app took the burst in ${(app.ms / 1000).toFixed(1)} s: ${app.done} of ${total} jobs done, ${app.thumbs} thumbnails; the raw baseline in ${(rawMs / 1000).toFixed(1)} s`,
            'the app also downloads each file, reads what it really is (the bytes, not the declared type), hashes it, writes the row and a JSON sidecar beside the file',
          ],
        },
      ];
    } finally {
      host.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
