/**
 * The cost of the image library's WebAssembly build (what runs inside Electron on Linux) against
 * native libvips (everywhere else), in the same run: the studio's own image work (reading an
 * image's facts, a gallery thumbnail, the upload preview) and a demo-gateway-sized render. Native
 * is the baseline of each pair. Also video facts from the JavaScript container parsers against
 * asking ffmpeg, as the studio did before.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadImageLibrary, type ImageBuild } from '../src/main/core/media/image-library';
import { locateFfmpeg } from '../src/main/core/media/ffmpeg-locator';
import { probeVideoFile } from '../src/main/core/media/video-probe';
import { sized, type BenchContext } from './context';
import { compare, type Contender } from './measure';
import type { Row, Table } from './table';

/** Calls per row and the time they may take (fewer with --quick). */
interface Effort {
  iterations: number;
  budgetMs: number;
}

const exec = promisify(execFile);

/** Native then WebAssembly contenders of one operation. */
function pair(label: string, operation: (build: ImageBuild) => () => Promise<unknown>): [Contender, Contender] {
  return [
    { label: `${label}, native`, operation: operation('native') },
    { label: `${label}, wasm`, operation: operation('wasm') },
  ];
}

async function imageRows(folder: string, effort: Effort): Promise<Row[]> {
  const native = loadImageLibrary('native');
  const photo = join(folder, 'photo.jpg');
  // A 2048x2048 JPEG with detail (noise over a gradient), like a generated result.
  await native({ create: { width: 2048, height: 2048, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toFile(photo);
  const cases = [
    pair('metadata of a 2048x2048 JPEG', (build) => () => loadImageLibrary(build)(photo).metadata()),
    pair(
      '512 px WebP thumbnail of it',
      (build) => () => loadImageLibrary(build)(photo).rotate().resize(512, 512, { fit: 'inside' }).webp({ quality: 80 }).toBuffer(),
    ),
    pair(
      '320 px upload preview, decoded to the end',
      (build) => () => loadImageLibrary(build)(photo, { failOn: 'error' }).resize(320, 320, { fit: 'inside' }).webp({ quality: 75 }).toBuffer(),
    ),
    pair('1920x1080 demo render (gradient, composite, PNG)', (build) => async () => {
      const sharp = loadImageLibrary(build);
      const small = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#884422', noise: { type: 'gaussian', mean: 100, sigma: 30 } } })
        .png()
        .toBuffer();
      const panel = await sharp({ create: { width: 1600, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
        .png()
        .toBuffer();
      return sharp(small)
        .resize(1920, 1080, { kernel: 'cubic' })
        .composite([{ input: panel, left: 160, top: 700 }])
        .png({ compressionLevel: 2 })
        .toBuffer();
    }),
  ];
  const rows: Row[] = [];
  for (const contenders of cases) {
    const [nativeStats, wasmStats] = await compare(contenders, { ...effort, warmup: 2 });
    rows.push({ stats: nativeStats }, { stats: wasmStats, raw: nativeStats });
  }
  return rows;
}

async function videoRows(folder: string, effort: Effort): Promise<Row[] | undefined> {
  const ffmpeg = await locateFfmpeg();
  if (ffmpeg.state !== 'ready' || ffmpeg.path === null) return undefined;
  const binary = ffmpeg.path;
  const video = join(folder, 'clip.mp4');
  await exec(binary, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=s=1280x720:r=24:d=10',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
  const head = readFileSync(video).subarray(0, 64);
  const [asked, parsed] = await compare(
    [
      { label: 'facts of a 10 s 720p MP4 from `ffmpeg -i`', operation: () => exec(binary, ['-hide_banner', '-i', video]).catch(() => undefined) },
      { label: 'facts of it from the JavaScript parsers', operation: () => probeVideoFile(video, head) },
    ],
    { ...effort, warmup: 2 },
  );
  return [{ stats: asked }, { stats: parsed, raw: asked }];
}

export async function run(context: BenchContext): Promise<Table[]> {
  const effort: Effort = sized(context, { iterations: 20, budgetMs: 8_000 }, { iterations: 6, budgetMs: 2_000 });
  const folder = mkdtempSync(join(tmpdir(), 'atelier-bench-builds-'));
  try {
    const started = process.hrtime.bigint();
    loadImageLibrary('wasm');
    const wasmLoadMs = Number(process.hrtime.bigint() - started) / 1e6;
    const tables: Table[] = [
      {
        title: 'Image library: WebAssembly build (Electron on Linux) vs native libvips (elsewhere)',
        rows: await imageRows(folder, effort),
        notes: [
          `loading the WebAssembly build (compiling its module) took ${wasmLoadMs.toFixed(0)} ms, once per process`,
          'each wasm row is compared with the native row above it; both builds are loaded in this one process',
        ],
      },
    ];
    const video = await videoRows(folder, effort);
    if (video)
      tables.push({
        title: 'Video facts: JavaScript container parsers vs asking ffmpeg',
        rows: video,
        notes: ['the parsers read the moov box only; ffmpeg also starts a process'],
      });
    return tables;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
