import { z } from 'zod';
import { ServedFile } from '../media/file-store';
import { probeImage } from '../media/image-probe';
import type { VideoSize } from '../media/video-size';
import { classifyReference, decodeBase64Data } from '../requests/image-data';
import type { ImageReferenceRule, UrlResolver } from '../requests/references';
import { checkImageReference, checkImageReferences } from '../requests/references';
import { badRequest, parseBody } from '../requests/rejection';
import type { VideoPlan } from './video-plan';

/**
 * Variants of `POST /v1/video/generations` (singular path): the first video model's official
 * channel (`vid-2`, `vid2`, `vid2-pro`, `vid-2-official`) and the second family's version 3
 * (`clip3-*`, `clip-o3-*`).
 */

export const OFFICIAL_MODELS = ['vid-2', 'vid2', 'vid2-pro', 'vid-2-official'] as const;
export const CLIP3_MODELS = ['clip3-720p', 'clip3-1080p', 'clip-o3-720p', 'clip-o3-1080p'] as const;

/**
 * Reference images of video requests: the interface names no formats for them, so every type the
 * upload endpoint takes (JPEG, PNG, WebP, GIF) is accepted; Base64 refused with 400.
 */
export const VIDEO_IMAGE_RULE: ImageReferenceRule = { formats: ['jpeg', 'png', 'webp', 'gif'], base64Status: 400 };

const officialSchema = z.object({
  model: z.enum(OFFICIAL_MODELS),
  prompt: z.string().min(1, 'prompt is required'),
  duration: z.union([z.literal(4), z.literal(8), z.literal(12)], { error: 'must be 4, 8 or 12' }).optional(),
  size: z.enum(['1280x720', '720x1280'], { error: 'size is required: 1280x720 or 720x1280' }),
  input_reference: z.string().min(1).optional(),
});

/** Size of the image in `input_reference` (URL, data: URL or bare Base64), when known. */
async function inputReferenceSize(value: string, resolve: UrlResolver): Promise<{ width: number; height: number } | undefined> {
  const param = 'input_reference';
  if (classifyReference(value) === 'http-url') {
    return (await checkImageReference(value, param, VIDEO_IMAGE_RULE, resolve)).file;
  }
  const bytes = decodeBase64Data(value);
  const facts = bytes === undefined ? null : await probeImage(bytes);
  if (!facts) throw badRequest('input_reference: must be an http(s) URL, a data: URL or Base64 data of an image', param);
  return facts;
}

/**
 * The official variant. `input_reference` "should match" `size`: a known size that differs is a
 * warning, not a refusal.
 */
export async function planOfficialVideo(body: unknown, resolve: UrlResolver): Promise<VideoPlan> {
  const request = parseBody(officialSchema, body);
  let firstFrame: ServedFile | undefined;
  const warnings: string[] = [];
  if (request.input_reference !== undefined) {
    const known = await inputReferenceSize(request.input_reference, resolve);
    if (known instanceof ServedFile) firstFrame = known;
    if (known && `${known.width}x${known.height}` !== request.size) {
      warnings.push(`input_reference is ${known.width}x${known.height} but size is ${request.size}; the image should match the video size`);
    }
  }
  return {
    warnings,
    family: 'video-official',
    model: request.model,
    prompt: request.prompt,
    seconds: request.duration ?? 4,
    size: request.size,
    count: 1,
    metadata: {},
    priceFactor: 1,
    firstFrame,
  };
}

const clip3Schema = z.object({
  model: z.enum(CLIP3_MODELS),
  prompt: z.string().min(1, 'prompt is required'),
  size: z.string({ error: 'size is required' }),
  duration: z.int({ error: 'duration is required (seconds)' }),
  images: z.array(z.string(), { error: 'images is required: 1 to 4 reference image URLs' }).max(4, 'at most 4 images'),
});

const CLIP3_SIZES: Record<'720p' | '1080p', readonly VideoSize[]> = {
  '720p': ['1280x720', '720x1280'],
  '1080p': ['1920x1080', '1080x1920'],
};

/** The version-3 variant of the second family. */
export async function planClip3Video(body: unknown, resolve: UrlResolver): Promise<VideoPlan> {
  const request = parseBody(clip3Schema, body);
  const sizes = CLIP3_SIZES[request.model.endsWith('1080p') ? '1080p' : '720p'];
  const size = sizes.find((candidate) => candidate === request.size.trim());
  if (!size) throw badRequest(`size: ${request.model} supports ${sizes.join(' and ')}`, 'size');
  const omni = request.model.startsWith('clip-o3');
  const durations = omni ? [5, 15] : [5, 10, 15];
  if (!durations.includes(request.duration)) {
    throw badRequest(`duration: ${request.model} supports ${durations.join(', ')} seconds`, 'duration');
  }
  // The interface marks `images` required (1 to 4) for the whole family (docs/simulator.md).
  if (request.images.length === 0) throw badRequest(`images: ${request.model} needs 1 to 4 reference image URLs`, 'images');
  const references = await checkImageReferences(request.images, 'images', VIDEO_IMAGE_RULE, resolve);
  return {
    family: 'video-clip3',
    model: request.model,
    prompt: request.prompt,
    seconds: request.duration,
    size,
    count: 1,
    metadata: {},
    priceFactor: 1,
    firstFrame: references[0]?.file,
  };
}
