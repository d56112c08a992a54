import { z } from 'zod';
import type { ImageEncoding } from '../media/recipes';
import type { UrlResolver, ImageReferenceRule } from '../requests/references';
import { checkImageReferences } from '../requests/references';
import { badRequest, parseBody } from '../requests/rejection';
import { checkMask } from './masks';
import type { DirectImagePlan, ImageSpec, SummaryImagePlan, TaskImagePlan } from './plan';
import { qualityFromCompression, resultLabel } from './plan';
import type { PixelSize, Tier } from './size-tables';
import { VARIANT_A_SIZES, VARIANT_B_SIZES, findInTieredTable, formatSize, isRatio, parsePixelSize } from './size-tables';

/**
 * Variants A and B of `gen-image-2`. The interface leaves open how they are selected; the
 * simulator's rule (shared with the studio's catalog): a `size` written as a ratio `W:H`
 * selects variant B (task result); a pixel size `WxH`, `auto` or no size selects variant A
 * (direct result, or the summary object in edit mode).
 */
export function selectsVariantB(body: Record<string, unknown>): boolean {
  return typeof body.size === 'string' && isRatio(body.size);
}

const MB = 1024 * 1024;
const tier = z.enum(['1K', '2K', '4K']);
const quality = z.enum(['low', 'medium', 'high']);
const outputFormat = z.enum(['png', 'jpeg'], { error: 'must be png or jpeg (webp is not supported)' });

const variantASchema = z.object({
  model: z.literal('gen-image-2'),
  prompt: z.string().min(1, 'prompt is required').max(32_000, 'at most 32000 characters'),
  size: z.string().optional(),
  reference_images: z.array(z.string()).max(4, 'at most 4 reference images').optional(),
  image_urls: z.array(z.string()).max(4, 'at most 4 images').optional(),
  mask_url: z.string().optional(),
  quality: quality.optional(),
  output_format: outputFormat.optional(),
  // Not bounded by the interface ("example value 1"); the simulator renders at most 4.
  n: z.int().min(1).max(4).optional(),
  resolution: tier.optional(),
  response_format: z.enum(['b64_json', 'url']).optional(),
});

const variantAReferences: ImageReferenceRule = { formats: ['png', 'jpeg'], maxBytes: 2 * MB, base64Status: 422 };

/** Default pixel size of variant A for `auto`, no size, or a bare `resolution` tier. */
const DEFAULT_A_SIZE: Record<Tier, PixelSize> = {
  '1K': { width: 1024, height: 1024 },
  '2K': { width: 2048, height: 2048 },
  '4K': { width: 3840, height: 2160 },
};

function variantASize(size: string | undefined, resolution: Tier | undefined): PixelSize {
  if (size === undefined || size === 'auto') return DEFAULT_A_SIZE[resolution ?? '1K'];
  const pixels = parsePixelSize(size);
  if (!pixels) throw badRequest(`size: "${size}" is not a size; use WxH from the size table, or auto`, 'size');
  const found = findInTieredTable(VARIANT_A_SIZES, pixels);
  if (!found) throw badRequest(`size: ${size} is not in the size table of gen-image-2`, 'size');
  if (resolution !== undefined && resolution !== found.tier) {
    throw badRequest(`invalid size and resolution combination: ${size} is a ${found.tier} size, not ${resolution}`, 'size');
  }
  return pixels;
}

/** Variant A: validates and plans a direct (or edit-mode summary) answer. */
export async function planVariantA(
  body: unknown,
  resolve: UrlResolver,
): Promise<DirectImagePlan | SummaryImagePlan> {
  const request = parseBody(variantASchema, body);
  const pixels = variantASize(request.size, request.resolution);
  const styleImages = await checkImageReferences(request.reference_images ?? [], 'reference_images', variantAReferences, resolve);
  const editImages = await checkImageReferences(request.image_urls ?? [], 'image_urls', variantAReferences, resolve);
  const mask = request.mask_url === undefined ? undefined : checkMask(request.mask_url, editImages, resolve);
  const encoding: ImageEncoding = request.output_format ?? 'png';
  const images: ImageSpec[] = Array.from({ length: request.n ?? 1 }, () => ({ ...pixels, encoding }));
  const sources = { references: [...editImages, ...styleImages], mask };
  const common = { model: request.model, resultLabel: resultLabel(request.model), prompt: request.prompt, images, sources };
  if (editImages.length > 0) {
    return { style: 'summary', editCase: request.mask_url === undefined ? 'multi_reference_edit' : 'inpainting', ...common };
  }
  return { style: 'direct', responseFormat: request.response_format ?? 'b64_json', ...common };
}

const variantBSchema = z.object({
  model: z.literal('gen-image-2'),
  prompt: z.string().min(1, 'prompt is required'),
  size: z.string(),
  resolution: tier.optional(),
  quality: quality.optional(),
  output_format: outputFormat.optional(),
  output_compression: z.int().min(0).max(100).optional(),
  n: z.int().min(1).max(10).optional(),
  image_urls: z.array(z.string()).max(16, 'at most 16 images').optional(),
  mask_url: z.string().optional(),
  background: z.enum(['auto', 'transparent', 'opaque']).optional(),
});

const variantBReferences: ImageReferenceRule = { formats: ['png', 'jpeg'], maxBytes: 50 * MB, base64Status: 422 };

/** Images the official channel makes per request, whatever `n` asks for. */
const VARIANT_B_MAX_IMAGES = 4;

function variantBSize(ratio: string, resolution: Tier): PixelSize {
  const row = VARIANT_B_SIZES[ratio];
  if (!row) throw badRequest(`size: ratio ${ratio} is not supported`, 'size');
  const pixels = row[resolution === '1K' ? 0 : resolution === '2K' ? 1 : 2];
  if (!pixels) {
    throw badRequest(`invalid size and resolution combination: ${ratio} is not available at ${resolution}`, 'size');
  }
  return pixels;
}

/** Variant B: validates and plans an image task. */
export async function planVariantB(body: unknown, resolve: UrlResolver): Promise<TaskImagePlan> {
  const request = parseBody(variantBSchema, body);
  const resolution = request.resolution ?? '1K';
  const pixels = variantBSize(request.size.trim(), resolution);
  const references = await checkImageReferences(request.image_urls ?? [], 'image_urls', variantBReferences, resolve);
  const mask = request.mask_url === undefined ? undefined : checkMask(request.mask_url, references, resolve);
  const encoding: ImageEncoding = request.output_format ?? 'png';
  const spec: ImageSpec =
    encoding === 'jpeg'
      ? { ...pixels, encoding, quality: qualityFromCompression(request.output_compression ?? 100) }
      : { ...pixels, encoding };
  // `background: transparent` is silently downgraded to auto: outputs are always opaque.
  const count = Math.min(request.n ?? 1, VARIANT_B_MAX_IMAGES);
  return {
    style: 'task',
    model: request.model,
    prompt: request.prompt,
    images: Array.from({ length: count }, () => spec),
    sources: { references, mask },
    metadata: { size: formatSize(pixels) },
  };
}
