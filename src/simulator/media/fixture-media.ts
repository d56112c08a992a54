import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VideoEncoder } from './ffmpeg';
import { sharp } from './image-library';
import { hex, paletteOf } from './palette';
import type { ImageEncoding, ImageRecipe, RenderRecipe, VideoRecipe } from './recipes';
import { recipeKey } from './recipes';
import { VIDEO_FPS } from './video-encode';

/**
 * Fixture media (the `media: 'fixture'` option): results with the size, encoding, length and
 * sound a request asked for, but nothing drawn on them, for tests that do not look at what a
 * result shows. Pictures are one seeded colour; videos are one clip per size, length and sound,
 * encoded once and reused. Every result still differs in its bytes from every other (a row of
 * marker pixels, or a trailing MP4 box naming the recipe), so nothing downstream mistakes two
 * results for one file.
 */

/** Pixels at the top left that carry the first 30 bytes of the recipe's hash. */
const MARKER_PIXELS = 10;

/** The recipe's hash (32 bytes). */
function markerOf(recipe: RenderRecipe): Buffer {
  return Buffer.from(recipeKey(recipe), 'hex');
}

/** A flat picture of `colour` with the marker row, encoded as asked. */
async function flatPicture(width: number, height: number, colour: string, marker: Buffer, encoding: ImageEncoding, quality: number): Promise<Buffer> {
  // The marker sits in the first row, as far as the picture is wide.
  const markerWidth = Math.min(MARKER_PIXELS, width);
  const markerPixels = marker.subarray(0, markerWidth * 3);
  const image = sharp(markerPixels, { raw: { width: markerWidth, height: 1, channels: 3 } }).extend({
    right: width - markerWidth,
    bottom: height - 1,
    background: colour,
  });
  switch (encoding) {
    case 'png':
      return image.png({ compressionLevel: 1 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality }).toBuffer();
    case 'webp':
      return image.webp({ quality }).toBuffer();
  }
}

/** A top-level MP4 `free` box holding `payload`: players and probes skip it. */
function freeBox(payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write('free', 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/**
 * ffmpeg commands of a flat clip of the given size, length and sound: one second (or less) is
 * encoded, then repeated by stream copy to the full length, which keeps a 15 s clip as quick to
 * make as a 1 s one (encoding is most of the time on the WebAssembly build).
 */
function clipCommands(width: number, height: number, seconds: number, audio: boolean): string[][] {
  const encodeSeconds = Math.min(1, seconds);
  const first = [
    ...['-f', 'lavfi', '-i', `color=c=0x5a6b7c:s=${width}x${height}:r=${VIDEO_FPS}:d=${encodeSeconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mp4', 'second.mp4'],
  ];
  const full = ['-stream_loop', '-1', '-i', 'second.mp4'];
  if (audio) full.push('-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=44100:duration=${seconds}`);
  full.push('-map', '0:v', '-c:v', 'copy');
  if (audio) full.push('-map', '1:a', '-c:a', 'aac', '-b:a', '32k', '-ac', '1');
  full.push('-t', String(seconds), '-movflags', '+faststart', '-f', 'mp4', 'clip.mp4');
  return [first, full];
}

/**
 * Clips already encoded in this process, by their commands: every demo gateway of the process
 * (a test worker runs many) shares them.
 */
const encodedClips = new Map<string, Promise<Buffer>>();

/**
 * A folder where clips are kept across processes (`ATELIER_DEMO_FIXTURE_CLIPS`): a test run sets
 * it, so each clip is encoded once per run rather than once per demo gateway and child process.
 */
function clipFolder(): string | undefined {
  const folder = process.env.ATELIER_DEMO_FIXTURE_CLIPS;
  return folder === undefined || folder === '' ? undefined : folder;
}

/** The clip of `commands` from the folder, or encoded and then left there (written whole, then renamed). */
async function keptClip(folder: string, name: string, encode: () => Promise<Buffer>): Promise<Buffer> {
  const file = join(folder, `${name}.mp4`);
  const kept = await readFile(file).catch(() => undefined);
  if (kept !== undefined) return kept;
  const clip = await encode();
  await mkdir(folder, { recursive: true });
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(partial, clip);
  await rename(partial, file);
  return clip;
}

/** Makes fixture results; clips are encoded once per size, length and sound and kept. */
export class FixtureMedia {
  constructor(private readonly encoder: VideoEncoder) {}

  image(recipe: ImageRecipe): Promise<Buffer> {
    const quality = Math.min(100, Math.max(1, Math.round(recipe.quality ?? 90)));
    const seed = `${recipe.model}\u0000${recipe.prompt}\u0000${recipe.index}`;
    return flatPicture(recipe.width, recipe.height, hex(paletteOf(seed).accent), markerOf(recipe), recipe.encoding, quality);
  }

  /** A PNG of `width` x `height` (video stills and profile pictures). */
  picture(recipe: RenderRecipe, width: number, height: number): Promise<Buffer> {
    const marker = markerOf(recipe);
    return flatPicture(width, height, hex(paletteOf(marker.toString('hex')).accent), marker, 'png', 90);
  }

  async video(recipe: VideoRecipe): Promise<Buffer> {
    const clip = await this.clip(recipe.width, recipe.height, recipe.seconds, recipe.audio);
    return Buffer.concat([clip, freeBox(Buffer.from(`atelier-fixture ${recipeKey(recipe)}`, 'latin1'))]);
  }

  private clip(width: number, height: number, seconds: number, audio: boolean): Promise<Buffer> {
    const commands = clipCommands(width, height, seconds, audio);
    // Named by the commands themselves: a change to how clips are made never reads an old one.
    const name = createHash('sha256').update(JSON.stringify(commands)).digest('hex').slice(0, 32);
    let clip = encodedClips.get(name);
    if (clip === undefined) {
      const encode = (): Promise<Buffer> => this.encoder(commands, {}, 'clip.mp4');
      const folder = clipFolder();
      clip = folder === undefined ? encode() : keptClip(folder, name, encode);
      // A failed encode is tried again by the next request rather than kept.
      void clip.catch(() => encodedClips.delete(name));
      encodedClips.set(name, clip);
    }
    return clip;
  }
}
