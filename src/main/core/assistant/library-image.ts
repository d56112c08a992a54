import { readFile } from 'node:fs/promises';
import type { LibraryService } from '../library/library-service';
import { resolveLibraryFile } from '../library/media-file';
import { StudioFailure } from '../router/failure';

/** Library images larger than this are not read for the assistant (results are far smaller). */
const MAX_LIBRARY_IMAGE_BYTES = 64 * 1024 * 1024;

/** The bytes of a library image for the assistant to describe; they never leave main. */
export async function readLibraryImage(library: LibraryService, assetId: string): Promise<{ bytes: Buffer; name: string }> {
  const asset = library.get(assetId);
  const name = asset.mediaPath.split('/').pop() ?? asset.id;
  if (asset.kind !== 'image') throw StudioFailure.of('assistant_image_unreadable', { file: name });
  let file;
  try {
    file = resolveLibraryFile(library.root, asset.mediaPath);
  } catch {
    throw StudioFailure.of('asset_file_missing');
  }
  if (file.size > MAX_LIBRARY_IMAGE_BYTES) throw StudioFailure.of('assistant_image_unreadable', { file: name });
  return { bytes: await readFile(file.path), name };
}
