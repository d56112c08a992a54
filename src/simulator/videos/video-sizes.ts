import type { VideoSize } from '../media/video-size';

/** Output sizes of the video variants by aspect ratio and resolution tier. */

export type AspectRatio = '16:9' | '9:16' | '1:1';
export type VideoTier = '720p' | '1080p';

const SIZES: Record<VideoTier, Record<AspectRatio, VideoSize>> = {
  '720p': { '16:9': '1280x720', '9:16': '720x1280', '1:1': '720x720' },
  '1080p': { '16:9': '1920x1080', '9:16': '1080x1920', '1:1': '1080x1080' },
};

/** The clip size of a tier and aspect ratio. */
export function videoSizeFor(tier: VideoTier, aspect: AspectRatio): VideoSize {
  return SIZES[tier][aspect];
}

/** The aspect ratio closest to a picture's (for image-to-video, where the image decides). */
export function aspectOf(width: number, height: number): AspectRatio {
  const ratio = width / height;
  if (ratio > 1.2) return '16:9';
  if (ratio < 1 / 1.2) return '9:16';
  return '1:1';
}

/** The aspect ratio of a clip size. */
export function aspectOfSize(size: VideoSize): AspectRatio {
  const [width, height] = size.split('x').map(Number);
  return aspectOf(width ?? 1, height ?? 1);
}
