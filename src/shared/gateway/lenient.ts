import { z } from 'zod';

/**
 * Building blocks for tolerant parsing of gateway responses: deployments differ, so a field with
 * an unexpected type becomes `undefined` instead of failing the whole record.
 */

/** An optional field that silently drops values of the wrong type. */
export function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

/** A number that may arrive as a JSON number or a numeric string ("12", "0.5"). */
export const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** An error or status code: string, number or empty; normalised to a non-empty string or undefined. */
export const codeLike = z.union([z.string(), z.number(), z.null()]).transform((code) => (code === null || code === '' ? undefined : String(code)));

/** Optional string, tolerant. */
export const optString = lenient(z.string());
/** Optional number (or numeric string), tolerant. */
export const optNumber = lenient(numberLike);
/** Optional boolean, tolerant. */
export const optBoolean = lenient(z.boolean());
/** Optional error/status code, tolerant. */
export const optCode = lenient(codeLike);

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
