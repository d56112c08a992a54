/**
 * A reference picture over the limits of the model field it is for (bytes, type) is fitted
 * before it is uploaded: the fitted bytes go to a new staged file and the original is only read.
 */
import { variantById } from '../../../shared/catalog';
import { effectiveFileLimits } from '../../../shared/catalog/references';
import { fitReferenceImage } from '../media/reference-fit';
import { planReferenceFit, type ReferenceLimits } from '../media/reference-fit-plan';
import type { UploadStaging } from './upload-staging';
import type { ImageHeader } from './uploads';

/** The model field a reference is for. */
export interface FitTarget {
  variantId: string;
  field: string;
}

/** Limits of a reference field of a variant; undefined for a mask (fitting would break its pixel match) or an unknown field. */
export function referenceLimitsFor(target: FitTarget): ReferenceLimits | undefined {
  const field = variantById(target.variantId)?.fields.find((candidate) => candidate.key === target.field);
  if (field?.type !== 'image-list' && field?.type !== 'image') return undefined;
  return effectiveFileLimits(field, true);
}

export interface FittedReference {
  /** The staged file holding the fitted bytes; the caller removes it. */
  path: string;
  mimeType: string;
  width: number;
  height: number;
}

/**
 * Fits the picture at `path` (whose facts are `facts`) to `target`'s limits when it is over
 * them. Undefined when it fits as it is, or when it cannot be fitted (the usual checks then say
 * why it is refused).
 */
export async function fitToTarget(path: string, facts: ImageHeader, target: FitTarget, staging: UploadStaging): Promise<FittedReference | undefined> {
  const limits = referenceLimitsFor(target);
  if (limits === undefined || facts.width === undefined || facts.height === undefined) return undefined;
  const plan = planReferenceFit({ mimeType: facts.mimeType, size: facts.size, width: facts.width, height: facts.height, hasAlpha: facts.hasAlpha }, limits);
  if (plan === undefined) return undefined;
  const fitted = await fitReferenceImage(path, plan, facts.width, facts.height);
  if (fitted === undefined) return undefined;
  return { path: await staging.write(fitted.bytes), mimeType: fitted.mimeType, width: fitted.width, height: fitted.height };
}

/** A file name for the fitted bytes: the original's, with the new format's extension. */
export function fittedFileName(fileName: string, mimeType: string): string {
  const extension = mimeType === 'image/jpeg' ? 'jpg' : mimeType.replace(/^image\//, '');
  return `${fileName.replace(/\.[^./\\]+$/, '')}.${extension}`;
}
