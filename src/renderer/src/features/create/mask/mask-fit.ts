/**
 * Whether a painted mask still fits the image it is sent with. The gateway wants the mask at
 * exactly the first image's size, so a replaced or resized first image is said at once, beside
 * the mask, rather than as a refusal at Generate.
 */
import type { MaskDocument } from './mask-model';

export type MaskFit =
  | { state: 'fits' }
  /** No image to carry the mask any more. */
  | { state: 'no-image'; painted: Size }
  /** Another first image of the same size: the mask can be kept for it. */
  | { state: 'other-image'; painted: Size; image: Size & { name: string } }
  /** Another size: the mask cannot be used as it is. */
  | { state: 'other-size'; painted: Size; image: Size & { name: string } };

interface Size {
  width: number;
  height: number;
}

/** The first image as the form holds it (its size is null until main has read the file). */
interface FirstImage {
  id: string;
  name: string;
  width: number | null;
  height: number | null;
}

/** How the mask (painted for `maskReferenceId`) relates to the first image now; an empty mask always fits. */
export function maskFit(doc: Pick<MaskDocument, 'width' | 'height' | 'edits'> | null, maskReferenceId: string | null, first: FirstImage | undefined): MaskFit {
  if (doc === null || doc.edits.length === 0) return { state: 'fits' };
  const painted = { width: doc.width, height: doc.height };
  if (!first) return { state: 'no-image', painted };
  if (first.width !== null && first.height !== null && (first.width !== doc.width || first.height !== doc.height))
    return { state: 'other-size', painted, image: { name: first.name, width: first.width, height: first.height } };
  if (first.id !== maskReferenceId) return { state: 'other-image', painted, image: { name: first.name, width: doc.width, height: doc.height } };
  return { state: 'fits' };
}
