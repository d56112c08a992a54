import { sharp } from './image-library';
import type { OverlayOptions } from 'sharp';
import type { Box } from './card';

/**
 * The reference strip: every reference of a request as a small framed thumbnail in one row,
 * so a result with several references shows which pictures it was given.
 */

/** Thumbnails as composite layers along the top of `box`; empty when there is nothing to show. */
export async function referenceStripLayers(references: readonly Buffer[], box: Box, preferredSide: number): Promise<OverlayOptions[]> {
  if (references.length === 0) return [];
  const gap = Math.max(2, Math.round(preferredSide * 0.08));
  const border = Math.max(1, Math.round(preferredSide * 0.04));
  const fitting = Math.floor((box.width - (references.length - 1) * gap) / references.length);
  const side = Math.max(8, Math.min(preferredSide, fitting, box.height));
  const inner = Math.max(1, side - 2 * border);
  const shown = references.slice(0, Math.max(1, Math.floor((box.width + gap) / (side + gap))));
  return Promise.all(
    shown.map(async (bytes, index) => {
      const thumbnail = await sharp(bytes, { animated: false })
        .resize(inner, inner, { fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .extend({ top: border, bottom: border, left: border, right: border, background: '#ffffff' })
        .png({ compressionLevel: 1 })
        .toBuffer();
      return { input: thumbnail, left: box.left + index * (side + gap), top: box.top };
    }),
  );
}
