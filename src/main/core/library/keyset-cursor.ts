/**
 * Opaque, URL-safe keyset cursors: the sort key of the item a page ended with, as base64url JSON.
 * A cursor this library did not make (or one damaged on the way) is refused with
 * `InvalidCursorError`, which the routes word as `stale_cursor`.
 */
import type { z } from 'zod';
import { InvalidCursorError } from './asset-query';

export function encodeKeyset(key: Readonly<Record<string, string | number>>): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeKeyset<T>(schema: z.ZodType<T>, text: string): T {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Not base64 JSON: refused below like any other foreign cursor.
  }
  throw new InvalidCursorError();
}
