import type { MaskDocument } from './mask-model';
import { maskPixels, rasterize } from './mask-raster';
import { encodeRgbaPng } from './png';

/**
 * The mask file the gateway gets: a PNG with an alpha channel at exactly the pixel size of the
 * image it belongs to (transparent = repaint, opaque = keep).
 */
export async function exportMaskPng(doc: MaskDocument): Promise<Uint8Array> {
  const coverage = rasterize(doc, 1);
  return encodeRgbaPng(maskPixels(coverage), coverage.width, coverage.height);
}
