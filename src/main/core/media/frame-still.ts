/**
 * "Grab this frame": one frame of a video in the library kept as a new image beside it, so it can
 * be a reference like any other picture (and found again). The frame is decoded by the same video
 * tools as posters (WebAssembly, or a faster system ffmpeg); the still remembers the video and the
 * moment it came from.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AssetView } from '../../../shared/contract';
import type { EventBus } from '../events/event-bus';
import { assetFilePath, getAsset, insertAsset, resolveInLibrary, thumbPathFor, writeAssetSidecar, writeFileAtomic, type Asset } from '../library';
import { toAssetView, type LibraryService } from '../library/library-service';
import { resolveLibraryFile } from '../library/media-file';
import { createLogger } from '../log';
import type { RouteHandlers } from '../router/router';
import { StudioFailure } from '../router/failure';
import { probeImage, writeThumbnail } from './images';
import type { VideoTools } from './video-tools';

const log = createLogger('frames');

export interface FrameStillDeps {
  library: () => LibraryService;
  video: VideoTools;
  bus: EventBus;
}

/**
 * `library.grab_frame`: the still is told to every window as a new result (`library.added`).
 * `library.video_frame_rate`: read from the container (by ffprobe in WebAssembly where the container does not count frames), when the detail view opens a video.
 */
export function frameHandlers(deps: FrameStillDeps): Pick<RouteHandlers, 'library.grab_frame' | 'library.video_frame_rate'> {
  return {
    'library.grab_frame': async ({ assetId, atMs }) => {
      const still = await keepFrame(deps.library(), deps.video, assetId, atMs);
      deps.bus.emit('library.added', still);
      return still;
    },
    'library.video_frame_rate': async ({ id }) => {
      const { source } = videoFileOf(deps.library(), id);
      const facts = await deps.video.facts(source).catch(() => undefined);
      return { framesPerSecond: facts?.framesPerSecond ?? null };
    },
  };
}

/** Video `assetId` in the library: its row and its file. */
function videoFileOf(library: LibraryService, assetId: string): { video: Asset; source: string } {
  const video = getAsset(library.db, assetId);
  if (!video) throw StudioFailure.of('asset_not_found');
  if (video.kind !== 'video') throw StudioFailure.of('frame_not_video');
  try {
    // The real path, as every route that reads a library file checks it: a link out of the library is no video of it.
    return { video, source: resolveLibraryFile(library.root, video.filePath).path };
  } catch {
    throw StudioFailure.of('asset_file_missing');
  }
}

/** Decodes the frame of video `assetId` at `atMs` and stores it as a PNG image in the library. */
async function keepFrame(library: LibraryService, tools: VideoTools, assetId: string, atMs: number): Promise<AssetView> {
  const { video, source } = videoFileOf(library, assetId);
  const asked = video.durationMs === null ? atMs : Math.min(atMs, video.durationMs);
  const frame = await tools.frame(source, asked);
  if (frame === undefined) {
    log.warn(`no frame at ${asked} ms of ${video.filePath}`);
    throw StudioFailure.of('frame_failed');
  }
  const { png, atMs: at } = frame;

  const id = randomUUID();
  const createdAt = library.db.now();
  const filePath = assetFilePath(createdAt, id, 'image/png');
  const file = resolveInLibrary(library.root, filePath);
  await writeFileAtomic(file, png, library.modes);
  const info = await probeImage(file);
  const thumbPath = thumbPathFor(filePath);
  const thumbed = await writeThumbnail(file, resolveInLibrary(library.root, thumbPath), library.modes).then(
    () => true,
    () => false,
  );
  const { asset } = insertAsset(library.db, {
    id,
    kind: 'image',
    filePath,
    thumbPath: thumbed ? thumbPath : null,
    mime: info.mime,
    bytes: png.length,
    width: info.width,
    height: info.height,
    sha256: createHash('sha256').update(png).digest('hex'),
    model: video.model,
    prompt: video.prompt,
    // No recipe to run again: the still says where it came from instead.
    request: { frame_of: video.id, frame_at_ms: at },
    createdAt,
  });
  await writeAssetSidecar(library.root, asset, library.modes);
  return toAssetView(asset);
}
