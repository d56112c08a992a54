/**
 * Which saved masks can be loaded on the image being masked. The gateway wants the mask at exactly
 * the first image's pixel size: a mask of the image's shape is scaled to it when loaded, one of
 * another shape would be stretched out of place, so it is refused (listed with its size, saying why).
 */
import type { SavedMaskView } from '../../../../../shared/contract';
import { SAVED_MASK_NAME_MAX } from '../../../../../shared/contract/masks';

export interface SavedMaskChoice extends SavedMaskView {
  /** Of the image's shape: it can be loaded (scaled when `scaled`). */
  fits: boolean;
  /** Of the image's shape but another size: loading scales it to the image. */
  scaled: boolean;
}

/** How far two shapes (width over height) may differ and still be one: a pixel of rounding on a small side. */
const SHAPE_TOLERANCE = 0.01;

/** True when a mask of `mask`'s size can be stretched over `image` without moving what it marks. */
export function sameShape(mask: Size, image: Size): boolean {
  const ratio = (mask.width / mask.height) * (image.height / image.width);
  return Math.abs(ratio - 1) <= SHAPE_TOLERANCE;
}

interface Size {
  width: number;
  height: number;
}

/** The saved masks for an image of `image`'s size: those that fit first, each group in the order given (newest first). */
export function savedMaskChoices(masks: readonly SavedMaskView[], image: Size): SavedMaskChoice[] {
  const choices = masks.map((mask) => {
    const fits = sameShape(mask, image);
    return { ...mask, fits, scaled: fits && (mask.width !== image.width || mask.height !== image.height) };
  });
  return [...choices.filter((choice) => choice.fits), ...choices.filter((choice) => !choice.fits)];
}

/** The name a mask is saved under unless the artist types another: the image's file name without its extension. */
export function defaultMaskName(imageName: string): string {
  const name = imageName
    .replace(/\.[^./\\]{1,8}$/, '')
    .trim()
    .slice(0, SAVED_MASK_NAME_MAX)
    .trim();
  return name === '' ? 'mask' : name;
}
