/**
 * Reading and making videos in tests without any system binary: the studio's JavaScript container
 * parser (mp4box) for streams, size and length, and ffmpeg compiled to WebAssembly for single
 * frames, loudness and test clips, as the studio itself works on a machine without ffmpeg.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeVideoFile } from '../../src/main/core/media/video-probe';
import { WasmFfmpeg } from '../../src/main/core/media/wasm-ffmpeg';

export interface VideoFacts {
  width: number;
  height: number;
  /** Container duration in seconds. */
  duration: number;
  /** `h264`, `hevc`, ... (from the sample entry: `avc1...` reads as `h264`). */
  videoCodec: string;
  /** Codec of the audio stream, if there is one (`aac` for `mp4a.40.*`). */
  audioCodec: string | undefined;
}

const CODEC_NAMES: Record<string, string> = { avc1: 'h264', avc3: 'h264', hvc1: 'hevc', hev1: 'hevc', mp4a: 'aac', av01: 'av1', vp09: 'vp9' };

function codecName(entry: string): string {
  const fourcc = entry.split('.')[0] ?? entry;
  return CODEC_NAMES[fourcc] ?? fourcc;
}

async function withFile<T>(bytes: Buffer, work: (path: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), 'atelier-video-test-'));
  try {
    const path = join(folder, 'video.mp4');
    writeFileSync(path, bytes);
    return await work(path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Streams, size and duration as the container says. */
export function probeVideo(bytes: Buffer): Promise<VideoFacts> {
  return withFile(bytes, async (path) => {
    const facts = await probeVideoFile(path, bytes.subarray(0, 64));
    if (facts?.videoCodec == null) throw new Error('no video stream');
    return {
      width: facts.width ?? 0,
      height: facts.height ?? 0,
      duration: (facts.durationMs ?? 0) / 1000,
      videoCodec: codecName(facts.videoCodec),
      audioCodec: facts.audioCodec === null ? undefined : codecName(facts.audioCodec),
    };
  });
}

const wasm = new WasmFfmpeg();

/** Runs the WebAssembly ffmpeg on `bytes` (named `input.mp4`); the named output and the log. */
async function runOn(bytes: Buffer, args: string[], output?: string): Promise<{ output: Buffer | undefined; log: string[] }> {
  const run = await wasm.run({ program: 'ffmpeg', args, inputs: { 'input.mp4': bytes }, outputs: output === undefined ? [] : [output] });
  if (!run.ok) throw new Error(`ffmpeg (WebAssembly): ${run.reason}: ${run.detail}`);
  return { output: output === undefined ? undefined : run.outputs[output], log: run.log };
}

/** The frame at `seconds` as PNG bytes. */
export async function frameAt(bytes: Buffer, seconds: number): Promise<Buffer> {
  const { output, log } = await runOn(
    bytes,
    ['-v', 'error', '-ss', String(seconds), '-i', 'input.mp4', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'frame.png'],
    'frame.png',
  );
  if (output === undefined) throw new Error(`no frame at ${seconds} s:\n${log.slice(-5).join('\n')}`);
  return output;
}

/** Mean loudness of the audio in dB (about -91 for silence). */
export async function meanVolume(bytes: Buffer): Promise<number> {
  const { log } = await runOn(bytes, ['-hide_banner', '-i', 'input.mp4', '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-']);
  const line = log.find((entry) => /mean_volume:/.test(entry)) ?? '';
  const match = /mean_volume:\s*(-?[\d.]+) dB/.exec(line);
  if (!match) throw new Error(`no volume reading in:\n${log.slice(-5).join('\n')}`);
  return Number(match[1]);
}

/**
 * Encodes a test video with the WebAssembly ffmpeg: `args` name their inputs (lavfi sources) and
 * end before the output, whose name (`made.mp4`, `made.webm`, ...) chooses the container.
 */
export async function makeVideo(args: string[], name = 'made.mp4'): Promise<Buffer> {
  const run = await wasm.run({ program: 'ffmpeg', args: ['-v', 'error', ...args, name], inputs: {}, outputs: [name] });
  const made = run.ok && run.code === 0 ? run.outputs[name] : undefined;
  if (made === undefined) throw new Error(`ffmpeg (WebAssembly) made no video: ${run.ok ? run.log.slice(-5).join('\n') : run.detail}`);
  return made;
}
