import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Pre-made 1-second H.264 clips (resources/sim-video, made by scripts/make-sim-videos.sh),
 * one per output size any video variant can produce. ffmpeg is not available where the
 * simulator runs, so results are these clips, chosen by size.
 */

/** Every video size the simulator can serve, as `<width>x<height>`. */
export const VIDEO_FIXTURE_SIZES = [
  '1280x720',
  '720x1280',
  '1920x1080',
  '1080x1920',
  '720x720',
  '1080x1080',
] as const;

export type VideoSize = (typeof VIDEO_FIXTURE_SIZES)[number];

/** Whether a `<width>x<height>` string is a size the simulator has a clip for. */
export function isVideoSize(size: string): size is VideoSize {
  return (VIDEO_FIXTURE_SIZES as readonly string[]).includes(size);
}

/** Width and height of a `<width>x<height>` size. */
export function videoDimensions(size: VideoSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number);
  return { width: width ?? 0, height: height ?? 0 };
}

/**
 * Where the clips live: the given folder, else `resources/sim-video` found by walking up from
 * this module (works from the source tree and from a bundled build inside the repo).
 */
export function findVideoFixtureDir(explicitDir?: string): string {
  if (explicitDir !== undefined) return explicitDir;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'resources', 'sim-video');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return path.join(process.cwd(), 'resources', 'sim-video');
    dir = parent;
  }
}

/** Loads clips once and hands out the same bytes for every result of a size. */
export class VideoFixtures {
  private readonly loaded = new Map<VideoSize, Promise<Buffer>>();

  constructor(private readonly dir: string) {}

  /** The MP4 bytes of the clip of this size. */
  clip(size: VideoSize): Promise<Buffer> {
    let clip = this.loaded.get(size);
    if (clip === undefined) {
      clip = readFile(path.join(this.dir, `${size}.mp4`));
      this.loaded.set(size, clip);
    }
    return clip;
  }
}
