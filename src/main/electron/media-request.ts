// The pure half of the `atelier-media:` protocol: which library file a URL names, its media type,
// and which bytes to send. app-protocol.ts serves the file; core confines the path to the library.

export const MEDIA_HOST = 'library';

/**
 * The library-relative path (with `/`) a media URL names, or undefined when it is not a plain
 * path of named segments: `..` and `.` in any spelling, encoded separators (`%2f`, `%5c`),
 * backslashes, empty segments (`//`), drive letters and NUL are refused before any file is touched.
 */
export function libraryPathOfMediaUrl(url: string): string | undefined {
  const prefix = `atelier-media://${MEDIA_HOST}/`;
  if (!url.toLowerCase().startsWith(prefix)) return undefined;
  const rawPath = url.slice(prefix.length).split(/[?#]/, 1)[0] ?? '';
  if (rawPath === '') return undefined;
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (/%2f|%5c|\\/i.test(raw)) return undefined;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '' || segment === '.' || segment === '..' || segment.includes('\0') || segment.includes('/')) return undefined;
    segments.push(segment);
  }
  if (/^[a-zA-Z]:$/.test(segments[0] ?? '')) return undefined;
  return segments.join('/');
}

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/** The media type of a library file by its extension; undefined for anything that is not media. */
export function mediaTypeOf(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : MEDIA_TYPES[path.slice(dot + 1).toLowerCase()];
}

export type ByteRangePlan =
  | { status: 200; length: number }
  | { status: 206; start: number; end: number; length: number; contentRange: string }
  | { status: 416; contentRange: string };

/**
 * What to answer for a `Range` header over a file of `size` bytes: one range (`a-b`, `a-`, `-n`)
 * becomes 206; a range past the end, 416; no header, several ranges or a malformed one, the whole
 * file (a server may ignore a Range it does not serve).
 */
export function planByteRange(header: string | null | undefined, size: number): ByteRangePlan {
  const whole = { status: 200 as const, length: size };
  if (header == null) return whole;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return whole;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return { status: 416, contentRange: `bytes */${size}` };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return whole;
  }
  if (start >= size || end < start) return { status: 416, contentRange: `bytes */${size}` };
  return { status: 206, start, end, length: end - start + 1, contentRange: `bytes ${start}-${end}/${size}` };
}
