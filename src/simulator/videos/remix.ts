import { z } from 'zod';
import { isVideoSize } from '../media/video-size';
import { Rejection, badRequest, parseBody } from '../requests/rejection';
import type { SimTask } from '../tasks/task-store';
import type { CharacterDirectory } from './characters';
import type { VideoPlan } from './video-plan';
import { aspectOfSize, videoSizeFor } from './video-sizes';

/**
 * `POST /v1/videos/{video_id}/remix`. Two variants:
 * - official (`model` = `vid-2-official`): remixes a video of the official channel (`video_...`
 *   ids); keeps its length and size; answers `object: video` with `remixed_from_video_id`.
 * - with duration (`vid-2`, `vid-2-pro`, `vid-2-vip`): remixes a `task_...` video of the first
 *   video model made on the plural path (VVIP, character use, earlier remixes).
 * Only finished videos of the caller's account can be remixed; private videos cannot.
 */

const REMIX_DURATIONS: Record<string, { allowed: number[]; fallback: number }> = {
  'vid-2': { allowed: [10, 15], fallback: 10 },
  'vid-2-pro': { allowed: [15, 25], fallback: 15 },
  // Not given by the interface; the simulator uses vid-2's tiers.
  'vid-2-vip': { allowed: [10, 15], fallback: 10 },
};

const remixSchema = z.object({
  model: z.enum(['vid-2', 'vid-2-pro', 'vid-2-vip', 'vid-2-official']),
  prompt: z.string().min(1, 'prompt is required'),
  duration: z.int().optional(),
  aspect_ratio: z.enum(['16:9', '9:16', '1:1']).optional(),
});

const OFFICIAL_SOURCES = new Set(['video-official', 'remix-official']);
const DURATION_SOURCES = new Set(['video-vid2', 'remix']);

/** Validates a remix of `videoId` and plans the new video. */
export function planRemix(videoId: string, body: unknown, characters: CharacterDirectory): VideoPlan {
  const request = parseBody(remixSchema, body);
  const source = characters.finishedVideo(videoId);
  if (typeof source === 'string') {
    const code = source.endsWith('does not exist') ? 'task_not_exist' : 'video_not_finished';
    throw new Rejection(400, source, 'video_id', code);
  }
  if (source.video?.private === true) {
    throw new Rejection(400, `video ${videoId} is private; private videos cannot be remixed`, 'video_id', 'video_private');
  }
  return request.model === 'vid-2-official' ? officialRemix(source, request) : durationRemix(source, request);
}

function officialRemix(source: SimTask, request: z.infer<typeof remixSchema>): VideoPlan {
  if (!OFFICIAL_SOURCES.has(source.family) || !source.video || !isVideoSize(source.video.size)) {
    throw badRequest(`vid-2-official remixes videos of the official channel (video_... ids), not ${source.id}`, 'model');
  }
  return {
    family: 'remix-official',
    model: request.model,
    prompt: request.prompt,
    seconds: source.video.seconds,
    size: source.video.size,
    count: 1,
    metadata: {},
    priceFactor: 1,
    remixedFrom: source.id,
  };
}

function durationRemix(source: SimTask, request: z.infer<typeof remixSchema>): VideoPlan {
  if (!DURATION_SOURCES.has(source.family) || !source.video || !isVideoSize(source.video.size)) {
    throw badRequest(`${request.model} remixes task_... videos of the vid-2 family, not ${source.id}`, 'video_id');
  }
  const tiers = REMIX_DURATIONS[request.model] ?? { allowed: [10, 15], fallback: 10 };
  const seconds = request.duration ?? tiers.fallback;
  if (!tiers.allowed.includes(seconds)) {
    throw badRequest(`duration: ${request.model} remixes are ${tiers.allowed.join(' or ')} seconds`, 'duration');
  }
  // vid-2-pro at 15 seconds is the HD tier.
  const tier = request.model === 'vid-2-pro' && seconds === 15 ? '1080p' : '720p';
  const size = videoSizeFor(tier, request.aspect_ratio ?? aspectOfSize(source.video.size));
  return {
    family: 'remix',
    model: request.model,
    prompt: request.prompt,
    seconds,
    size,
    count: 1,
    metadata: { size, seconds: String(seconds) },
    priceFactor: 1,
    remixedFrom: source.id,
  };
}
