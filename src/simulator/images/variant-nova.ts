import { z } from 'zod';
import type { ImageEncoding } from '../media/recipes';
import type { ImageReferenceRule, UrlResolver } from '../requests/references';
import { checkImageReferences } from '../requests/references';
import { badRequest, parseBody } from '../requests/rejection';
import type { DirectImagePlan, ImageSpec, TaskImagePlan } from './plan';
import { resultLabel } from './plan';
import type { PixelSize } from './size-tables';
import { VARIANT_CD_SIZES, VARIANT_C_EXTREME_SIZES, VARIANT_E_SIZES, findInTieredTable, formatSize, parsePixelSize } from './size-tables';

/** Variants C (fast), D (pro) and E (official task) of the second image model family. */

const MB = 1024 * 1024;
const DEFAULT_SIZE: PixelSize = { width: 1024, height: 1024 };
const urlItems = z.array(z.object({ url: z.string() }, { error: 'each item must be an object with url' }));

/** Model ids of each variant. */
const VARIANT_C_MODELS = ['nova-3.1-flash-image', 'nova-3.1-flash-image-preview'] as const;
const VARIANT_D_MODELS = ['nova-3-pro-image', 'nova-3-pro-image-preview'] as const;
const VARIANT_E_MODEL = 'nova-3-pro-image-preview-official';

const variantCSchema = z.object({
  model: z.enum(VARIANT_C_MODELS),
  prompt: z.string().min(1, 'prompt is required'),
  image_urls: urlItems.max(4, 'at most 4 images').optional(),
  size: z.string().optional(),
  response_format: z.enum(['b64_json', 'url']).optional(),
  tools: z
    .array(
      z.object({
        type: z.literal('external_search').optional(),
        search_types: z.array(z.enum(['web_search', 'image_search'])).optional(),
      }),
    )
    .optional(),
  n: z.literal(1, { error: 'n must be 1 for this model' }).optional(),
});

const variantCReferences: ImageReferenceRule = { formats: ['jpeg', 'png', 'webp'], maxBytes: 2 * MB, base64Status: 422 };

function variantCSize(size: string | undefined): PixelSize {
  if (size === undefined) return DEFAULT_SIZE;
  const trimmed = size.trim();
  const pixels = parsePixelSize(trimmed);
  if (pixels && findInTieredTable(VARIANT_CD_SIZES, pixels)) return pixels;
  const byRatio = VARIANT_CD_SIZES['1K'][trimmed] ?? VARIANT_C_EXTREME_SIZES[trimmed];
  if (byRatio) return byRatio;
  throw badRequest(`size: ${size} is not supported; use a pixel size from the size table`, 'size');
}

/** Variant C: direct answer. */
export async function planVariantC(body: unknown, resolve: UrlResolver): Promise<DirectImagePlan> {
  const request = parseBody(variantCSchema, body);
  const pixels = variantCSize(request.size);
  const urls = (request.image_urls ?? []).map((item) => item.url);
  const references = await checkImageReferences(urls, 'image_urls', variantCReferences, resolve);
  return {
    style: 'direct',
    model: request.model,
    resultLabel: resultLabel(request.model),
    prompt: request.prompt,
    images: [{ ...pixels, encoding: 'png' }],
    sources: { references },
    responseFormat: request.response_format ?? 'b64_json',
  };
}

/** Upstream prompt limit of variant D, counted with the usual estimate of 4 characters per token. */
const VARIANT_D_PROMPT_TOKENS = 65_536;
const CHARACTERS_PER_TOKEN = 4;

const variantDSchema = z.object({
  model: z.enum(VARIANT_D_MODELS),
  prompt: z
    .string()
    .min(1, 'prompt is required')
    .max(VARIANT_D_PROMPT_TOKENS * CHARACTERS_PER_TOKEN, 'exceeds the upstream input limit of 65,536 tokens'),
  size: z.string().optional(),
  image_urls: urlItems.max(4, 'at most 4 images').optional(),
  // "example 1": not bounded by the interface; the simulator renders at most 4.
  n: z.int().min(1).max(4).optional(),
});

const variantDReferences: ImageReferenceRule = { formats: ['jpeg', 'png', 'webp'], base64Status: 422 };

/** Variant D: direct answer. */
export async function planVariantD(body: unknown, resolve: UrlResolver): Promise<DirectImagePlan> {
  const request = parseBody(variantDSchema, body);
  let pixels = DEFAULT_SIZE;
  if (request.size !== undefined) {
    const parsed = parsePixelSize(request.size);
    if (!parsed || !findInTieredTable(VARIANT_CD_SIZES, parsed)) {
      throw badRequest(`size: ${request.size} is not supported; use a pixel size from the size table`, 'size');
    }
    pixels = parsed;
  }
  const urls = (request.image_urls ?? []).map((item) => item.url);
  const references = await checkImageReferences(urls, 'image_urls', variantDReferences, resolve);
  const spec: ImageSpec = { ...pixels, encoding: 'png' };
  return {
    style: 'direct',
    model: request.model,
    resultLabel: resultLabel(request.model),
    prompt: request.prompt,
    images: Array.from({ length: request.n ?? 1 }, () => spec),
    sources: { references },
    responseFormat: 'b64_json',
  };
}

const E_RATIOS = ['1:1', '3:2', '2:3', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;

const variantEMetadata = z.object({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  maxOutputTokens: z.int().min(1).optional(),
  resolution: z.enum(['1K', '2K', '4K']).optional(),
  personGeneration: z.enum(['ALLOW_ALL', 'ALLOW_ADULT', 'ALLOW_NONE']).optional(),
  imageOutputOptions: z
    .object({
      mimeType: z.enum(['image/png', 'image/jpeg', 'image/webp']).optional(),
      // JPEG only: ignored for other output types.
      compressionQuality: z.int().min(0).max(100).optional(),
    })
    .optional(),
  thinkingConfig: z
    .object({
      thinkingBudget: z.int().min(0).max(24_576).optional(),
      thinkingLevel: z.enum(['LOW', 'MEDIUM', 'HIGH', 'MINIMAL']).optional(),
    })
    .optional(),
  safetySettings: z
    .array(
      z.object({
        category: z.enum(['HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_HARASSMENT']),
        threshold: z.enum(['OFF', 'BLOCK_LOW_AND_ABOVE', 'BLOCK_MEDIUM_AND_ABOVE', 'BLOCK_ONLY_HIGH']),
      }),
    )
    .optional(),
});

const variantESchema = z.object({
  model: z.literal(VARIANT_E_MODEL),
  prompt: z.string().min(1, 'prompt is required'),
  size: z.enum(E_RATIOS, { error: `must be one of ${E_RATIOS.join(', ')}` }).optional(),
  n: z.literal(1, { error: 'n is fixed at 1 for this model' }).optional(),
  image_urls: z.array(z.string()).max(14, 'at most 14 images').optional(),
  metadata: variantEMetadata.optional(),
});

const variantEReferences: ImageReferenceRule = { formats: ['jpeg', 'png', 'webp'], maxBytes: 10 * MB, base64Status: 422 };

const ENCODING_BY_MIME: Record<string, ImageEncoding> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/** Variant E: an image task. */
export async function planVariantE(body: unknown, resolve: UrlResolver): Promise<TaskImagePlan> {
  const request = parseBody(variantESchema, body);
  const resolution = request.metadata?.resolution ?? '1K';
  const ratio = request.size ?? '1:1';
  const pixels = VARIANT_E_SIZES[resolution][ratio];
  if (!pixels) throw badRequest(`invalid size and resolution combination: ${ratio} at ${resolution}`, 'size');
  const references = await checkImageReferences(request.image_urls ?? [], 'image_urls', variantEReferences, resolve);
  const output = request.metadata?.imageOutputOptions;
  const encoding = ENCODING_BY_MIME[output?.mimeType ?? 'image/png'] ?? 'png';
  const spec: ImageSpec =
    encoding === 'jpeg' && output?.compressionQuality !== undefined
      ? { ...pixels, encoding, quality: Math.max(1, output.compressionQuality) }
      : { ...pixels, encoding };
  return {
    style: 'task',
    model: request.model,
    prompt: request.prompt,
    images: [spec],
    sources: { references },
    metadata: { size: formatSize(pixels), resolution },
  };
}
