/**
 * A PNG's pixel size and transparency read from its first chunks, without the image library:
 * checking a reference before its upload needs only these, and loading the library (hundreds of
 * milliseconds and tens of MB in a fresh process) for them cost more than the upload's own work.
 * Only a plain, well-formed PNG is answered; anything else (another format, an animated PNG, a bad
 * checksum, a header past the first 64 KB) is left to the image library, whose verdict stands.
 */
import { open } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

export interface PngHeader {
  width: number;
  height: number;
  hasAlpha: boolean;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The chunks before the pixel data (IHDR, palette, colour profile, text) fit in this in all but rare files. */
const HEAD_BYTES = 64 * 1024;
const MOST_PIXELS_A_SIDE = 0x7fffffff;
/** Colour types with an alpha channel of their own (greyscale + alpha, RGBA). */
const ALPHA_COLOUR_TYPES = new Set([4, 6]);
/** Valid bit depths per colour type (PNG specification, table 11.1). */
const BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** The header of `bytes` (a PNG's first bytes), or undefined when it is not a plain PNG read to its pixel data. */
export function parsePngHeader(bytes: Buffer): PngHeader | undefined {
  if (bytes.byteLength < SIGNATURE.byteLength || !bytes.subarray(0, SIGNATURE.byteLength).equals(SIGNATURE)) return undefined;
  let offset = SIGNATURE.byteLength;
  let header: PngHeader | undefined;
  while (offset + 12 <= bytes.byteLength) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.byteLength) return undefined;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(end - 4)) return undefined;
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (header === undefined) {
      header = type === 'IHDR' && length === 13 ? ihdr(data) : undefined;
      if (header === undefined) return undefined;
    } else if (type === 'IDAT') {
      return header;
    } else if (type === 'acTL' || type === 'IHDR') {
      // An animated PNG's frames (or a second header) are the image library's to read.
      return undefined;
    } else if (type === 'tRNS') {
      header.hasAlpha = true;
    }
    offset = end;
  }
  return undefined;
}

function ihdr(data: Buffer): PngHeader | undefined {
  const width = data.readUInt32BE(0);
  const height = data.readUInt32BE(4);
  const [bitDepth, colourType, compression, filter, interlace] = data.subarray(8, 13);
  if (width === 0 || height === 0 || width > MOST_PIXELS_A_SIDE || height > MOST_PIXELS_A_SIDE) return undefined;
  if (colourType === undefined || bitDepth === undefined || BIT_DEPTHS[colourType]?.includes(bitDepth) !== true) return undefined;
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return undefined;
  return { width, height, hasAlpha: ALPHA_COLOUR_TYPES.has(colourType) };
}

/** The header of the PNG at `path` (see `parsePngHeader`); undefined for any other file. */
export async function readPngHeader(path: string): Promise<PngHeader | undefined> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.allocUnsafe(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return parsePngHeader(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
