/**
 * Classifying the strings clients put where an image (or video) is expected: a web address,
 * Base64 data (bare or as a `data:` URL), or neither.
 */

export type ReferenceForm = 'http-url' | 'base64' | 'invalid';

// Long enough that ordinary words are not mistaken for Base64.
const MIN_BARE_BASE64_LENGTH = 16;
const BASE64_BODY = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** What kind of value a reference string is. */
export function classifyReference(value: string): ReferenceForm {
  const trimmed = value.trim();
  if (/^data:/i.test(trimmed)) return 'base64';
  if (isHttpUrl(trimmed)) return 'http-url';
  const compact = trimmed.replace(/\s+/g, '');
  if (compact.length >= MIN_BARE_BASE64_LENGTH && BASE64_BODY.test(compact)) return 'base64';
  return 'invalid';
}

/** Whether a string is an absolute http(s) URL. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Decodes Base64 data, bare or as a `data:[mime];base64,` URL; undefined when it is not Base64. */
export function decodeBase64Data(value: string): Buffer | undefined {
  const trimmed = value.trim();
  const match = /^data:[^,]*;base64,(.*)$/is.exec(trimmed);
  const body = (match ? (match[1] ?? '') : trimmed).replace(/\s+/g, '');
  if (body.length === 0 || !BASE64_BODY.test(body)) return undefined;
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}

/** The lower-case extension of a URL's last path segment (without the dot), if any. */
export function urlExtension(value: string): string | undefined {
  try {
    const last = new URL(value).pathname.split('/').pop() ?? '';
    const dot = last.lastIndexOf('.');
    return dot > 0 ? last.slice(dot + 1).toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
