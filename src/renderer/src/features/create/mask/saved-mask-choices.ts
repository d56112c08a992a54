/**
 * Which saved masks can be used on the image being masked. The gateway wants the mask at exactly
 * the first image's pixel size, so only masks of that size can be chosen; the others are still
 * listed, with their size, so the artist sees why they are not offered.
 */
import { SAVED_MASK_NAME_MAX, type SavedMaskView } from '../../../../../shared/contract';

export interface SavedMaskChoice extends SavedMaskView {
  fits: boolean;
}

interface Size {
  width: number;
  height: number;
}

/** The saved masks for an image of `image`'s size: those that fit first, each group in the order given (newest first). */
export function savedMaskChoices(masks: readonly SavedMaskView[], image: Size): SavedMaskChoice[] {
  const choices = masks.map((mask) => ({ ...mask, fits: mask.width === image.width && mask.height === image.height }));
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
