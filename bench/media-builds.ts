/**
 * The cost of the WebAssembly builds against native ones, in the same run. The image library's
 * (what runs inside Electron) against native libvips (web mode, the CLI): the studio's own image
 * work (reading an image's facts, a gallery thumbnail, the upload preview) and a
 * demo-gateway-sized render. ffmpeg's (what runs without a system ffmpeg) against a system ffmpeg:
 * a poster, a video's facts and the demo gateway's encode. Native is the baseline of each pair.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadImageLibrary, type ImageBuild } from '../src/main/core/media/image-library';
import { locateFfmpeg, NO_FFMPEG } from '../src/main/core/media/ffmpeg-locator';
import { probeVideoFile } from '../src/main/core/media/video-probe';
import { VideoTools } from '../src/main/core/media/video-tools';
import { WasmFfmpeg } from '../src/main/core/media/wasm-ffmpeg';
import { videoEncoder } from '../src/simulator/media/ffmpeg';
import type { VideoRecipe } from '../src/simulator/media/recipes';
import { encodeVideo } from '../src/simulator/media/video-encode';
import { posterPng } from '../src/simulator/media/video-poster';
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

/** The seconds and size of the demo video the encode rows make. */
const DEMO_VIDEO = { width: 1280, height: 720, seconds: 4 };

/**
 * Video work on ffmpeg compiled to WebAssembly (what runs without a system ffmpeg) against a
 * system ffmpeg of 5.1 or newer: a poster, a video's facts and the demo gateway's encode. Without a
 * system ffmpeg the native rows are left out and say so in the notes.
 */
async function videoTables(folder: string, effort: Effort): Promise<Table[]> {
  const native = await locateFfmpeg();
  const binary = native.state === 'ready' ? native.path : null;
  const skipped = binary === null ? 'skipped: no system ffmpeg' : undefined;
  const wasm = new WasmFfmpeg();
  try {
    const video = join(folder, 'clip.mp4');
    const made = await wasm.run({
      program: 'ffmpeg',
      args: ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=s=1280x720:r=24:d=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', 'clip.mp4'],
      inputs: {},
      outputs: ['clip.mp4'],
    });
    const bytes = made.ok ? made.outputs['clip.mp4'] : undefined;
    if (bytes === undefined) throw new Error(`the WebAssembly ffmpeg made no sample video: ${made.ok ? made.log.slice(-3).join(' | ') : made.detail}`);
    writeFileSync(video, bytes);
    const head = bytes.subarray(0, 64);
    const onWasm = new VideoTools({ ffmpeg: NO_FFMPEG, wasm, only: 'wasm' });
    const onNative = binary === null ? undefined : new VideoTools({ ffmpeg: native, only: 'native' });
    const factsArgs = ['-v', 'error', '-show_entries', 'stream=codec_name,width,height,avg_frame_rate:format=duration', '-of', 'json'];

    const posterAndFacts: Contender[] = [
      { label: 'poster of a 10 s 720p MP4, WebAssembly', operation: () => onWasm.poster(video) },
      {
        label: 'facts of it: WebAssembly ffprobe',
        operation: () => wasm.run({ program: 'ffprobe', args: [...factsArgs, 'clip.mp4'], inputs: { 'clip.mp4': bytes }, outputs: [] }),
      },
      { label: 'facts of it: JavaScript parsers (what the studio reads)', operation: () => probeVideoFile(video, head) },
    ];
    if (onNative !== undefined && binary !== null) {
      posterAndFacts.push(
        { label: 'poster of it, system ffmpeg', operation: () => onNative.poster(video) },
        { label: 'facts of it: system ffmpeg -i', operation: () => exec(binary, ['-hide_banner', '-i', video]).catch(() => undefined) },
      );
    }
    const [wasmPoster, wasmFacts, parsedFacts, nativePoster, nativeFacts] = await compare(posterAndFacts, { ...effort, warmup: 1 });

    const poster = await posterPng(demoRecipe(), () => Promise.resolve(undefined));
    const request = { poster, ...DEMO_VIDEO, audio: true, accent: { r: 230, g: 120, b: 60 }, seed: 'bench' };
    const encoders: Contender[] = [
      {
        label: `demo video ${DEMO_VIDEO.seconds} s ${DEMO_VIDEO.width}x${DEMO_VIDEO.height} with sound, WebAssembly`,
        operation: () => encodeVideo(videoEncoder(null), request),
      },
    ];
    if (binary !== null) encoders.push({ label: 'the same, system ffmpeg', operation: () => encodeVideo(videoEncoder(binary), request) });
    const [wasmEncode, nativeEncode] = await compare(encoders, { iterations: Math.min(effort.iterations, 8), budgetMs: effort.budgetMs * 3, warmup: 1 });

    // With a system ffmpeg, it is each pair's baseline; without one, the WebAssembly rows stand alone.
    const rows: Row[] = [];
    if (nativePoster !== undefined && wasmPoster !== undefined) rows.push({ stats: nativePoster }, { stats: wasmPoster, raw: nativePoster });
    else if (wasmPoster !== undefined) rows.push({ stats: wasmPoster });
    if (nativeFacts !== undefined && wasmFacts !== undefined && parsedFacts !== undefined) {
      rows.push({ stats: nativeFacts }, { stats: wasmFacts, raw: nativeFacts }, { stats: parsedFacts, raw: nativeFacts });
    } else if (wasmFacts !== undefined && parsedFacts !== undefined) rows.push({ stats: wasmFacts }, { stats: parsedFacts, raw: wasmFacts });
    if (nativeEncode !== undefined && wasmEncode !== undefined) rows.push({ stats: nativeEncode }, { stats: wasmEncode, raw: nativeEncode });
    else if (wasmEncode !== undefined) rows.push({ stats: wasmEncode });
    const notes = [
      "poster: the first frame scaled to 512 px as PNG, the studio's own arguments, a fresh WebAssembly instance per call (compiled once per worker)",
      "demo video: the demo gateway's encode of a 1280x720 poster (one 3 s loop of motion, repeated to the length, an AAC chord), poster drawn once",
    ];
    if (skipped !== undefined) {
      notes.push(`poster of it, system ffmpeg: ${skipped}`, `facts of it: system ffmpeg -i: ${skipped}`, `the same demo video, system ffmpeg: ${skipped}`);
      notes.push('without a system ffmpeg there is no native baseline: the facts row of the JavaScript parsers is compared with the WebAssembly ffprobe');
    }
    return [{ title: 'Video work: ffmpeg in WebAssembly (no system binary) vs a system ffmpeg', rows, notes }];
  } finally {
    await wasm.close();
  }
}

/** The recipe of the demo video the encode rows make. */
function demoRecipe(): VideoRecipe {
  return {
    kind: 'video',
    model: 'vid-2',
    prompt: 'a paper boat on a pond at dawn',
    index: 0,
    count: 1,
    ...DEMO_VIDEO,
    audio: true,
    characters: [],
    createsCharacter: false,
  };
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
        title: 'Image library: WebAssembly build (inside Electron) vs native libvips (plain Node)',
        rows: await imageRows(folder, effort),
        notes: [
          `loading the WebAssembly build (compiling its module) took ${wasmLoadMs.toFixed(0)} ms, once per process`,
          'each wasm row is compared with the native row above it; both builds are loaded in this one process',
        ],
      },
    ];
    tables.push(...(await videoTables(folder, effort)));
    return tables;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
