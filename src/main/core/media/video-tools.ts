/**
 * The one module of video work in core: posters, frame grabs and video facts. Facts come from the
 * JavaScript container parsers (and the WebAssembly ffprobe where they cannot say the frame
 * rate); frames are decoded by ffmpeg compiled to WebAssembly in a worker, which needs nothing
 * installed. A system ffmpeg of 5.1 or newer is an optional accelerator: where one is found, each
 * task (poster, frame) goes to whichever build has been measured faster at it on this machine.
 */
import { readFile, stat } from 'node:fs/promises';
import { createLogger } from '../log';
import { locateFfmpeg, type FfmpegTool } from './ffmpeg-locator';
import { frameArguments, FRAME_LIMITS, posterArguments, POSTER_LIMITS, runLimited, type SandboxLimits } from './ffmpeg-sandbox';
import { headOf } from './images';
import { THUMB_SIZE } from './media-info';
import { containerFamilyOf, probeVideoFile, type VideoFacts } from './video-probe';
import { WasmFfmpeg, type WasmJobLimits } from './wasm-ffmpeg';

const log = createLogger('video');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** How far back to look for the last frame when none starts at the time asked for (frame rates down to 1 per second). */
const END_STEPS_MS = [100, 250, 500, 1000];
/** Larger videos are not copied into the WebAssembly build's memory (the native accelerator may still read them). */
const WASM_INPUT_LIMIT = 512 * 1024 * 1024;

/** The ffmpeg to accelerate with, or how to find it (asked once, when first needed). */
export type FfmpegSource = FfmpegTool | (() => Promise<FfmpegTool>);

export type VideoTask = 'poster' | 'frame';
export type VideoBuild = 'wasm' | 'native';

/** Every this many runs of a task, the slower build runs once more, so a changed machine is noticed. */
const RESAMPLE_EVERY = 25;

/** Per task, the mean time of each build on this machine; picks the faster, trying each at least once. */
export class BuildChoice {
  private readonly times = new Map<string, { mean: number; runs: number }>();
  private readonly counts = new Map<VideoTask, number>();

  choose(task: VideoTask, available: readonly VideoBuild[]): VideoBuild {
    const count = (this.counts.get(task) ?? 0) + 1;
    this.counts.set(task, count);
    const measured = available.map((build) => ({ build, time: this.times.get(`${task}:${build}`) }));
    const untried = measured.find((entry) => entry.time === undefined);
    if (untried !== undefined) return untried.build;
    const ranked = measured.sort((a, b) => (a.time?.mean ?? 0) - (b.time?.mean ?? 0));
    const pick = count % RESAMPLE_EVERY === 0 ? ranked[ranked.length - 1] : ranked[0];
    return pick?.build ?? 'wasm';
  }

  record(task: VideoTask, build: VideoBuild, ms: number): void {
    const key = `${task}:${build}`;
    const previous = this.times.get(key);
    // The first run of the WebAssembly build includes compiling it; later runs soon outweigh it.
    const mean = previous === undefined ? ms : previous.mean * 0.7 + ms * 0.3;
    this.times.set(key, { mean, runs: (previous?.runs ?? 0) + 1 });
  }

  /** The build each task runs on now (for Settings and the benchmarks). */
  preferred(task: VideoTask): VideoBuild | undefined {
    const wasm = this.times.get(`${task}:wasm`);
    const native = this.times.get(`${task}:native`);
    if (native === undefined || wasm === undefined) return wasm !== undefined ? 'wasm' : native !== undefined ? 'native' : undefined;
    return native.mean < wasm.mean ? 'native' : 'wasm';
  }
}

let processWasm: WasmFfmpeg | undefined;

/** The process's one WebAssembly worker (started on first use, stopped when idle). */
function sharedWasmFfmpeg(): WasmFfmpeg {
  processWasm ??= new WasmFfmpeg();
  return processWasm;
}

export interface VideoToolsOptions {
  /** The native accelerator; `locateFfmpeg()` when not given. */
  ffmpeg?: FfmpegSource | undefined;
  wasm?: WasmFfmpeg;
  /** `wasm` or `native` runs every task on that build (benchmarks; tests of one build). */
  only?: VideoBuild;
  posterLimits?: SandboxLimits;
  wasmLimits?: Partial<WasmJobLimits>;
}

/** A decoded frame: PNG bytes and the moment it shows. */
export interface VideoFrame {
  png: Buffer;
  atMs: number;
}

export class VideoTools {
  private native: Promise<FfmpegTool> | undefined;
  private readonly choice = new BuildChoice();

  constructor(private readonly options: VideoToolsOptions = {}) {}

  /** Length, size, codecs and frame rate; undefined when the file is no readable video. */
  async facts(path: string): Promise<VideoFacts | undefined> {
    const head = await headOf(path, 64);
    const facts = await probeVideoFile(path, head);
    if (facts === undefined || facts.framesPerSecond !== null) return facts;
    return { ...facts, framesPerSecond: await this.probedFrameRate(path) };
  }

  /** The first frame, scaled to fit a thumbnail, as PNG; undefined when none can be decoded. */
  async poster(path: string): Promise<Buffer | undefined> {
    const family = containerFamilyOf(await headOf(path, 64));
    if (family === undefined) return undefined;
    const limits = this.options.posterLimits ?? POSTER_LIMITS;
    return this.decode('poster', path, (input, output) => posterArguments(input, family, THUMB_SIZE, limits, output), limits);
  }

  /**
   * The frame a paused player shows at `atMs` (the last one when `atMs` is at or past the end), at
   * the video's own size.
   */
  async frame(path: string, atMs: number): Promise<VideoFrame | undefined> {
    const family = containerFamilyOf(await headOf(path, 64));
    if (family === undefined) return undefined;
    const grab = (at: number): Promise<Buffer | undefined> =>
      this.decode('frame', path, (input, output) => frameArguments(input, family, at, FRAME_LIMITS, output), FRAME_LIMITS);
    let at = atMs;
    let png = await grab(at);
    // At the very end (where a player stops) no frame starts after the time: the last one is what shows.
    for (const back of END_STEPS_MS) {
      if (png !== undefined || atMs === 0) break;
      at = Math.max(0, atMs - back);
      png = await grab(at);
    }
    return png === undefined ? undefined : { png, atMs: at };
  }

  /** Which builds can run here, and which one each task runs on now. */
  async report(): Promise<{ native: FfmpegTool; poster: VideoBuild | undefined; frame: VideoBuild | undefined }> {
    return { native: await this.nativeTool(), poster: this.choice.preferred('poster'), frame: this.choice.preferred('frame') };
  }

  private nativeTool(): Promise<FfmpegTool> {
    const given = this.options.ffmpeg ?? (() => locateFfmpeg());
    this.native ??= typeof given === 'function' ? given() : Promise.resolve(given);
    return this.native;
  }

  private async builds(path: string): Promise<VideoBuild[]> {
    if (this.options.only !== undefined) return [this.options.only];
    const native = await this.nativeTool();
    const size = (await stat(path)).size;
    const builds: VideoBuild[] = size <= WASM_INPUT_LIMIT ? ['wasm'] : [];
    if (native.state === 'ready' && native.path !== null) builds.push('native');
    return builds;
  }

  /** Runs a decode on the build chosen for `task`; the PNG it wrote, or undefined. */
  private async decode(
    task: VideoTask,
    path: string,
    argumentsFor: (input: string, output: string) => string[],
    limits: SandboxLimits,
  ): Promise<Buffer | undefined> {
    const builds = await this.builds(path);
    if (builds.length === 0) return undefined;
    const build = this.choice.choose(task, builds);
    const started = performance.now();
    const png = build === 'native' ? await this.decodeNative(path, argumentsFor, limits) : await this.decodeWasm(path, argumentsFor);
    this.choice.record(task, build, performance.now() - started);
    return png?.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) === true ? png : undefined;
  }

  private async decodeNative(path: string, argumentsFor: (input: string, output: string) => string[], limits: SandboxLimits): Promise<Buffer | undefined> {
    const native = await this.nativeTool();
    if (native.path === null) return undefined;
    const run = await runLimited(native.path, argumentsFor(path, 'pipe:1'), limits);
    if (!run.ok) log.warn(`native ffmpeg could not decode ${path} (${run.reason}): ${run.detail.slice(0, 300)}`);
    return run.ok && run.stdout.length > 0 ? run.stdout : undefined;
  }

  private async decodeWasm(path: string, argumentsFor: (input: string, output: string) => string[]): Promise<Buffer | undefined> {
    const wasm = this.options.wasm ?? sharedWasmFfmpeg();
    const run = await wasm.run(
      { program: 'ffmpeg', args: argumentsFor('/input', '/frame.png'), inputs: { '/input': await readFile(path) }, outputs: ['/frame.png'] },
      this.options.wasmLimits,
    );
    if (!run.ok) log.warn(`WebAssembly ffmpeg could not decode ${path} (${run.reason}): ${run.detail.slice(0, 300)}`);
    else if (run.code !== 0) log.warn(`WebAssembly ffmpeg could not decode ${path}: ${run.log.slice(-3).join(' | ').slice(0, 300)}`);
    const png = run.ok && run.code === 0 ? run.outputs['/frame.png'] : undefined;
    return png !== undefined && png.length > 0 ? png : undefined;
  }

  /** The video stream's average frame rate, as the WebAssembly ffprobe reads it (WebM, Matroska). */
  private async probedFrameRate(path: string): Promise<number | null> {
    if ((await stat(path)).size > WASM_INPUT_LIMIT) return null;
    const wasm = this.options.wasm ?? sharedWasmFfmpeg();
    const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=avg_frame_rate', '-of', 'csv=p=0', '-o', '/facts.txt', '/input'];
    const run = await wasm.run({ program: 'ffprobe', args, inputs: { '/input': await readFile(path) }, outputs: ['/facts.txt'] }, this.options.wasmLimits);
    const text = run.ok ? (run.outputs['/facts.txt']?.toString('utf8') ?? '') : '';
    const rate = /^(\d+)\/(\d+)/.exec(text.trim());
    if (rate === null || Number(rate[2]) === 0) return null;
    const value = Number(rate[1]) / Number(rate[2]);
    return value >= 1 && value <= 240 ? Math.round(value * 1000) / 1000 : null;
  }
}
