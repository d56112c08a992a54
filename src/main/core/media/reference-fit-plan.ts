/**
 * Whether a reference image needs fitting to a model's limits, and how: the format to encode it
 * in and the scales to try. Pure: the encoding itself is `fitReferenceImage`.
 */

/** What a model accepts for one reference field (its own limits narrowed by the upload endpoint's). */
export interface ReferenceLimits {
  maxBytes: number | undefined;
  mimeTypes: readonly string[];
}

/** What the studio knows of the original picture. */
export interface FitSource {
  mimeType: string;
  /** Bytes. */
  size: number;
  width: number;
  height: number;
  hasAlpha: boolean;
}

type FitFormat = 'jpeg' | 'png' | 'webp';

export interface FitPlan {
  format: FitFormat;
  mimeType: string;
  maxBytes: number | undefined;
}

const MIME_OF: Readonly<Record<FitFormat, string>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Formats to try, best first. A picture with transparency keeps it where a format can (WebP, then
 * PNG); JPEG, which would flatten it, comes last. An opaque one goes to JPEG or WebP (several
 * times smaller than PNG for a photograph or a render), PNG last.
 */
function preferredFormats(hasAlpha: boolean): readonly FitFormat[] {
  return hasAlpha ? ['webp', 'png', 'jpeg'] : ['jpeg', 'webp', 'png'];
}

/** The plan for a picture over the limits, or undefined when it fits as it is (or nothing the studio encodes is accepted). */
export function planReferenceFit(source: FitSource, limits: ReferenceLimits): FitPlan | undefined {
  const typeAccepted = limits.mimeTypes.includes(source.mimeType);
  const bytesAccepted = limits.maxBytes === undefined || source.size <= limits.maxBytes;
  if (typeAccepted && bytesAccepted) return undefined;
  const sameFormat = (Object.keys(MIME_OF) as FitFormat[]).find((format) => MIME_OF[format] === source.mimeType);
  // A JPEG or WebP only too large stays in its format (re-encoded, then scaled); a PNG or GIF takes the best accepted one.
  const lossy = sameFormat === 'jpeg' || sameFormat === 'webp';
  const candidates = typeAccepted && lossy ? [sameFormat] : preferredFormats(source.hasAlpha);
  const format = candidates.find((candidate) => limits.mimeTypes.includes(MIME_OF[candidate]));
  if (format === undefined) return undefined;
  return { format, mimeType: MIME_OF[format], maxBytes: limits.maxBytes };
}

/** Longest side the scaling may go down to: below this a reference says little of what it showed. */
export const MIN_FITTED_EDGE = 256;

/**
 * The next scale to try after an encoding of `bytes` at `scale` came out over `maxBytes`: the
 * bytes of an image go roughly with its pixel count, so the side shrinks by the square root of
 * the excess, with a margin so most pictures fit on the next try. Undefined when it would go
 * below `MIN_FITTED_EDGE`.
 */
export function nextFitScale(scale: number, bytes: number, maxBytes: number, longestEdge: number): number | undefined {
  const next = scale * Math.min(0.9, Math.sqrt(maxBytes / bytes) * 0.9);
  const floor = Math.min(1, MIN_FITTED_EDGE / longestEdge);
  if (scale <= floor) return undefined;
  return Math.max(next, floor);
}
