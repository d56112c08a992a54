import { z } from 'zod';
import type { ServedFile } from '../media/file-store';
import type { UrlResolver } from '../requests/references';
import { checkImageReference, checkVideoReference } from '../requests/references';
import { badRequest, parseBody } from '../requests/rejection';
import { checkPlaceholders } from './omni-placeholders';
import { VIDEO_IMAGE_RULE } from './singular-path';
import type { VideoPlan } from './video-plan';
import { aspectOf, videoSizeFor, type AspectRatio } from './video-sizes';

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

// Item fields are not shown by the interface: any object is an item; `video_url` / `image_url`
// (or `url`) and `element_id` (or `id`) are what the demo gateway reads from them.
const item = z.looseObject({});
// "common 16:9, 9:16, 1:1": other ratios are not ruled out, so they pass with a warning.
const omniAspectRatio = z.string().regex(/^\d+:\d+$/, 'aspect_ratio: a ratio W:H such as 16:9');
const COMMON_OMNI_RATIOS: readonly string[] = ['16:9', '9:16', '1:1'];

const omniSchema = z.object({
  model: z.literal('clip-v3-omni'),
  prompt: z.string().min(1, 'prompt is required'),
  client_business_id: z.string().min(1).max(128).optional(),
  mode: z.enum(['std', 'pro']).optional(),
  duration: duration.optional(),
  aspect_ratio: omniAspectRatio.optional(),
  audio: z.boolean().optional(),
  video_list: z.array(item).max(1, 'at most 1 video').optional(),
  metadata: z
    .object({
      image_list: z.array(item).optional(),
      element_list: z.array(item).optional(),
      watermark: z.boolean().optional(),
    })
    .optional(),
});

/** The address an omni list item carries under the demo gateway's reading, if any. */
function itemUrl(entry: Record<string, unknown>, key: 'image_url' | 'video_url'): string | undefined {
  for (const value of [entry[key], entry.url]) if (typeof value === 'string' && value.trim() !== '') return value;
  return undefined;
}

/** The shape of an omni aspect ratio: a common one as given, any other by its orientation. */
function omniAspect(ratio: string | undefined, warnings: string[]): AspectRatio {
  if (ratio === undefined) return '16:9';
  if (COMMON_OMNI_RATIOS.includes(ratio)) return ratio as AspectRatio;
  warnings.push(`aspect_ratio ${ratio} is not one of the common ratios (16:9, 9:16, 1:1); the demo gateway draws it at the nearest of them.`);
  const [width = 1, height = 1] = ratio.split(':').map(Number);
  return aspectOf(width, height || 1);
}

/** Billing class of an omni request (interface's billing mapping) and its price factor. */
function omniBilling(mode: 'std' | 'pro', audio: boolean, withVideo: boolean): { label: string; factor: number } {
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
  for (const [index, entry] of videos.entries()) {
    const url = itemUrl(entry, 'video_url');
    if (url === undefined) warnings.push(`video_list[${index}] has no video_url (or url) the demo gateway can read; it is not used.`);
    else checkVideoReference(url, `video_list[${index}].video_url`, resolve);
  }
  let firstFrame: ServedFile | undefined;
  for (const [index, entry] of images.entries()) {
    const url = itemUrl(entry, 'image_url');
    const param = `metadata.image_list[${index}]`;
    if (url === undefined) {
      warnings.push(`${param} has no image_url (or url) the demo gateway can read; it is not used.`);
      continue;
    }
    const checked = await checkImageReference(url, `${param}.image_url`, VIDEO_IMAGE_RULE, resolve);
    if (index === 0) firstFrame = checked.file;
  }
  for (const [index, entry] of elements.entries()) {
    const id = entry.element_id ?? entry.id;
    const readable = (typeof id === 'string' && id.trim() !== '') || (typeof id === 'number' && Number.isFinite(id));
    if (!readable) warnings.push(`metadata.element_list[${index}] has no element_id (or id) the demo gateway can read; it is not used.`);
  }
  const mode = request.mode ?? 'std';
  const billing = omniBilling(mode, request.audio === true, videos.length > 0);
  const aspect = omniAspect(request.aspect_ratio, warnings);
  return {
    family: 'video-omni',
    model: request.model,
    prompt: request.prompt,
    seconds: request.duration ?? 5,
    size: videoSizeFor(mode === 'pro' ? '1080p' : '720p', aspect),
    count: 1,
    metadata: {},
    priceFactor: billing.factor,
    audio: request.audio === true,
    firstFrame,
    warnings,
    ...(request.client_business_id === undefined ? {} : { clientBusinessId: request.client_business_id }),
  };
}
