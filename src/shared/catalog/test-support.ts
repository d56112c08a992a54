// Helpers shared by the catalog's unit tests: look a variant up and check form values against it.
// Not imported by app code; it lives beside the tests that use it.
import { expect } from 'vitest';
import type { FormValues } from './request-body';
import { checkRequest, checkWireRequest } from './request-check';
import type { RequestNotice, RequestProblem } from './request-problems';
import { variantById } from './registry';
import { sayInEnglish } from '../i18n/locales';

/** The catalog variant with this id; throws when the catalog has none, so a typo fails loudly. */
export function entry(id: string) {
  const found = variantById(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
}

/** A problem or notice as one line, `field: code {params}`, for matching in tables. */
export function shown(found: RequestProblem | RequestNotice): string {
  return `${found.field}: ${found.code} ${JSON.stringify(found.params)}`;
}

/** Checks `values` for variant `id` and returns the request and its notices; throws with the problems when refused. */
export function accepted(id: string, values: FormValues) {
  const result = checkRequest(entry(id), values);
  if (result.request === undefined) throw new Error(`expected ${id} to accept: ${result.problems.map(shown).join(' | ')}`);
  return { request: result.request, warnings: result.notices };
}

/** Expects variant `id` to refuse `values` and returns its problems, each as `field: code {params}`. */
export function messages(id: string, values: FormValues): string[] {
  const result = checkRequest(entry(id), values);
  expect(result.request).toBeUndefined();
  return result.problems.map(shown);
}

/** One row of an `it.each` rejection table: case name, form values, expected problem pattern. */
export type RejectCase = [string, FormValues, RegExp];

/** A notice as a test reads it: a variant's own note in English, else `field: code {params}`. */
export function noteText(notice: RequestNotice | undefined): string {
  if (notice === undefined) return '';
  return notice.note ? sayInEnglish(notice.note) : shown(notice);
}

/** The problems of a hand-written wire body (no path parameters), each as `field: code {params}`. */
export function bodyProblems(id: string, body: Record<string, unknown>): string[] {
  return checkWireRequest(entry(id), { pathParams: {}, body }).problems.map(shown);
}
