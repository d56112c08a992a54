// The pure half of the `atelier-media:` protocol: which library file a URL names. app-protocol.ts
// serves the file; core confines it and gives its type (`resolveLibraryMedia`) and byte range.

import { encodeLibraryPath } from '../../shared/contract/client';

const MEDIA_HOST = 'library';

/** The `atelier-media:` URL of a library file, as the window loads it. */
export function mediaUrlOfLibraryPath(libraryPath: string): string {
  return `atelier-media://${MEDIA_HOST}/${encodeLibraryPath(libraryPath)}`;
}

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
