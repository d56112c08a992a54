import { sharp } from './image-library';
import type { Sharp } from 'sharp';
import type { Box } from './card';
import type { Palette } from './palette';
import { hex } from './palette';
import { renderBackdrop } from './backdrop';

/**
 * Inpainting the way the interface defines the mask: alpha 0 marks the area to repaint, opaque
 * keeps the reference. The repaint is a fill that cannot be mistaken for the reference (a
 * backdrop of another palette under diagonal stripes), so a mask applied the wrong way round
 * shows at a glance and in a pixel test.
 */

/** The mask's alpha at the output size, and where its transparent (repainted) area lies. */
export interface MaskAlpha {
  /** One byte per output pixel: 255 keeps the reference, 0 repaints. */
  alpha: Buffer;
  /** Bounding box of the repainted area, or undefined when nothing is repainted. */
  repaintBox: Box | undefined;
}

/** Longest side of the copy the repaint box is measured on (cheap, and exact enough for layout). */
const PROBE_SIDE = 128;

function boxOfTransparent(alpha: Buffer, width: number, height: number): { x0: number; y0: number; x1: number; y1: number } | undefined {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((alpha[y * width + x] ?? 255) >= 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? undefined : { x0, y0, x1, y1 };
}

/** Reads the mask's alpha channel stretched to `width` x `height` (the reference is stretched the same way). */
export async function maskAlphaAt(mask: Buffer, width: number, height: number): Promise<MaskAlpha> {
  const alpha = await sharp(mask).ensureAlpha().extractChannel(3).resize(width, height, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  const scale = Math.min(1, PROBE_SIDE / Math.max(width, height));
  const probeWidth = Math.max(1, Math.round(width * scale));
  const probeHeight = Math.max(1, Math.round(height * scale));
  const probe = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .resize(probeWidth, probeHeight, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const found = boxOfTransparent(probe, probeWidth, probeHeight);
  if (!found) return { alpha, repaintBox: undefined };
  const left = Math.floor((found.x0 / probeWidth) * width);
  const top = Math.floor((found.y0 / probeHeight) * height);
  const right = Math.min(width, Math.ceil(((found.x1 + 1) / probeWidth) * width));
  const bottom = Math.min(height, Math.ceil(((found.y1 + 1) / probeHeight) * height));
  return { alpha, repaintBox: { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) } };
}

function stripeTile(side: number, colour: string): Buffer {
  const band = side / 4;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><path d="M0 ${side} L${side} 0 L${side} ${band} L${band} ${side} Z M0 ${band} L${band} 0 L0 0 Z" fill="${colour}" fill-opacity="0.45"/></svg>`,
  );
}

/** The repaint fill as raw RGB of the output size. */
export async function repaintFill(width: number, height: number, palette: Palette, seed: string): Promise<Buffer> {
  const backdrop = await renderBackdrop(width, height, palette, `${seed}\u0000repaint`);
  const side = Math.max(16, Math.round(Math.min(width, height) / 10));
  return sharp(backdrop, { raw: { width, height, channels: 3 } })
    .composite([{ input: stripeTile(side, hex(palette.accent)), tile: true, left: 0, top: 0 }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * Puts `repaint` (raw RGB, the fill with its captions) over `reference` (raw RGB) where the mask
 * is transparent: each output pixel is reference x alpha + repaint x (1 - alpha).
 */
export async function applyMask(reference: Buffer, repaint: Buffer, mask: MaskAlpha, width: number, height: number): Promise<Sharp> {
  // The repaint shows where the mask is transparent: its alpha is the mask's, inverted.
  const inverted = Buffer.allocUnsafe(mask.alpha.length);
  for (let i = 0; i < inverted.length; i++) inverted[i] = 255 - (mask.alpha[i] ?? 255);
  const cover = await sharp(repaint, { raw: { width, height, channels: 3 } })
    .joinChannel(inverted, { raw: { width, height, channels: 1 } })
    .raw()
    .toBuffer();
  return sharp(reference, { raw: { width, height, channels: 3 } }).composite([{ input: cover, raw: { width, height, channels: 4 } }]);
}
