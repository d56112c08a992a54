/**
 * What a downloaded result really is, read from its bytes (never from the declared type), and its
 * thumbnail. Images go through the image library; videos through the JavaScript container
 * parsers, with ffmpeg (WebAssembly, or a faster system one) run only to decode a poster frame.
 * A video whose poster cannot be made (a damaged file, a container that lies) is still kept: it just has no
 * thumbnail, which the gallery shows as "poster unavailable".
 */
import { createLogger } from '../log';
import type { AssetKind } from '../library';
import { PRIVATE_MODES, type FileModes } from '../private-files';
import type { SandboxLimits } from './ffmpeg-sandbox';
import { headOf, probeImage, writeThumbnail } from './images';
import { InvalidMediaError, type MediaInfo } from './media-info';
import { containerFamilyOf, probeVideoFile, VIDEO_MIME } from './video-probe';
import { VideoTools, type FfmpegSource } from './video-tools';

const log = createLogger('media');

export interface MediaInspectorOptions {
  /** The native accelerator; located with `locateFfmpeg()` when not given. */
  ffmpeg?: FfmpegSource | undefined;
  posterLimits?: SandboxLimits;
  /** Video work; built from the options above when not given. */
  video?: VideoTools;
}

export class MediaInspector {
  private readonly video: VideoTools;

  constructor(options: MediaInspectorOptions = {}) {
    this.video = options.video ?? new VideoTools({ ffmpeg: options.ffmpeg, ...(options.posterLimits ? { posterLimits: options.posterLimits } : {}) });
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

  private posterFrame(source: string): Promise<Buffer | undefined> {
    return this.video.poster(source);
  }
}
