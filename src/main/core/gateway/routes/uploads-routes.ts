import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../../shared/contract';
import type { RouteHandlers } from '../../router/router';
import { StudioFailure } from '../../router/failure';
import type { GatewayService } from '../gateway-service';
import type { UploadStaging } from '../upload-staging';
import { inspectImageFile } from '../uploads';
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
    const preview = await sharp(path, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return `data:image/webp;base64,${preview.toString('base64')}`;
  } catch {
    throw StudioFailure.of('upload_cut_short', { file: fileName });
  }
}

/**
 * `uploads.add`: the dropped file's bytes are written to this launch's private staging folder,
 * checked (not empty, a JPEG/PNG/WebP/GIF by its bytes, at most 10 MB and 100 megapixels,
 * readable to the end) and only then uploaded, or found already uploaded by content hash, to
 * the gateway in use. A refused file answers `invalid_input` naming the problem; nothing is sent.
 */
export function uploadsHandlers(gateway: GatewayService, staging: UploadStaging): Pick<RouteHandlers, 'uploads.add'> {
  return {
    'uploads.add': async ({ fileName, bytes }) => {
      const buffer = toBuffer(bytes);
      if (buffer.length === 0) throw StudioFailure.of('upload_empty', { file: fileName });
      const path = await staging.write(buffer);
      try {
        const facts = await inspectImageFile(path, fileName).catch((error: unknown) => {
          throw toStudioFailure(error);
        });
        const preview = await previewDataUrl(path, fileName);
        return await withGatewayFailures(async () => {
          const { client } = await gateway.active();
          const image = await client.uploads.uploadFile(path, { fileName });
          return {
            url: image.url,
            mimeType: facts.mimeType,
            size: facts.size,
            width: facts.width ?? null,
            height: facts.height ?? null,
            hasAlpha: facts.hasAlpha,
            sha256: facts.sha256,
            reused: image.reused,
            previewDataUrl: preview,
          };
        });
      } finally {
        await rm(path, { force: true });
      }
    },
  };
}
