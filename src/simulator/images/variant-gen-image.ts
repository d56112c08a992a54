import { z } from 'zod';
import type { ImageEncoding } from '../media/recipes';
import type { UrlResolver, ImageReferenceRule } from '../requests/references';
import { checkImageReferences } from '../requests/references';
import { parseBody } from '../requests/rejection';
import { genImagePixels, type GenImageChannel } from './gen-image-sizes';
import { checkMask } from './masks';
import type { DirectImagePlan, ImageSpec, SummaryImagePlan, TaskImagePlan } from './plan';
import { qualityFromCompression, resultLabel } from './plan';
import { formatSize, isRatio } from './size-tables';

/**
 * Variants A (direct channel) and B (task channel) of `gen-image-2`. The interface does not
 * show how a request is routed to one or the other; real gateways route by channel
 * configuration. The demo gateway routes by `GenImageRouting` (docs/simulator.md):
 * `request` (its own rule: a ratio `size`, or anything only the task channel takes, goes to the
 * task channel; the rest to the direct channel), or always `direct`, or always `task`. Each
 * channel reads a request written for the other one as far as the interface allows.
 */
export type GenImageRouting = 'request' | 'direct' | 'task';

export const GEN_IMAGE_ROUTINGS: readonly GenImageRouting[] = ['request', 'direct', 'task'];

/** Variant A's limit on `image_urls`; more can only be served by the task channel (16). */
const DIRECT_MAX_EDIT_IMAGES = 4;

const MB = 1024 * 1024;
/** Variant A's limit per reference image; larger ones (up to 50 MB) only the task channel takes. */
const DIRECT_MAX_REFERENCE_BYTES = 2 * MB;

/**
 * The channel a request goes to under a routing. By its own rule the demo gateway sends to the
 * task channel a ratio `size` and whatever only that channel takes (more than 4 `image_urls`,
 * an `image_urls` file over variant A's 2 MB, `output_compression`, `background`); the rest to
 * the direct channel. So a request either channel could serve is never refused by the stricter one.
 */
export function genImageChannel(body: Record<string, unknown>, routing: GenImageRouting, facts: { largeReference?: boolean } = {}): GenImageChannel {
  if (routing !== 'request') return routing;
  const ratio = typeof body.size === 'string' && isRatio(body.size);
  const manyImages = Array.isArray(body.image_urls) && body.image_urls.length > DIRECT_MAX_EDIT_IMAGES;
  const taskOnly = body.output_compression !== undefined || body.background !== undefined;
  return ratio || manyImages || taskOnly || facts.largeReference === true ? 'task' : 'direct';
}

/** Whether an `image_urls` file of this gateway is larger than variant A takes. */
async function hasLargeReference(body: Record<string, unknown>, resolve: UrlResolver): Promise<boolean> {
  if (!Array.isArray(body.image_urls)) return false;
  for (const url of body.image_urls) {
    const target = typeof url === 'string' ? resolve(url) : undefined;
    if (target?.kind === 'local' && (await target.file.bytes()).length > DIRECT_MAX_REFERENCE_BYTES) return true;
  }
  return false;
}
const tier = z.enum(['1K', '2K', '4K']);
const quality = z.enum(['low', 'medium', 'high']);
const outputFormat = z.enum(['png', 'jpeg'], { error: 'must be png or jpeg (webp is not supported)' });
// No range for variant A; the model's other channel takes 1-10 and a request may be routed there.
const count = z.int().min(1, 'n is 1 to 10').max(10, 'n is 1 to 10');

/** Images a channel makes per request, whatever `n` asks for. */
const MAX_IMAGES_PER_REQUEST = 4;

function countWarnings(n: number | undefined): string[] {
  return n !== undefined && n > MAX_IMAGES_PER_REQUEST ? [`n is ${n} but the channel makes at most ${MAX_IMAGES_PER_REQUEST} images per request`] : [];
}

const variantASchema = z.object({
  model: z.literal('gen-image-2'),
  prompt: z.string().min(1, 'prompt is required').max(32_000, 'at most 32000 characters'),
  size: z.string().optional(),
  reference_images: z.array(z.string()).max(4, 'at most 4 reference images').optional(),
  image_urls: z.array(z.string()).max(DIRECT_MAX_EDIT_IMAGES, 'at most 4 images').optional(),
  mask_url: z.string().optional(),
  quality: quality.optional(),
  output_format: outputFormat.optional(),
  n: count.optional(),
  // The interface shows `resolution` on variant A only in examples (a 2K tier), never its values: any text is taken.
  resolution: z.string().optional(),
  response_format: z.enum(['b64_json', 'url']).optional(),
});

/**
 * Variant A's reading of `resolution`: a tier it knows (any case) sets the size of `auto`, no size
 * or a ratio; a pixel size decides by itself. Anything else is ignored, with a warning.
 */
function directTier(size: string | undefined, resolution: string | undefined): { tier: z.infer<typeof tier> | undefined; warnings: string[] } {
  if (resolution === undefined) return { tier: undefined, warnings: [] };
  const known = tier.safeParse(resolution.trim().toUpperCase());
  if (!known.success) return { tier: undefined, warnings: [`resolution "${resolution}" is not a tier this channel knows; ignored`] };
  const pixelSize = size !== undefined && size.trim() !== 'auto' && !isRatio(size.trim());
  return pixelSize ? { tier: undefined, warnings: [] } : { tier: known.data, warnings: [] };
}

const variantAReferences: ImageReferenceRule = { formats: ['png', 'jpeg'], maxBytes: DIRECT_MAX_REFERENCE_BYTES, base64Status: 422 };

/** Variant A: validates and plans a direct (or edit-mode summary) answer. */
export async function planVariantA(body: unknown, resolve: UrlResolver): Promise<DirectImagePlan | SummaryImagePlan> {
  const request = parseBody(variantASchema, body);
  const resolution = directTier(request.size, request.resolution);
  const pixels = genImagePixels(request.size, resolution.tier, 'direct');
  const styleImages = await checkImageReferences(request.reference_images ?? [], 'reference_images', variantAReferences, resolve);
  const editImages = await checkImageReferences(request.image_urls ?? [], 'image_urls', variantAReferences, resolve);
  const mask = request.mask_url === undefined ? undefined : checkMask(request.mask_url, editImages, resolve);
  const encoding: ImageEncoding = request.output_format ?? 'png';
  const made = Math.min(request.n ?? 1, MAX_IMAGES_PER_REQUEST);
  const images: ImageSpec[] = Array.from({ length: made }, () => ({ ...pixels, encoding }));
  const sources = { references: [...editImages, ...styleImages], mask };
  const common = {
    model: request.model,
    resultLabel: resultLabel(request.model),
    prompt: request.prompt,
    images,
    sources,
    warnings: [...countWarnings(request.n), ...resolution.warnings],
  };
  if (editImages.length > 0) {
    return { style: 'summary', editCase: request.mask_url === undefined ? 'multi_reference_edit' : 'inpainting', ...common };
  }
  return { style: 'direct', responseFormat: request.response_format ?? 'b64_json', ...common };
}

const variantBSchema = z.object({
  model: z.literal('gen-image-2'),
  prompt: z.string().min(1, 'prompt is required'),
  size: z.string().optional(),
  resolution: tier.optional(),
  quality: quality.optional(),
  output_format: outputFormat.optional(),
  output_compression: z.int().min(0).max(100).optional(),
  n: count.optional(),
  image_urls: z.array(z.string()).max(16, 'at most 16 images').optional(),
  mask_url: z.string().optional(),
  background: z.enum(['auto', 'transparent', 'opaque']).optional(),
});

const variantBReferences: ImageReferenceRule = { formats: ['png', 'jpeg'], maxBytes: 50 * MB, base64Status: 422 };

/** Variant B: validates and plans an image task. */
export async function planVariantB(body: unknown, resolve: UrlResolver): Promise<TaskImagePlan> {
  const request = parseBody(variantBSchema, body);
  const pixels = genImagePixels(request.size, request.resolution, 'task');
  const references = await checkImageReferences(request.image_urls ?? [], 'image_urls', variantBReferences, resolve);
  const mask = request.mask_url === undefined ? undefined : checkMask(request.mask_url, references, resolve);
  const encoding: ImageEncoding = request.output_format ?? 'png';
  const spec: ImageSpec =
    encoding === 'jpeg' ? { ...pixels, encoding, quality: qualityFromCompression(request.output_compression ?? 100) } : { ...pixels, encoding };
  // `background: transparent` is silently downgraded to auto: outputs are always opaque.
  const made = Math.min(request.n ?? 1, MAX_IMAGES_PER_REQUEST);
  return {
    style: 'task',
    model: request.model,
    prompt: request.prompt,
    images: Array.from({ length: made }, () => spec),
    sources: { references, mask },
    metadata: { size: formatSize(pixels) },
    warnings: countWarnings(request.n),
  };
}

/** A `gen-image-2` request planned on the channel its routing picks. */
export async function planGenImage(body: unknown, resolve: UrlResolver, routing: GenImageRouting): Promise<DirectImagePlan | SummaryImagePlan | TaskImagePlan> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const largeReference = routing === 'request' && (await hasLargeReference(fields, resolve));
  return genImageChannel(fields, routing, { largeReference }) === 'task' ? planVariantB(body, resolve) : planVariantA(body, resolve);
}
