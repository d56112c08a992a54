import type { Reader } from '../../../shared/i18n/locales';
import type { StudioError } from '../../../shared/contract';
import { wordError } from '../../../shared/contract/error-wording';

/** Messages per input field, worded in the user's language. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Which fields main rejected, so a form can show each message beside its field: the first
 * problem of each top-level field, and a name clash on `nameField`.
 */
export function fieldErrorsOf(error: StudioError, reader: Reader, nameField = 'name'): FieldErrors {
  const wording = wordError(error, reader);
  if (error.code === 'conflict') return { [nameField]: wording.summary };
  if (error.code !== 'invalid_input') return {};
  const errors: FieldErrors = {};
  for (const issue of wording.issues) {
    const field = issue.path.split('.')[0];
    if (field) errors[field] ??= issue.text;
  }
  return errors;
}
