/** Every video size the simulator produces, as `<width>x<height>`. */
const VIDEO_SIZES = ['1280x720', '720x1280', '1920x1080', '1080x1920', '720x720', '1080x1080'] as const;

export type VideoSize = (typeof VIDEO_SIZES)[number];

/** Whether a `<width>x<height>` string is a size the simulator produces. */
export function isVideoSize(size: string): size is VideoSize {
  return (VIDEO_SIZES as readonly string[]).includes(size);
}

/** Width and height of a `<width>x<height>` size. */
export function videoDimensions(size: VideoSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number);
  return { width: width ?? 0, height: height ?? 0 };
}
