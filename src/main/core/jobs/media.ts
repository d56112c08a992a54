/**
 * What a downloaded file really is, read from its bytes (never from the declared type): images
 * through sharp (which reads magic bytes and decodes the header), videos by their container
 * signature and ffmpeg's description of the stream; and thumbnails (sharp webp for images, an
 * ffmpeg poster frame turned into webp for videos).
 */
import { execFile } from 'node:child_process';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { temporaryPathFor, type AssetKind } from '../library';

/** What the library records about a media file. */
export interface MediaInfo {
  kind: AssetKind;
  mime: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/** The bytes are not the media the job asked for (an error page, a truncated file, another type). */
export class InvalidMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMediaError';
  }
}

const IMAGE_MIME: Readonly<Record<string, string>> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** Longest side of a thumbnail. */
export const THUMB_SIZE = 512;

/** The ffmpeg binary shipped with the app (`@ffmpeg-installer/ffmpeg`), else `ffmpeg` from the PATH. */
export function bundledFfmpegPath(): string {
  try {
    const require = createRequire(import.meta.url);
    const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
    // In an installed app the binary is unpacked beside the archive: it cannot run from inside it.
    return installer.path.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  } catch {
    return 'ffmpeg';
  }
}

async function headOf(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The container of a video file from its signature, or undefined. */
export function videoMimeOf(head: Buffer): string | undefined {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    return head.subarray(8, 12).toString('latin1') === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  return undefined;
}

interface FfmpegRun {
  stdout: Buffer;
  stderr: string;
  failed: boolean;
  /** ffmpeg could not be started at all (not installed where expected). */
  missing: boolean;
}

function runFfmpeg(ffmpeg: string, args: readonly string[]): Promise<FfmpegRun> {
  return new Promise((resolve) => {
    execFile(ffmpeg, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }, (error, stdout, stderr) => {
      const missing = error !== null && (error as NodeJS.ErrnoException).code === 'ENOENT';
      resolve({ stdout, stderr: stderr.toString('utf8'), failed: error !== null, missing });
    });
  });
}

/** Duration and frame size as ffmpeg describes the input (`Duration: 00:00:01.00`, `Video: h264 ..., 1280x720`). */
export function parseFfmpegDescription(text: string): { durationMs: number | null; width: number | null; height: number | null } {
  const duration = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(text);
  const size = /Stream #[^\n]*Video:[^\n]*?[\s,](\d{2,5})x(\d{2,5})[\s,[]/.exec(text);
  const durationMs = duration ? Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000) : null;
  return { durationMs, width: size ? Number(size[1]) : null, height: size ? Number(size[2]) : null };
}

export class MediaInspector {
  constructor(private readonly ffmpegPath: string = bundledFfmpegPath()) {}

  /** Reads the media at `path`; throws InvalidMediaError when it is not an `expected` file. */
  async probe(path: string, expected: AssetKind): Promise<MediaInfo> {
    return expected === 'image' ? this.probeImage(path) : this.probeVideo(path);
  }

  private async probeImage(path: string): Promise<MediaInfo> {
    let meta: Metadata;
    try {
      meta = await sharp(path).metadata();
    } catch (error) {
      const head = await headOf(path, 64);
      const text = head.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 60);
      throw new InvalidMediaError(`The result is not a readable image${text ? ` (it starts with "${text}")` : ''}: ${(error as Error).message}`);
    }
    const mime = IMAGE_MIME[meta.format];
    if (mime === undefined) throw new InvalidMediaError(`The result is a ${meta.format} file, not a PNG, JPEG, WebP or GIF image.`);
    return { kind: 'image', mime, width: meta.width, height: meta.height, durationMs: null };
  }

  private async probeVideo(path: string): Promise<MediaInfo> {
    const mime = videoMimeOf(await headOf(path, 16));
    if (mime === undefined) throw new InvalidMediaError('The result is not a video file (no MP4, QuickTime or WebM signature).');
    const described = await runFfmpeg(this.ffmpegPath, ['-hide_banner', '-i', path]);
    // Without ffmpeg the container signature is all we can check; the video is still saved.
    if (described.missing) return { kind: 'video', mime, width: null, height: null, durationMs: null };
    const info = parseFfmpegDescription(described.stderr);
    if (info.width === null) throw new InvalidMediaError('The video file has no readable video stream (it may be truncated).');
    return { kind: 'video', mime, ...info };
  }

  /** Writes a webp thumbnail of the media to `target`; false when none could be made (not fatal). */
  async thumbnail(source: string, kind: AssetKind, target: string): Promise<boolean> {
    try {
      let input: Buffer | string = source;
      if (kind === 'video') {
        const frame = await runFfmpeg(this.ffmpegPath, ['-v', 'error', '-i', source, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1']);
        if (frame.failed || frame.stdout.length === 0) return false;
        input = frame.stdout;
      }
      await mkdir(dirname(target), { recursive: true });
      const temporary = temporaryPathFor(target);
      try {
        await sharp(input, { animated: false })
          .rotate()
          .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toFile(temporary);
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
      return true;
    } catch {
      return false;
    }
  }
}
