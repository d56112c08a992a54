/**
 * Reads a saved mask's PNG back into coverage, as pure code over bytes (the platform's
 * `DecompressionStream` inflates), so loading a mask is the same in the window and in tests.
 * It reads what masks are saved as: 8 bits per channel, not interlaced, grey, RGB, palette, grey
 * with alpha or RGBA, every row filter. Anything else is refused, never guessed at.
 */
import type { Coverage } from './mask-model';

/** Why a PNG could not be read as a mask. */
export class MaskPngUnreadable extends Error {
  constructor(why: string) {
    super(`the mask PNG cannot be read: ${why}`);
    this.name = 'MaskPngUnreadable';
  }
}

/** Channels per pixel of each colour type PNG defines (3: one palette index). */
const CHANNELS: Partial<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Chunks {
  width: number;
  height: number;
  colourType: number;
  data: Uint8Array;
  /** Alpha per palette index (colour type 3), 255 for the ones tRNS does not name. */
  paletteAlpha: Uint8Array;
}

function readChunks(png: Uint8Array): Chunks {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 8 || signature.some((byte, i) => png[i] !== byte)) throw new MaskPngUnreadable('not a PNG');
  let header: { width: number; height: number; colourType: number } | undefined;
  const parts: Uint8Array[] = [];
  let paletteAlpha = new Uint8Array(256).fill(255);
  for (let at = 8; at + 8 <= png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const body = png.subarray(at + 8, at + 8 + length);
    if (body.length !== length) throw new MaskPngUnreadable('cut short');
    if (type === 'IHDR') {
      const [depth, colourType, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || interlace !== 0 || colourType === undefined || CHANNELS[colourType] === undefined)
        throw new MaskPngUnreadable(`depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
      header = { width: view.getUint32(at + 8), height: view.getUint32(at + 12), colourType };
    } else if (type === 'tRNS') {
      paletteAlpha = new Uint8Array(256).fill(255);
      paletteAlpha.set(body.subarray(0, 256));
    } else if (type === 'IDAT') parts.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || parts.length === 0) throw new MaskPngUnreadable('no image data');
  const data = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    data.set(part, offset);
    offset += part.length;
  }
  return { ...header, data, paletteAlpha };
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    throw new MaskPngUnreadable('damaged image data');
  }
}

/** The Paeth predictor of the PNG specification. */
function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const toLeft = Math.abs(p - left);
  const toUp = Math.abs(p - up);
  const toUpLeft = Math.abs(p - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Undoes each row's filter in place; returns the raw rows without their filter bytes. */
function unfilter(scanlines: Uint8Array, width: number, height: number, channels: number): Uint8Array {
  const stride = width * channels;
  if (scanlines.length < (stride + 1) * height) throw new MaskPngUnreadable('too little image data');
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = scanlines[y * (stride + 1)];
    const line = scanlines.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (rows[row + x - channels] ?? 0) : 0;
      const up = y > 0 ? (rows[row - stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (rows[row - stride + x - channels] ?? 0) : 0;
      const predicted =
        filter === 0 ? 0 : filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, upLeft) : -1;
      if (predicted < 0) throw new MaskPngUnreadable(`unknown row filter ${filter}`);
      rows[row + x] = ((line[x] ?? 0) + predicted) & 0xff;
    }
  }
  return rows;
}

/**
 * A mask PNG's coverage: transparent (repaint) is 255, opaque (keep) is 0, as the painter
 * exports it. A PNG without alpha keeps everything. Throws `MaskPngUnreadable`.
 */
export async function decodeMaskPng(png: Uint8Array): Promise<Coverage> {
  const { width, height, colourType, data, paletteAlpha } = readChunks(png);
  const channels = CHANNELS[colourType] ?? 1;
  const rows = unfilter(await inflate(data), width, height, channels);
  const coverage = new Uint8ClampedArray(width * height);
  for (let i = 0; i < coverage.length; i++) {
    const alpha =
      colourType === 6 || colourType === 4 ? (rows[i * channels + channels - 1] ?? 255) : colourType === 3 ? (paletteAlpha[rows[i] ?? 0] ?? 255) : 255;
    coverage[i] = 255 - alpha;
  }
  return { width, height, data: coverage };
}
