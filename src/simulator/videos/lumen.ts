import { z } from 'zod';
import type { UrlResolver } from '../requests/references';
import { checkImageReferences } from '../requests/references';
import { parseBody } from '../requests/rejection';
import { VIDEO_IMAGE_RULE } from './singular-path';
import type { VideoPlan } from './video-plan';
import { videoSizeFor } from './video-sizes';

/**
 * `lumen-video-1`: a video model the interface does not name (docs/simulator.md), submitted on
 * `POST /v1/videos/generations` and polled there like the turbo model, with the options common to
 * video models only.
 */
export const LUMEN_VIDEO_MODEL = 'lumen-video-1';

const lumenVideoSchema = z.object({
  model: z.literal(LUMEN_VIDEO_MODEL),
  prompt: z.string().min(1, 'prompt is required'),
  duration: z.int().min(1, 'at least 1 second').max(20, 'at most 20 seconds').optional(),
  aspect_ratio: z.enum(['16:9', '9:16', '1:1']).optional(),
  image_urls: z.array(z.string()).max(4, 'at most 4 images').optional(),
});

/** Plans a task of the unnamed video model. */
export async function planLumenVideo(body: unknown, resolve: UrlResolver): Promise<VideoPlan> {
  const request = parseBody(lumenVideoSchema, body);
  const references = await checkImageReferences(request.image_urls ?? [], 'image_urls', VIDEO_IMAGE_RULE, resolve);
  return {
    family: 'video-turbo',
    model: request.model,
    prompt: request.prompt,
    seconds: request.duration ?? 5,
    size: videoSizeFor('720p', request.aspect_ratio ?? '16:9'),
    count: 1,
    metadata: {},
    priceFactor: 1,
    firstFrame: references[0]?.file,
  };
}
