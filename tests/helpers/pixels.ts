/**
 * Reading generated pictures in tests: decode to raw RGB, compare regions, correlate, and save
 * samples under `test-results/` for a person to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** Raw RGB pixels of a picture. */
export interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes image bytes to RGB (optionally stretched to a size, as the demo gateway stretches references). */
export async function rgbOf(bytes: Buffer, size?: { width: number; height: number }): Promise<Rgb> {
  let image = sharp(bytes).flatten({ background: '#ffffff' });
  if (size) image = image.resize(size.width, size.height, { fit: 'fill' });
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A rectangle of pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How two same-size pictures differ inside a region. */
export interface RegionDifference {
  /** Mean absolute difference per channel (0-255). */
  mean: number;
  /** Largest channel difference. */
  max: number;
  /** Share of pixels where some channel differs by more than 40. */
  changedShare: number;
}

export function difference(a: Rgb, b: Rgb, region: Region): RegionDifference {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let sum = 0;
  let max = 0;
  let changed = 0;
  for (let y = region.top; y < region.top + region.height; y++) {
    for (let x = region.left; x < region.left + region.width; x++) {
      const offset = (y * a.width + x) * 3;
      let pixelMax = 0;
      for (let c = 0; c < 3; c++) {
        const delta = Math.abs((a.data[offset + c] ?? 0) - (b.data[offset + c] ?? 0));
        sum += delta;
        pixelMax = Math.max(pixelMax, delta);
      }
      max = Math.max(max, pixelMax);
      if (pixelMax > 40) changed += 1;
    }
  }
  const pixels = region.width * region.height;
  return { mean: sum / (pixels * 3), max, changedShare: changed / pixels };
}

function luminance(image: Rgb, region: Region): number[] {
  const values: number[] = [];
  for (let y = region.top; y < region.top + region.height; y++) {
    for (let x = region.left; x < region.left + region.width; x++) {
      const offset = (y * image.width + x) * 3;
      values.push(0.299 * (image.data[offset] ?? 0) + 0.587 * (image.data[offset + 1] ?? 0) + 0.114 * (image.data[offset + 2] ?? 0));
    }
  }
  return values;
}

/** Pearson correlation of the brightness of two same-size pictures inside a region (-1 to 1). */
export function correlation(a: Rgb, b: Rgb, region: Region = { left: 0, top: 0, width: a.width, height: a.height }): number {
  const x = luminance(a, region);
  const y = luminance(b, region);
  const mean = (values: number[]): number => values.reduce((s, v) => s + v, 0) / values.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = (x[i] ?? 0) - mx;
    const dy = (y[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/** How many pixels of a region satisfy a colour test. */
export function countPixels(image: Rgb, region: Region, test: (r: number, g: number, b: number) => boolean): number {
  let count = 0;
  for (let y = region.top; y < region.top + region.height; y++) {
    for (let x = region.left; x < region.left + region.width; x++) {
      const offset = (y * image.width + x) * 3;
      if (test(image.data[offset] ?? 0, image.data[offset + 1] ?? 0, image.data[offset + 2] ?? 0)) count += 1;
    }
  }
  return count;
}

/** The whole picture as a region. */
export function whole(image: Rgb): Region {
  return { left: 0, top: 0, width: image.width, height: image.height };
}

/** Where samples for people to look at are saved. */
const SAMPLES_DIR = join(import.meta.dirname, '../../test-results/demo-gateway');

/** Saves image bytes as a PNG sample under `test-results/demo-gateway/` (at most 1024 pixels wide). */
export async function saveSample(name: string, bytes: Buffer): Promise<void> {
  mkdirSync(SAMPLES_DIR, { recursive: true });
  const png = await sharp(bytes).resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  writeFileSync(join(SAMPLES_DIR, `${name}.png`), png);
}
