/**
 * The shape of a result in Create's stream before and after it lands: the result's own, else the
 * size or ratio asked for, so nothing jumps when the result takes its place.
 */
import type { AssetView, JobView } from '../../../../../shared/contract';

const ratioOf = (text: unknown): number | undefined => {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d+)\s*[x:]\s*(\d+)$/.exec(text.trim());
  if (!match) return undefined;
  const [w, h] = [Number(match[1]), Number(match[2])];
  return w > 0 && h > 0 ? w / h : undefined;
};

/** Width over height of a card: the result's own, else the size or ratio asked for, else square (16:9 for video). */
export function aspectOf(job: Pick<JobView, 'request' | 'variantId'>, asset: Pick<AssetView, 'width' | 'height'> | null): number {
  if (asset?.width && asset.height) return asset.width / asset.height;
  const request = (job.request ?? {}) as Record<string, unknown>;
  const asked = ratioOf(request.size) ?? ratioOf(request.aspect_ratio);
  if (asked !== undefined) return asked;
  return job.variantId.startsWith('video.') ? 16 / 9 : 1;
}
