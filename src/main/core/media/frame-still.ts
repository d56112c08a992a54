/**
 * "Grab this frame": one frame of a video in the library kept as a new image beside it, so it can
 * be a reference like any other picture (and found again). ffmpeg decodes the frame inside the
 * same fences as posters; the still remembers the video and the moment it came from.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AssetView } from '../../../shared/contract';
import type { EventBus } from '../events/event-bus';
import { assetFilePath, getAsset, insertAsset, resolveInLibrary, thumbPathFor, writeAssetSidecar, writeFileAtomic } from '../library';
import { toAssetView, type LibraryService } from '../library/library-service';
import { resolveLibraryFile } from '../library/media-file';
import { createLogger } from '../log';
import type { RouteHandlers } from '../router/router';
import { StudioFailure } from '../router/failure';
import type { FfmpegTool } from './ffmpeg-locator';
import { frameArguments, FRAME_LIMITS, runLimited } from './ffmpeg-sandbox';
import { headOf, probeImage, writeThumbnail } from './images';
import { containerFamilyOf, probeVideoFile } from './video-probe';

const log = createLogger('frames');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** How far back to look for the last frame when none starts at the time asked for (frame rates down to 1 per second). */
const END_STEPS_MS = [100, 250, 500, 1000];

export interface FrameStillDeps {
  library: () => LibraryService;
  ffmpeg: () => Promise<FfmpegTool>;
  bus: EventBus;
}

/**
 * `library.grab_frame`: the still is told to every window as a new result (`library.added`).
 * `library.video_frame_rate`: read from the container, not by ffmpeg, when the detail view opens a video.
 */
export function frameHandlers(deps: FrameStillDeps): Pick<RouteHandlers, 'library.grab_frame' | 'library.video_frame_rate'> {
  return {
    'library.grab_frame': async ({ assetId, atMs }) => {
      const still = await keepFrame(deps.library(), await deps.ffmpeg(), assetId, atMs);
      deps.bus.emit('library.added', still);
      return still;
    },
    'library.video_frame_rate': async ({ id }) => {
      const { source, head } = await videoFileOf(deps.library(), id);
      const facts = await probeVideoFile(source, head).catch(() => undefined);
      return { framesPerSecond: facts?.framesPerSecond ?? null };
    },
  };
}

/** Video `assetId` in the library: its row, its file and the file's first bytes (empty where it cannot be read). */
async function videoFileOf(library: LibraryService, assetId: string) {
  const video = getAsset(library.db, assetId);
  if (!video) throw StudioFailure.of('asset_not_found');
  if (video.kind !== 'video') throw StudioFailure.of('frame_not_video');
  let source: string;
  try {
    // The real path, as every route that reads a library file checks it: a link out of the library is no video of it.
    source = resolveLibraryFile(library.root, video.filePath).path;
  } catch {
    throw StudioFailure.of('asset_file_missing');
  }
  return { video, source, head: await headOf(source, 64).catch(() => Buffer.alloc(0)) };
}

/** Decodes the frame of video `assetId` at `atMs` and stores it as a PNG image in the library. */
async function keepFrame(library: LibraryService, ffmpeg: FfmpegTool, assetId: string, atMs: number): Promise<AssetView> {
  const { video, source, head } = await videoFileOf(library, assetId);
  if (ffmpeg.state !== 'ready' || ffmpeg.path === null) throw StudioFailure.of('frame_needs_ffmpeg');
  const family = containerFamilyOf(head);
  if (family === undefined) throw StudioFailure.of('frame_failed');
  const asked = video.durationMs === null ? atMs : Math.min(atMs, video.durationMs);
  let at = asked;
  let run = await runLimited(ffmpeg.path, frameArguments(source, family, at), FRAME_LIMITS);
  // At the very end (where a player stops) no frame starts after the time: the last one is what shows.
  for (const back of END_STEPS_MS) {
    if (!run.ok || run.stdout.length > 0 || asked === 0) break;
    at = Math.max(0, asked - back);
    run = await runLimited(ffmpeg.path, frameArguments(source, family, at), FRAME_LIMITS);
  }
  if (!run.ok || !run.stdout.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    log.warn(`no frame at ${at} ms of ${video.filePath}: ${run.ok ? 'ffmpeg wrote no picture' : `${run.reason}: ${run.detail.slice(0, 300)}`}`);
    throw StudioFailure.of('frame_failed');
  }

  const id = randomUUID();
  const createdAt = library.db.now();
  const filePath = assetFilePath(createdAt, id, 'image/png');
  const file = resolveInLibrary(library.root, filePath);
  await writeFileAtomic(file, run.stdout, library.modes);
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
    bytes: run.stdout.length,
    width: info.width,
    height: info.height,
    sha256: createHash('sha256').update(run.stdout).digest('hex'),
    model: video.model,
    prompt: video.prompt,
    // No recipe to run again: the still says where it came from instead.
    request: { frame_of: video.id, frame_at_ms: at },
    createdAt,
  });
  await writeAssetSidecar(library.root, asset, library.modes);
  return toAssetView(asset);
}
