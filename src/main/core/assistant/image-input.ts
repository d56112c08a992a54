/**
 * An image for the assistant to describe, from dropped bytes or a library file: checked to be a
 * JPEG, PNG, WebP or GIF, and made smaller when it is larger than a text model needs (the
 * longer side at most 1568 px, a few megabytes), so a phone photo does not cost a fortune in
 * input tokens or exceed a gateway's body limit.
 */
import { UPLOAD_MAX_PIXELS } from '../../../shared/contract';
import { imageLibrary } from '../media/image-library';
import { StudioFailure } from '../router/failure';
import type { PreparedImage } from './reply-request';

const MIME_BY_FORMAT: Readonly<Record<string, PreparedImage['mime']>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Longest side sent to a text model. */
const MAX_IMAGE_SIDE = 1568;
/** Bytes sent as they are; larger images are re-encoded smaller. */
const MAX_IMAGE_BYTES = 3_500_000;

/** Bytes as they cross the contract: a Uint8Array (Buffer), an ArrayBuffer, or Base64 text. */
export function bytesOf(input: Uint8Array | ArrayBuffer | string): Buffer {
  if (typeof input === 'string') return Buffer.from(input, 'base64');
  if (input instanceof ArrayBuffer) return Buffer.from(input);
  return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
}

export async function prepareImage(bytes: Buffer, name: string): Promise<PreparedImage> {
  const refuse = (): StudioFailure => StudioFailure.of('assistant_image_unreadable', { file: name });
  if (bytes.byteLength === 0) throw refuse();
  const metadata = await imageLibrary()(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refuse();
    });
  const mime = Object.hasOwn(MIME_BY_FORMAT, metadata.format) ? MIME_BY_FORMAT[metadata.format] : undefined;
  const pixels = metadata.width * (metadata.pageHeight ?? metadata.height) * Math.max(1, metadata.pages ?? 1);
  if (mime === undefined || pixels > UPLOAD_MAX_PIXELS) throw refuse();
  const side = Math.max(metadata.width, metadata.pageHeight ?? metadata.height);
  if (side <= MAX_IMAGE_SIDE && bytes.byteLength <= MAX_IMAGE_BYTES) return { name, mime, base64: bytes.toString('base64') };
  // The first frame of an animation is enough to describe it.
  const resized = imageLibrary()(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, pages: 1 })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
  const encoded = metadata.hasAlpha ? await resized.png().toBuffer() : await resized.jpeg({ quality: 85 }).toBuffer();
  return { name, mime: metadata.hasAlpha ? 'image/png' : 'image/jpeg', base64: encoded.toString('base64') };
}
