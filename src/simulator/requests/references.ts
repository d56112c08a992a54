import type { ServedFile } from '../media/file-store';
import type { AcceptedImageFormat } from '../media/image-probe';
import { classifyReference, urlExtension } from './image-data';
import { Rejection, badRequest, unprocessable } from './rejection';

/**
 * Checks of reference images and videos named by URL in generation requests.
 *
 * Addresses served by this simulator (uploads and results) are checked against their real
 * bytes: type, size in bytes, pixel size. Other http(s) addresses cannot be fetched (the
 * simulator works offline), so only the extension of their path is checked.
 */

/** How the simulator sees a URL: one of its own files, a missing own file, or elsewhere. */
type UrlTarget = { kind: 'local'; file: ServedFile } | { kind: 'missing' } | { kind: 'foreign' };

/** Maps a URL to what the simulator knows about it. */
export type UrlResolver = (url: string) => UrlTarget;

/** Limits one reference field imposes. */
export interface ImageReferenceRule {
  formats: readonly AcceptedImageFormat[];
  /** Per-file limit in bytes; absent = no limit given by the interface. */
  maxBytes?: number;
  /** Status for Base64 data where a URL is required (422 on image endpoints, 400 on video). */
  base64Status: 400 | 422;
}

/** A reference that passed its checks; `file` is set for the simulator's own files. */
export interface CheckedReference {
  url: string;
  file: ServedFile | undefined;
}

const FORMAT_BY_EXTENSION: Record<string, AcceptedImageFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
};

const FORMAT_LABEL: Record<AcceptedImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
};

const VIDEO_EXTENSIONS = new Set(['mp4', 'mov', 'webm', 'm4v']);

/** Human-readable byte limit, e.g. `2MB`. */
function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)}MB` : `${bytes} bytes`;
}

/** Rejects Base64 data and anything that is not an http(s) URL. */
function requireHttpUrl(value: string, param: string, base64Status: 400 | 422): void {
  const form = classifyReference(value);
  if (form === 'base64') {
    throw new Rejection(
      base64Status,
      `${param}: Base64 image data is not accepted here; upload the file first (POST /v1/uploads/images) and pass its URL`,
      param,
    );
  }
  if (form === 'invalid') throw badRequest(`${param}: must be a public http(s) URL`, param);
}

/** Checks one reference image URL against a rule. */
export async function checkImageReference(value: string, param: string, rule: ImageReferenceRule, resolve: UrlResolver): Promise<CheckedReference> {
  requireHttpUrl(value, param, rule.base64Status);
  const allowed = rule.formats.map((format) => FORMAT_LABEL[format]).join(', ');
  const target = resolve(value);
  if (target.kind === 'missing') {
    throw unprocessable(`${param}: the image at ${value} does not exist or has expired`, param);
  }
  if (target.kind === 'foreign') {
    const extension = urlExtension(value);
    const format = extension === undefined ? undefined : FORMAT_BY_EXTENSION[extension];
    if (format !== undefined && !rule.formats.includes(format)) {
      throw unprocessable(`${param}: ${FORMAT_LABEL[format]} images are not accepted; allowed: ${allowed}`, param);
    }
    return { url: value, file: undefined };
  }
  const { file } = target;
  const format = FORMAT_BY_EXTENSION[file.format];
  if (format === undefined || !rule.formats.includes(format)) {
    throw unprocessable(`${param}: ${file.mime} is not accepted; allowed: ${allowed}`, param);
  }
  if (rule.maxBytes !== undefined) {
    const length = (await file.bytes()).length;
    if (length > rule.maxBytes) {
      throw unprocessable(`${param}: the image is ${length} bytes; each reference may be at most ${formatBytes(rule.maxBytes)}`, param);
    }
  }
  return { url: value, file };
}

/** Checks a list of reference image URLs (count limits are the schema's job). */
export async function checkImageReferences(
  values: readonly string[],
  field: string,
  rule: ImageReferenceRule,
  resolve: UrlResolver,
): Promise<CheckedReference[]> {
  const checked: CheckedReference[] = [];
  for (const [index, value] of values.entries()) {
    checked.push(await checkImageReference(value, `${field}[${index}]`, rule, resolve));
  }
  return checked;
}

/** Checks a reference video URL (Base64 refused with 400; own files must be videos). */
export function checkVideoReference(value: string, param: string, resolve: UrlResolver): CheckedReference {
  const form = classifyReference(value);
  if (form === 'base64') {
    throw badRequest(`${param}: Base64 data is not accepted; pass a public http(s) video URL`, param);
  }
  if (form === 'invalid') throw badRequest(`${param}: must be a public http(s) URL`, param);
  const target = resolve(value);
  if (target.kind === 'missing') {
    throw unprocessable(`${param}: the video at ${value} does not exist or has expired`, param);
  }
  if (target.kind === 'local') {
    if (!target.file.mime.startsWith('video/')) throw unprocessable(`${param}: ${value} is not a video`, param);
    return { url: value, file: target.file };
  }
  const extension = urlExtension(value);
  if (extension !== undefined && extension in FORMAT_BY_EXTENSION && !VIDEO_EXTENSIONS.has(extension)) {
    throw unprocessable(`${param}: ${value} is an image, not a video`, param);
  }
  return { url: value, file: undefined };
}
