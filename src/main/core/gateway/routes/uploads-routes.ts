import { rm } from 'node:fs/promises';
import { UPLOAD_MAX_PIXELS, type UploadedImageView } from '../../../../shared/contract';
import type { LibraryService } from '../../library/library-service';
import { resolveLibraryFile } from '../../library/media-file';
import { getSavedMask } from '../../library/saved-masks';
import { imageLibrary } from '../../media/image-library';
import type { SqliteUploadCache } from '../../library/upload-cache';
import type { RouteHandlers } from '../../router/router';
import { StudioFailure } from '../../router/failure';
import type { GatewayService } from '../gateway-service';
import type { UploadStaging } from '../upload-staging';
import { fittedFileName, fitToTarget, type FitTarget } from '../reference-fitting';
import { checkImageFile } from '../uploads';
import { toStudioFailure, withGatewayFailures } from './failures';

const PREVIEW_EDGE = 320;

function toBuffer(bytes: Uint8Array | ArrayBuffer | string): Buffer {
  if (typeof bytes === 'string') return Buffer.from(bytes, 'base64');
  return bytes instanceof ArrayBuffer ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A small WebP preview (keeps transparency; an animated GIF shows its first frame). Decoding it
 * also proves the whole image can be read (a truncated or damaged file fails here, not upstream).
 */
async function previewDataUrl(path: string, fileName: string): Promise<string> {
  try {
    const preview = await imageLibrary()(path, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return `data:image/webp;base64,${preview.toString('base64')}`;
  } catch {
    throw StudioFailure.of('upload_cut_short', { file: fileName });
  }
}

/** The last part of a file name, should a caller send a path (a folder says nothing the user chose to share). */
function baseName(fileName: string): string {
  return fileName.split(/[\\/]/).pop()?.trim() || fileName.trim();
}

export interface UploadRouteDeps {
  gateway: GatewayService;
  staging: UploadStaging;
  library: () => LibraryService;
  /** The upload cache of the library database, which also keeps each upload's preview. */
  cache: SqliteUploadCache;
}

type UploadRoutes = 'uploads.add' | 'uploads.add_asset' | 'uploads.add_saved_mask' | 'uploads.describe';

/**
 * `uploads.add`: the dropped file's bytes are written to this launch's private staging folder,
 * checked (not empty, a JPEG/PNG/WebP/GIF by its bytes, at most 10 MB and 100 megapixels,
 * readable to the end), fitted to the limits of the model field it is for when it is over them
 * (re-encoded and scaled; the original is only read), and only then uploaded, or found already uploaded by content hash, to
 * the gateway in use. A refused file answers `invalid_input` naming the problem; nothing is sent.
 * `uploads.add_asset` does the same for an image of the library, read where it lies, and
 * `uploads.add_saved_mask` for a saved mask (`.masks/<id>.png`), sent as it was saved.
 * Each upload keeps its preview and the name of its file (a library item's own file name) in the
 * cache. `uploads.describe` answers from the cache alone: it never fetches an address.
 */
export function uploadsHandlers({ gateway, staging, library, cache }: UploadRouteDeps): Pick<RouteHandlers, UploadRoutes> {
  const upload = async (path: string, fileName: string, fitFor: FitTarget | undefined): Promise<UploadedImageView> => {
    // The header alone: the upload hashes the bytes as it sends them.
    const inspect = (file: string, name: string, toBeFitted = false) =>
      checkImageFile(file, name, { toBeFitted }).catch((error: unknown) => {
        throw toStudioFailure(error);
      });
    // A library image over the upload's 10 MB may still be fitted under it.
    const facts = await inspect(path, fileName, fitFor !== undefined);
    const preview = await previewDataUrl(path, fileName);
    // Over the model's limits: the fitted bytes are what is checked, uploaded and cached; the original stays as it is.
    const fitted = fitFor === undefined ? undefined : await fitToTarget(path, facts, fitFor, staging);
    try {
      const sent = fitted === undefined ? { path, fileName } : { path: fitted.path, fileName: fittedFileName(fileName, fitted.mimeType) };
      // What is sent meets the upload's limits, whatever was fitted (or could not be).
      const sentFacts = fitted === undefined && fitFor === undefined ? facts : await inspect(sent.path, sent.fileName);
      return await withGatewayFailures(async () => {
        const { client } = await gateway.active();
        const image = await client.uploads.uploadFile(sent.path, { fileName: sent.fileName });
        cache.setLocalFacts(client.uploads.scope, image.sha256, { preview, fileName: baseName(fileName) });
        return {
          url: image.url,
          mimeType: sentFacts.mimeType,
          size: sentFacts.size,
          width: sentFacts.width ?? null,
          height: sentFacts.height ?? null,
          hasAlpha: sentFacts.hasAlpha,
          sha256: image.sha256,
          reused: image.reused,
          previewDataUrl: preview,
          fittedFrom: fitted === undefined ? null : { mimeType: facts.mimeType, size: facts.size, width: facts.width ?? null, height: facts.height ?? null },
        };
      });
    } finally {
      if (fitted !== undefined) await rm(fitted.path, { force: true });
    }
  };

  return {
    'uploads.add': async ({ fileName, bytes, fitFor }) => {
      const buffer = toBuffer(bytes);
      if (buffer.length === 0) throw StudioFailure.of('upload_empty', { file: fileName });
      const path = await staging.write(buffer);
      try {
        return await upload(path, fileName, fitFor);
      } finally {
        await rm(path, { force: true });
      }
    },
    'uploads.add_asset': async ({ assetId, fitFor }) => {
      const service = library();
      const asset = service.get(assetId);
      const fileName = asset.mediaPath.split('/').pop() ?? asset.id;
      if (asset.kind !== 'image') throw StudioFailure.of('upload_not_image', { file: fileName });
      let path: string;
      try {
        path = resolveLibraryFile(service.root, asset.mediaPath).path;
      } catch {
        throw StudioFailure.of('asset_file_missing');
      }
      return upload(path, fileName, fitFor);
    },
    'uploads.add_saved_mask': async ({ maskId }) => {
      const service = library();
      const mask = getSavedMask(service, maskId);
      if (!mask) throw StudioFailure.of('mask_not_found');
      let path: string;
      try {
        path = resolveLibraryFile(service.root, mask.filePath).path;
      } catch {
        throw StudioFailure.of('mask_not_found');
      }
      return upload(path, 'mask.png', undefined);
    },
    'uploads.describe': ({ urls }) =>
      withGatewayFailures(async () => {
        const { client } = await gateway.active();
        return cache.findByUrls(client.uploads.scope, urls).map((known) => ({
          url: known.url,
          mimeType: known.mimeType,
          size: known.size,
          width: known.width,
          height: known.height,
          sha256: known.sha256,
          previewDataUrl: known.preview,
          fileName: known.fileName,
        }));
      }),
  };
}
