// Helpers shared by the catalog's unit tests: look a variant up and validate form values against it.
// Not imported by app code; it lives beside the tests that use it.
import { expect } from 'vitest';
import type { FormValues } from './request-body';
import { validateRequest } from './request-body';
import { variantById } from './registry';

/** The catalog variant with this id; throws when the catalog has none, so a typo fails loudly. */
export function entry(id: string) {
  const found = variantById(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
}

/** Validates `values` for variant `id` and returns the accepted result; throws with the issues when rejected. */
export function accepted(id: string, values: FormValues) {
  const result = validateRequest(entry(id), values);
  if (!result.ok) throw new Error(`expected ${id} to accept: ${result.issues.map((i) => i.message).join(' | ')}`);
  return result;
}

/** Expects variant `id` to reject `values` and returns the issue messages. */
export function messages(id: string, values: FormValues): string[] {
  const result = validateRequest(entry(id), values);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.issues.map((issue) => issue.message);
}

/** One row of an `it.each` rejection table: case name, form values, expected message pattern. */
export type RejectCase = [string, FormValues, RegExp];
