/**
 * The reference images of the request that made an asset (reference lists, masks, first frames:
 * every web address in it), each matched to the library item with the same bytes when the
 * reference was uploaded from this library, so the detail view can show it as a picture.
 */
import type { AssetReference } from '../../../shared/contract';
import type { LibraryDatabase } from './library-database';

/** Every http(s) address in a request, with where it sits (`image_urls[1]`, `mask_url`), in order. */
export function referenceAddresses(request: unknown): { field: string; url: string }[] {
  const found: { field: string; url: string }[] = [];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (/^https?:\/\//i.test(value) && key !== '') found.push({ field: key, url: value });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${key}[${index + 1}]`));
    } else if (value !== null && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) walk(inner, key === '' ? name : `${key}.${name}`);
    }
  };
  walk(request, '');
  return found;
}

interface MatchRow {
  id: string;
  file_path: string;
  thumb_path: string | null;
}

/** The request's references; one uploaded from the library names that item and its thumbnail. */
export function assetReferences(db: LibraryDatabase, request: unknown): AssetReference[] {
  const match = db.prepare<[string], MatchRow>(
    `SELECT a.id, a.file_path, a.thumb_path FROM upload_cache u JOIN assets a ON a.sha256 = u.sha256
     WHERE u.url = ? ORDER BY a.created_at LIMIT 1`,
  );
  return referenceAddresses(request)
    .slice(0, 32)
    .map(({ field, url }) => {
      const row = match.get(url);
      return { field, url, assetId: row?.id ?? null, previewPath: row ? (row.thumb_path ?? row.file_path) : null };
    });
}
