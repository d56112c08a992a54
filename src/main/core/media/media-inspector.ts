/**
 * What a downloaded result really is, read from its bytes (never from the declared type), and its
 * thumbnail. Images go through the image library; videos through the JavaScript container
 * parsers, with ffmpeg run only to decode a poster frame. A video whose poster cannot be made
 * (no current ffmpeg, a damaged file, a container that lies) is still kept: it just has no
 * thumbnail, which the gallery shows as "poster unavailable".
 */
import { createLogger } from '../log';
import type { AssetKind } from '../library';
import { PRIVATE_MODES, type FileModes } from '../private-files';
import { locateFfmpeg, type FfmpegTool } from './ffmpeg-locator';
import { posterArguments, POSTER_LIMITS, runLimited, type SandboxLimits } from './ffmpeg-sandbox';
import { headOf, probeImage, writeThumbnail } from './images';
import { InvalidMediaError, THUMB_SIZE, type MediaInfo } from './media-info';
import { containerFamilyOf, probeVideoFile, VIDEO_MIME } from './video-probe';

const log = createLogger('media');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The ffmpeg for posters, or how to find it (asked once, when the first poster is made). */
export type FfmpegSource = FfmpegTool | (() => Promise<FfmpegTool>);

export interface MediaInspectorOptions {
  /** Located with `locateFfmpeg()` when not given. */
  ffmpeg?: FfmpegSource | undefined;
  posterLimits?: SandboxLimits;
}

export class MediaInspector {
  private ffmpeg: Promise<FfmpegTool> | undefined;
  private readonly source: FfmpegSource;
  private readonly posterLimits: SandboxLimits;

  constructor(options: MediaInspectorOptions = {}) {
    this.source = options.ffmpeg ?? (() => locateFfmpeg());
    this.posterLimits = options.posterLimits ?? POSTER_LIMITS;
  }

  /** Reads the media at `path`; throws InvalidMediaError when it is not an `expected` file. */
  async probe(path: string, expected: AssetKind): Promise<MediaInfo> {
    return expected === 'image' ? probeImage(path) : this.probeVideo(path);
  }

  private async probeVideo(path: string): Promise<MediaInfo> {
    const head = await headOf(path, 64);
    const family = containerFamilyOf(head);
    if (family === undefined) throw new InvalidMediaError('The result is not a video file (no MP4, QuickTime, WebM or Matroska signature).');
    const facts = await probeVideoFile(path, head);
    if (facts === undefined) {
      // The signature is right but the container cannot be read: the paid result is kept as it is.
      log.warn(`${path}: the ${family === 'iso' ? 'MP4' : 'WebM'} container could not be read; kept without its size or length`);
      return { kind: 'video', mime: family === 'iso' ? VIDEO_MIME.mp4 : VIDEO_MIME.webm, width: null, height: null, durationMs: null };
    }
    return {
      kind: 'video',
      mime: VIDEO_MIME[facts.container],
      width: facts.width,
      height: facts.height,
      durationMs: facts.durationMs,
      hasAudio: facts.audioCodec !== null,
    };
  }

  /** Writes a WebP thumbnail of the media to `target`; false when none could be made (not fatal). */
  async thumbnail(source: string, kind: AssetKind, target: string, modes: FileModes = PRIVATE_MODES): Promise<boolean> {
    try {
      const input = kind === 'video' ? await this.posterFrame(source) : source;
      if (input === undefined) return false;
      await writeThumbnail(input, target, modes);
      return true;
    } catch (error) {
      log.warn(`no thumbnail for ${source}: ${(error as Error).message}`);
      return false;
    }
  }

  private async posterFrame(source: string): Promise<Buffer | undefined> {
    const family = containerFamilyOf(await headOf(source, 64));
    if (family === undefined) return undefined;
    const given = this.source;
    this.ffmpeg ??= typeof given === 'function' ? given() : Promise.resolve(given);
    const ffmpeg = await this.ffmpeg;
    if (ffmpeg.state !== 'ready' || ffmpeg.path === null) return undefined;
    const run = await runLimited(ffmpeg.path, posterArguments(source, family, THUMB_SIZE, this.posterLimits), this.posterLimits);
    if (!run.ok) {
      log.warn(`no poster for ${source} (${run.reason}): ${run.detail.slice(0, 300)}`);
      return undefined;
    }
    return run.stdout.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) ? run.stdout : undefined;
  }
}
