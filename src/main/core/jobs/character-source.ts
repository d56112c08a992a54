/**
 * Where a character made from a video of the library comes from: the video's gateway address
 * with the 2-second segment the artist picked, or, without a segment, its finished task as a
 * whole. The address is only used while the gateway still serves it.
 */
import { isHttpUrl } from '../../../shared/catalog';
import { getAsset, type LibraryDatabase } from '../library';
import { getTask } from './store';
import { StudioFailure } from '../router/failure';
import type { CharacterSource } from './characters';

export function characterSourceFromAsset(db: LibraryDatabase, assetId: string, segment: string | undefined, now: number = db.now()): CharacterSource {
  const asset = getAsset(db, assetId);
  if (!asset) throw StudioFailure.of('asset_not_found');
  if (asset.kind !== 'video' || asset.taskId === null) throw StudioFailure.of('character_source_not_video');
  if (segment === undefined) return { fromTaskId: asset.taskId };
  const task = getTask(db, asset.taskId);
  const address = task?.resultUrls[asset.resultIndex] ?? task?.resultUrls[0];
  const expired = task?.expiresAt !== null && task?.expiresAt !== undefined && now >= task.expiresAt;
  if (address === undefined || !isHttpUrl(address) || expired) throw StudioFailure.of('character_segment_unavailable');
  return { videoUrl: address, segment };
}
