/**
 * A PNG's, JPEG's or WebP's type, pixel size and transparency read from its first bytes, without
 * the image library: checking a reference before its upload needs only these, and loading the
 * library (hundreds of milliseconds and tens of MB in a fresh process) for them cost more than the
 * upload's own work. `image-size` reads the type and size; it says nothing of transparency or
 * animation, so those few bytes are read here. Anything else (a GIF, whose frames count towards its
 * pixels; an animated PNG or WebP; a header past the first 64 KB; a file `image-size` cannot read)
 * is left to the image library, whose verdict stands.
 */
import { open } from 'node:fs/promises';
import { imageSize } from 'image-size';

export interface ImageHeaderFacts {
  /** The image library's name of the format. */
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** The chunks before a PNG's pixel data, and a JPEG's markers before its frame header, fit in this in all but rare files. */
const HEAD_BYTES = 64 * 1024;
const FORMAT_BY_TYPE: Readonly<Record<string, ImageHeaderFacts['format']>> = { png: 'png', jpg: 'jpeg', webp: 'webp' };
/** PNG colour types with an alpha channel of their own (greyscale + alpha, RGBA). */
const PNG_ALPHA_COLOUR_TYPES = new Set([4, 6]);
/** The extended WebP header's flags (byte 20): the picture has alpha; it is animated. */
const WEBP_ALPHA_FLAG = 0x10;
const WEBP_ANIMATION_FLAG = 0x02;

/**
 * Whether a PNG is transparent (an alpha channel, or a transparent colour in a `tRNS` chunk
 * before its pixel data); undefined when it is animated or its pixel data is not in `bytes`.
 */
function pngTransparency(bytes: Buffer): boolean | undefined {
  // Signature (8 bytes), then the header chunk: length, "IHDR", width, height, bit depth, colour type.
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  let transparent = PNG_ALPHA_COLOUR_TYPES.has(bytes[25] ?? -1);
  for (let offset = 8; offset + 8 <= bytes.byteLength; offset += 12 + bytes.readUInt32BE(offset)) {
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') return transparent;
    // An animated PNG's frames are the image library's to read.
    if (type === 'acTL') return undefined;
    if (type === 'tRNS') transparent = true;
  }
  return undefined;
}

/** Whether a WebP has alpha; undefined when it is animated (its frames count towards its pixels). */
function webpTransparency(bytes: Buffer): boolean | undefined {
  const chunk = bytes.toString('latin1', 12, 16);
  const flags = bytes[20] ?? 0;
  if (chunk === 'VP8X') return (flags & WEBP_ANIMATION_FLAG) !== 0 ? undefined : (flags & WEBP_ALPHA_FLAG) !== 0;
  // A lossless stream: signature byte, 14 bits of width, 14 of height, then the bit that says alpha is used.
  if (chunk === 'VP8L') return ((bytes[24] ?? 0) & 0x10) !== 0;
  return false;
}

/** The header of `bytes` (an image's first bytes), or undefined when it is not a still PNG, JPEG or WebP read to its size. */
export function parseImageHeader(bytes: Buffer): ImageHeaderFacts | undefined {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return undefined;
  }
  const format = size.type === undefined ? undefined : FORMAT_BY_TYPE[size.type];
  const { width, height } = size;
  if (format === undefined || !(Number.isInteger(width) && width > 0 && Number.isInteger(height) && height > 0)) return undefined;
  const hasAlpha = format === 'png' ? pngTransparency(bytes) : format === 'webp' ? webpTransparency(bytes) : false;
  return hasAlpha === undefined ? undefined : { format, width, height, hasAlpha };
}

/** The header of the image at `path` (see `parseImageHeader`); undefined for any other file. */
export async function readImageHeader(path: string): Promise<ImageHeaderFacts | undefined> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.allocUnsafe(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return parseImageHeader(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
