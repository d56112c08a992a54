/**
 * Reading generated videos in tests: ffprobe for streams, size and length; ffmpeg for single
 * frames and loudness. Both come from the system (CI installs the ffmpeg package), as the
 * studio's and the demo gateway's ffmpeg do.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ffmpeg = process.env.ATELIER_FFMPEG ?? 'ffmpeg';

export interface VideoFacts {
  width: number;
  height: number;
  /** Container duration in seconds. */
  duration: number;
  videoCodec: string;
  /** Codec of the audio stream, if there is one. */
  audioCodec: string | undefined;
}

interface ProbeOutput {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration: string };
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

/** Streams, size and duration as ffprobe reads them. */
export function probeVideo(bytes: Buffer): Promise<VideoFacts> {
  return withFile(bytes, async (path) => {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', path]);
    const probed = JSON.parse(stdout) as ProbeOutput;
    const video = probed.streams.find((stream) => stream.codec_type === 'video');
    const audio = probed.streams.find((stream) => stream.codec_type === 'audio');
    if (!video) throw new Error('no video stream');
    return {
      width: video.width ?? 0,
      height: video.height ?? 0,
      duration: Number(probed.format.duration),
      videoCodec: video.codec_name,
      audioCodec: audio?.codec_name,
    };
  });
}

/** The frame at `seconds` as PNG bytes. */
export function frameAt(bytes: Buffer, seconds: number): Promise<Buffer> {
  return withFile(bytes, async (path) => {
    const { stdout } = await run(ffmpeg, ['-v', 'error', '-ss', String(seconds), '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  });
}

/** Mean loudness of the audio in dB (about -91 for silence). */
export function meanVolume(bytes: Buffer): Promise<number> {
  return withFile(bytes, async (path) => {
    const { stderr } = await run(ffmpeg, ['-hide_banner', '-i', path, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-']);
    const match = /mean_volume:\s*(-?[\d.]+) dB/.exec(stderr);
    if (!match) throw new Error(`no volume reading in:\n${stderr.slice(-500)}`);
    return Number(match[1]);
  });
}
