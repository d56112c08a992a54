import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Encodings the simulator can produce for generated pictures. */
export type ImageEncoding = 'png' | 'jpeg' | 'webp';

/** What to draw: the seed (usually prompt + task id + index) decides the colours. */
export interface ImageRenderRequest {
  seed: string;
  width: number;
  height: number;
  encoding: ImageEncoding;
  /** Encoder quality 1-100 for JPEG/WebP; ignored for PNG. */
  quality?: number;
}

const MIME_BY_ENCODING: Record<ImageEncoding, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** MIME type of an encoding. */
export function mimeOfEncoding(encoding: ImageEncoding): string {
  return MIME_BY_ENCODING[encoding];
}

/** Four corner colours (RGB) derived from the seed, so the same prompt gives the same picture. */
export function cornerColours(seed: string): Buffer {
  const digest = createHash('sha256').update(seed).digest();
  return digest.subarray(0, 12);
}

/**
 * Renders a deterministic gradient of exactly `width` x `height` pixels.
 * A 2x2 picture of corner colours stretched with a linear kernel is a smooth gradient and
 * stays fast even for 4K and larger sizes (no per-pixel work in JavaScript).
 */
export async function renderImage(request: ImageRenderRequest): Promise<Buffer> {
  const corners = sharp(cornerColours(request.seed), { raw: { width: 2, height: 2, channels: 3 } });
  const stretched = corners.resize(request.width, request.height, { fit: 'fill', kernel: 'linear' });
  const quality = clampQuality(request.quality ?? 90);
  switch (request.encoding) {
    case 'png':
      // Low zlib effort: results are generated on demand and 4K must stay quick.
      return stretched.png({ compressionLevel: 2 }).toBuffer();
    case 'jpeg':
      return stretched.jpeg({ quality }).toBuffer();
    case 'webp':
      return stretched.webp({ quality }).toBuffer();
  }
}

function clampQuality(quality: number): number {
  return Math.min(100, Math.max(1, Math.round(quality)));
}
