import { z } from 'zod';
import type { ImageReferenceRule, UrlResolver } from '../requests/references';
import { checkImageReferences } from '../requests/references';
import { badRequest, parseBody } from '../requests/rejection';
import type { DirectImagePlan } from './plan';
import { resultLabel } from './plan';
import type { PixelSize } from './size-tables';
import { isRatio, parsePixelSize } from './size-tables';

/**
 * `lumen-image-1`: a model the interface does not name, as a gateway that added a channel would
 * list it. It stands for every model the studio has no form for (docs/simulator.md), so it takes
 * only the options common to image models and answers directly.
 */
const LUMEN_IMAGE_MODEL = 'lumen-image-1';

const MAX_IMAGES = 4;
const SIDE = { min: 256, max: 4096 };

const lumenSchema = z.object({
  model: z.literal(LUMEN_IMAGE_MODEL),
  prompt: z.string().min(1, 'prompt is required'),
  size: z.string().optional(),
  n: z.int().min(1, `n is 1 to ${MAX_IMAGES}`).max(MAX_IMAGES, `n is 1 to ${MAX_IMAGES}`).optional(),
  image_urls: z.array(z.string()).max(4, 'at most 4 images').optional(),
});

const references: ImageReferenceRule = { formats: ['jpeg', 'png', 'webp', 'gif'], base64Status: 422 };

/** A pixel size within the model's bounds, or a ratio drawn at about one megapixel. */
function lumenSize(size: string | undefined): PixelSize {
  if (size === undefined || size.trim() === 'auto') return { width: 1024, height: 1024 };
  const text = size.trim();
  const pixels = parsePixelSize(text);
  if (pixels && [pixels.width, pixels.height].every((side) => side >= SIDE.min && side <= SIDE.max)) return pixels;
  if (!pixels && isRatio(text)) {
    const [w = 1, h = 1] = text.split(':').map(Number);
    if (w > 0 && h > 0 && w / h <= 4 && h / w <= 4) {
      const scale = Math.sqrt((1024 * 1024) / (w * h));
      return { width: Math.round((w * scale) / 16) * 16, height: Math.round((h * scale) / 16) * 16 };
    }
  }
  throw badRequest(`size: use WxH with sides from ${SIDE.min} to ${SIDE.max}, a ratio up to 4:1, or auto`, 'size');
}

/** Plans a direct answer of the unnamed image model. */
export async function planLumenImage(body: unknown, resolve: UrlResolver): Promise<DirectImagePlan> {
  const request = parseBody(lumenSchema, body);
  const pixels = lumenSize(request.size);
  const checked = await checkImageReferences(request.image_urls ?? [], 'image_urls', references, resolve);
  return {
    style: 'direct',
    model: request.model,
    resultLabel: resultLabel(request.model),
    prompt: request.prompt,
    images: Array.from({ length: request.n ?? 1 }, () => ({ ...pixels, encoding: 'png' as const })),
    sources: { references: checked },
    responseFormat: 'b64_json',
  };
}
