import { z } from 'zod';
import type { ServedFile } from '../media/file-store';
import type { UrlResolver } from '../requests/references';
import { checkImageReference, checkVideoReference } from '../requests/references';
import { badRequest, parseBody } from '../requests/rejection';
import { checkPlaceholders } from './omni-placeholders';
import { VIDEO_IMAGE_RULE } from './singular-path';
import type { VideoPlan } from './video-plan';
import { aspectOf, videoSizeFor } from './video-sizes';

/** The second family's variants on `POST /v1/videos/generations`: turbo and omni. */

const aspectRatio = z.enum(['16:9', '9:16', '1:1']);
const duration = z.int().min(3, 'at least 3 seconds').max(15, 'at most 15 seconds');

const turboSchema = z.object({
  model: z.literal('clip-3.0-turbo'),
  prompt: z.string().min(1, 'prompt is required'),
  reference_images: z.array(z.string()).optional(),
  resolution: z.enum(['720p', '1080p']).optional(),
  duration: duration.optional(),
  aspect_ratio: aspectRatio.optional(),
  watermark: z.boolean().optional(),
});

/**
 * Turbo. Only the first reference image is used (as the first frame), so only it is checked;
 * with a reference, the image's orientation decides the aspect ratio (`aspect_ratio` is
 * ignored), 16:9 when the image's size is unknown.
 */
export async function planTurboVideo(body: unknown, resolve: UrlResolver): Promise<VideoPlan> {
  const request = parseBody(turboSchema, body);
  const firstUrl = request.reference_images?.[0];
  let aspect = request.aspect_ratio ?? '16:9';
  let firstFrame: ServedFile | undefined;
  if (firstUrl !== undefined) {
    const first = await checkImageReference(firstUrl, 'reference_images[0]', VIDEO_IMAGE_RULE, resolve);
    aspect = first.file ? aspectOf(first.file.width, first.file.height) : '16:9';
    firstFrame = first.file;
  }
  return {
    family: 'video-turbo',
    model: request.model,
    prompt: request.prompt,
    seconds: request.duration ?? 5,
    size: videoSizeFor(request.resolution ?? '720p', aspect),
    count: 1,
    metadata: {},
    priceFactor: 1,
    firstFrame,
  };
}

const nonEmpty = z.string().min(1);

const omniSchema = z.object({
  model: z.literal('clip-v3-omni'),
  prompt: z.string().min(1, 'prompt is required'),
  client_business_id: z.string().min(1).max(128).optional(),
  mode: z.enum(['std', 'pro']).optional(),
  duration: duration.optional(),
  aspect_ratio: aspectRatio.optional(),
  audio: z.boolean().optional(),
  // Item fields are not shown by the interface: `video_url` (or `url`) is read.
  video_list: z
    .array(z.looseObject({ video_url: nonEmpty.optional(), url: nonEmpty.optional() }))
    .max(1, 'at most 1 video')
    .optional(),
  metadata: z
    .object({
      image_list: z.array(z.looseObject({ image_url: nonEmpty.optional(), url: nonEmpty.optional() })).optional(),
      element_list: z.array(z.looseObject({ element_id: nonEmpty.optional(), id: nonEmpty.optional() })).optional(),
      watermark: z.boolean().optional(),
    })
    .optional(),
});

/** Billing class of an omni request (interface's billing mapping) and its price factor. */
export function omniBilling(mode: 'std' | 'pro', audio: boolean, withVideo: boolean): { label: string; factor: number } {
  const tier = mode === 'pro' ? '1080P' : '720P';
  const extra = audio ? '+Sound' : withVideo ? '+Video' : '';
  const factor = (mode === 'pro' ? 1.5 : 1) * (extra === '' ? 1 : 1.25);
  return { label: `${tier}${extra}`, factor };
}

/** Omni: placeholders, `audio` vs `video_list`, public URLs only. */
export async function planOmniVideo(body: unknown, resolve: UrlResolver): Promise<VideoPlan> {
  const request = parseBody(omniSchema, body);
  const videos = request.video_list ?? [];
  const images = request.metadata?.image_list ?? [];
  const elements = request.metadata?.element_list ?? [];
  if (request.audio === true && videos.length > 0) {
    throw badRequest('audio and video_list cannot be combined: choose a sound video or a video reference', 'audio');
  }
  const warnings = checkPlaceholders(request.prompt, { image: images.length, video: videos.length, element: elements.length });
  for (const [index, item] of videos.entries()) {
    const url = item.video_url ?? item.url;
    if (url === undefined) throw badRequest(`video_list[${index}]: video_url is required`, `video_list[${index}]`);
    checkVideoReference(url, `video_list[${index}].video_url`, resolve);
  }
  let firstFrame: ServedFile | undefined;
  for (const [index, item] of images.entries()) {
    const url = item.image_url ?? item.url;
    const param = `metadata.image_list[${index}]`;
    if (url === undefined) throw badRequest(`${param}: image_url is required`, param);
    const checked = await checkImageReference(url, `${param}.image_url`, VIDEO_IMAGE_RULE, resolve);
    if (index === 0) firstFrame = checked.file;
  }
  for (const [index, item] of elements.entries()) {
    const param = `metadata.element_list[${index}]`;
    if ((item.element_id ?? item.id) === undefined) throw badRequest(`${param}: element_id is required`, param);
  }
  const mode = request.mode ?? 'std';
  const billing = omniBilling(mode, request.audio === true, videos.length > 0);
  return {
    family: 'video-omni',
    model: request.model,
    prompt: request.prompt,
    seconds: request.duration ?? 5,
    size: videoSizeFor(mode === 'pro' ? '1080p' : '720p', request.aspect_ratio ?? '16:9'),
    count: 1,
    metadata: {},
    priceFactor: billing.factor,
    audio: request.audio === true,
    firstFrame,
    warnings,
    ...(request.client_business_id === undefined ? {} : { clientBusinessId: request.client_business_id }),
  };
}
