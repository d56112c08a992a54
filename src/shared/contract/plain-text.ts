import { z } from 'zod';

/**
 * Control characters (C0, DEL, C1) as spaces. A search or a board's name is typed by a person;
 * such characters only arrive pasted or crafted, and would reach the search index or a kept
 * board as they are (a NUL ends SQLite's reading of a search).
 */
export function withoutControls(text: string): string {
  return text.replace(/\p{Cc}/gu, ' ');
}

/** A string whose control characters become spaces before any other check. */
export const plainString = (): z.ZodString => z.string().overwrite(withoutControls);
