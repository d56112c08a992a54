import type { ServedFile } from '../media/file-store';
import { classifyReference, urlExtension } from '../requests/image-data';
import type { CheckedReference, UrlResolver } from '../requests/references';
import { badRequest, unprocessable } from '../requests/rejection';

/**
 * Inpainting mask rules shared by variants A and B: the mask needs `image_urls`, must be a PNG
 * with an alpha channel (alpha 0 = repaint) and must have exactly the first reference's size.
 * Base64 masks are refused with 422 like Base64 references. Returns the mask when it is one of
 * the simulator's files (so the result can be painted through it).
 */
export function checkMask(maskUrl: string, references: readonly CheckedReference[], resolve: UrlResolver): ServedFile | undefined {
  const param = 'mask_url';
  if (references.length === 0) {
    throw badRequest('mask_url needs image_urls: the mask applies to the first reference image', param);
  }
  const form = classifyReference(maskUrl);
  if (form === 'base64') {
    throw unprocessable('mask_url: Base64 image data is not accepted; upload the mask first and pass its URL', param);
  }
  if (form === 'invalid') throw badRequest('mask_url: must be a public http(s) URL', param);
  const target = resolve(maskUrl);
  if (target.kind === 'missing') {
    throw unprocessable(`mask_url: the image at ${maskUrl} does not exist or has expired`, param);
  }
  if (target.kind === 'foreign') {
    const extension = urlExtension(maskUrl);
    if (extension !== undefined && extension !== 'png') {
      throw unprocessable('mask_url: the mask must be a PNG with an alpha channel', param);
    }
    return undefined;
  }
  const mask = target.file;
  if (mask.format !== 'png' || !mask.hasAlpha) {
    throw unprocessable('mask_url: the mask must be a PNG with an alpha channel (alpha 0 marks the area to repaint)', param);
  }
  const first = references[0]?.file;
  if (first !== undefined && (first.width !== mask.width || first.height !== mask.height)) {
    throw unprocessable(
      `mask_url: the mask is ${mask.width}x${mask.height} but the first reference image is ${first.width}x${first.height}; they must be the same size`,
      param,
    );
  }
  return mask;
}
