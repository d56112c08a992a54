import { z } from 'zod';
import type { StudioError } from '../../../shared/contract';

/** Messages per input field, from an `invalid_input` envelope's details (or a name clash). */
export type FieldErrors = Partial<Record<string, string>>;

const issuesSchema = z.array(z.object({ path: z.array(z.string()), message: z.string() }));

/** Reads which fields main rejected, so a form can show each message beside its field. */
export function fieldErrorsOf(error: StudioError, nameField = 'name'): FieldErrors {
  if (error.code === 'conflict') return { [nameField]: error.message };
  if (error.code !== 'invalid_input') return {};
  const issues = issuesSchema.safeParse(error.details);
  if (!issues.success) return {};
  const errors: FieldErrors = {};
  for (const issue of issues.data) {
    const field = issue.path[0];
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The sentence the alert shows. Rejected input lists the field messages without the field paths
 * (they are shown beside the fields too); anything else is main's message as it came.
 */
export function alertMessage(error: StudioError): string {
  if (error.code !== 'invalid_input') return error.message;
  const issues = issuesSchema.safeParse(error.details);
  if (!issues.success || issues.data.length === 0) return error.message;
  return [...new Set(issues.data.map((issue) => issue.message))].join(' · ');
}
