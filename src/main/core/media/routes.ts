import type { RouteHandlers } from '../router/router';
import { MINIMUM_FFMPEG, type FfmpegTool } from './ffmpeg-locator';
import { imageLibraryReport } from './image-library';

/** `app.get_media_tools`: which ffmpeg decodes posters (or why none does) and which image library build runs. */
export function mediaToolsHandlers(ffmpeg: () => Promise<FfmpegTool>): Pick<RouteHandlers, 'app.get_media_tools'> {
  return {
    'app.get_media_tools': async () => ({
      ffmpeg: { ...(await ffmpeg()), minimumVersion: MINIMUM_FFMPEG.join('.') },
      images: imageLibraryReport(),
    }),
  };
}
