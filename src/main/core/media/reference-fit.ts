/**
 * Fits a reference image to a model's limits: re-encoded in an accepted format and, if still too
 * large, scaled down step by step. The original file is only read; the fitted bytes are new.
 * The same original and limits give the same bytes, so the upload cache (keyed by content) sends
 * a fitted picture once.
 */
import { imageLibrary } from './image-library';
import { nextFitScale, type FitPlan } from './reference-fit-plan';

export interface FittedImage {
  bytes: Buffer;
  mimeType: string;
  width: number;
  height: number;
}

/** Encoder settings: high quality, since a reference guides the picture made from it. */
function encode(path: string, plan: FitPlan, edge: number | undefined): Promise<{ data: Buffer; info: { width: number; height: number } }> {
  // Turned upright first, so the bound applies to the picture as it is seen.
  let pipeline = imageLibrary()(path, { animated: false }).rotate();
  if (edge !== undefined) pipeline = pipeline.resize(edge, edge, { fit: 'inside' });
  if (plan.format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true });
  else if (plan.format === 'webp') pipeline = pipeline.webp({ quality: 90 });
  else pipeline = pipeline.png({ compressionLevel: 9 });
  return pipeline.toBuffer({ resolveWithObject: true });
}

/** Encodes `path` as `plan` says, scaling down until it fits; undefined when even the smallest scale is too large. */
export async function fitReferenceImage(path: string, plan: FitPlan, width: number, height: number): Promise<FittedImage | undefined> {
  const longest = Math.max(width, height);
  let scale = 1;
  for (;;) {
    const { data, info } = await encode(path, plan, scale < 1 ? Math.max(1, Math.round(longest * scale)) : undefined);
    if (plan.maxBytes === undefined || data.length <= plan.maxBytes) {
      return { bytes: data, mimeType: plan.mimeType, width: info.width, height: info.height };
    }
    const next = nextFitScale(scale, data.length, plan.maxBytes, longest);
    if (next === undefined) return undefined;
    scale = next;
  }
}
