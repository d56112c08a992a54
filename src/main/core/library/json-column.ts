import { z } from 'zod';
import type { JsonValue } from './redact';

/** A row's JSON column did not hold what its schema says: the file was edited or damaged. */
export class CorruptRowError extends Error {
  constructor(where: string, cause: unknown) {
    super(`The library database holds an unreadable value in ${where}.`, { cause });
    this.name = 'CorruptRowError';
  }
}

/** Any JSON value (requests are stored as sent, minus secrets). */
export const jsonValueSchema: z.ZodType<JsonValue> = z.json();

/** Parses a JSON column with its schema; `where` names the column for the error message. */
export function parseJsonColumn<T>(schema: z.ZodType<T>, text: string, where: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CorruptRowError(where, error);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CorruptRowError(where, parsed.error);
  return parsed.data;
}

/**
 * Parses a JSON column that may hold any JSON value. What JSON.parse returns is a JSON value by
 * construction, so no schema walks it: validating every request of a gallery page with one cost
 * more than reading the page's rows.
 */
export function parseJsonValueColumn(text: string, where: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new CorruptRowError(where, error);
  }
}
