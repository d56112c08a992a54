import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { RouteHandlers } from '../../router/router';
import type { GatewayService } from '../gateway-service';
import { withGatewayFailures } from './failures';

const PREVIEW_EDGE = 320;

function toBuffer(bytes: Uint8Array | ArrayBuffer | string): Buffer {
  if (typeof bytes === 'string') return Buffer.from(bytes, 'base64');
  return bytes instanceof ArrayBuffer ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A small WebP preview (keeps transparency; an animated GIF shows its first frame). */
async function previewDataUrl(bytes: Buffer): Promise<string> {
  const preview = await sharp(bytes)
    .rotate()
    .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return `data:image/webp;base64,${preview.toString('base64')}`;
}

/**
 * `uploads.add`: the dropped file's bytes are written to a temporary file, checked and uploaded
 * (or found already uploaded by content hash) to the gateway in use.
 */
export function uploadsHandlers(gateway: GatewayService): Pick<RouteHandlers, 'uploads.add'> {
  return {
    'uploads.add': ({ fileName, bytes }) =>
      withGatewayFailures(async () => {
        const { client } = await gateway.active();
        const buffer = toBuffer(bytes);
        const dir = join(tmpdir(), 'atelier-uploads');
        await mkdir(dir, { recursive: true });
        const path = join(dir, randomUUID());
        await writeFile(path, buffer);
        try {
          const image = await client.uploads.uploadFile(path, { fileName });
          return {
            url: image.url,
            mimeType: image.mimeType,
            size: image.size,
            width: image.width ?? null,
            height: image.height ?? null,
            hasAlpha: image.hasAlpha,
            sha256: image.sha256,
            reused: image.reused,
            previewDataUrl: await previewDataUrl(buffer),
          };
        } finally {
          await rm(path, { force: true });
        }
      }),
  };
}
