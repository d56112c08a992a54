import type { PixelSize, Tier } from './size-tables';
import { VARIANT_A_SIZES, VARIANT_B_SIZES, findInTieredTable, isRatio, parsePixelSize } from './size-tables';
import { badRequest } from '../requests/rejection';

/**
 * The pixel size a `gen-image-2` request asks for, read the same way on both channels, so one
 * request gives the same picture whichever channel the routing picks (docs/simulator.md):
 * a pixel size must be in variant A's table (and its tier must match `resolution`); a ratio is
 * drawn at variant B's table size for `resolution` (B lists every ratio and tier of the model);
 * `auto` and no size take the channel's default.
 */

export type GenImageChannel = 'direct' | 'task';

/** Variant A's pixel size for `auto`, no size, or a bare `resolution` tier. */
const DIRECT_DEFAULT: Record<Tier, PixelSize> = {
  '1K': { width: 1024, height: 1024 },
  '2K': { width: 2048, height: 2048 },
  '4K': { width: 3840, height: 2160 },
};

function tierIndex(tier: Tier): 0 | 1 | 2 {
  return tier === '1K' ? 0 : tier === '2K' ? 1 : 2;
}

/** Variant B's size of a ratio at a tier; 400 when the ratio is unknown or not at that tier. */
function ratioPixels(ratio: string, tier: Tier): PixelSize {
  const row = VARIANT_B_SIZES[ratio];
  if (!row) throw badRequest(`size: ratio ${ratio} is not supported`, 'size');
  const pixels = row[tierIndex(tier)];
  if (!pixels) throw badRequest(`invalid size and resolution combination: ${ratio} is not available at ${tier}`, 'size');
  return pixels;
}

function tablePixels(size: string, resolution: Tier | undefined): PixelSize {
  const pixels = parsePixelSize(size);
  if (!pixels) throw badRequest(`size: "${size}" is not a size; use WxH from the size table, a ratio W:H, or auto`, 'size');
  const found = findInTieredTable(VARIANT_A_SIZES, pixels);
  if (!found) throw badRequest(`size: ${size} is not in the size table of gen-image-2`, 'size');
  if (resolution !== undefined && resolution !== found.tier) {
    throw badRequest(`invalid size and resolution combination: ${size} is a ${found.tier} size, not ${resolution}`, 'size');
  }
  return pixels;
}

/**
 * The output size of a request on a channel. No size: variant A's default for the tier on the
 * direct channel, variant B's default ratio 1:1 on the task channel. `auto`: the same, except
 * that the task channel picks 16:9 at 4K, where 1:1 does not exist.
 */
export function genImagePixels(size: string | undefined, resolution: Tier | undefined, channel: GenImageChannel): PixelSize {
  const tier = resolution ?? '1K';
  const text = size?.trim();
  if (text === undefined || text === 'auto') {
    if (channel === 'direct') return DIRECT_DEFAULT[tier];
    return ratioPixels(text === 'auto' && tier === '4K' ? '16:9' : '1:1', tier);
  }
  return isRatio(text) ? ratioPixels(text, tier) : tablePixels(text, resolution);
}
