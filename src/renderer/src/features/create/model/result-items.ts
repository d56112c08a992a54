/**
 * The cards of Create's results, as plain data: one per result of each job, newest job first, a
 * job without results yet being one card that its first result later takes the place of (same
 * key). Each card keeps the shape of what was asked for, so nothing jumps when the result lands.
 */
import type { AssetView, JobView } from '../../../../../shared/contract';

export interface ResultItem {
  /** Stable while the job runs and after its first result lands. */
  key: string;
  job: JobView;
  /** The result shown, once it is in the library. */
  asset: AssetView | null;
}

/** Cards for `jobs` (any order), newest first, at most `limit`; results read from `assets`. */
export function resultItems(jobs: readonly JobView[], assets: Readonly<Record<string, AssetView>>, limit: number): ResultItem[] {
  const newest = [...jobs].sort((a, b) => b.createdAt - a.createdAt || b.position - a.position);
  const items: ResultItem[] = [];
  for (const job of newest) {
    const landed = job.assetIds.flatMap((id) => (assets[id] ? [assets[id]] : []));
    if (landed.length === 0) items.push({ key: `${job.id}:0`, job, asset: null });
    landed.forEach((asset, index) => items.push({ key: `${job.id}:${index}`, job, asset }));
    if (items.length >= limit) break;
  }
  return items.slice(0, limit);
}

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
