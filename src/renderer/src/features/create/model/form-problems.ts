/**
 * What keeps the form from being sent, in the order the form shows its fields: each problem with
 * the field it belongs to, for the list beside Generate (links to the fields) and for the focus.
 * "Required" and an empty prompt wait until the artist tries to submit.
 */
import type { FormDescription, Locale, LocalizedText } from '../../../../../shared/catalog';
import { inBothLanguages } from '../../../../../shared/i18n/locales';
import { FORM_WIDE } from './form-check';
import { imageFields, maskField, optionFields } from './form-values';

export interface FormProblem {
  /** The field's key (`prompt`, a wire path, `batch.count`); `FORM_WIDE` for the form as a whole. */
  key: string;
  label: string;
  message: string;
}

/** Messages that are only shown once the artist tried to submit. */
export function waitsForAttempt(message: LocalizedText): boolean {
  return message.en === 'Required' || message.en === 'Write a prompt' || message.en.startsWith('Add at least');
}

export function formProblems(
  description: FormDescription | undefined,
  fields: Readonly<Record<string, LocalizedText>>,
  batch: readonly { key: string; label: string; message: string | undefined }[],
  options: { attempted: boolean; locale: Locale; promptLabel: string },
): FormProblem[] {
  const { attempted, locale } = options;
  const ordered = description
    ? [description.fields.find((field) => field.control === 'prompt'), ...imageFields(description), maskField(description), ...optionFields(description)]
    : [];
  const problems: FormProblem[] = [];
  const seen = new Set<string>();
  for (const field of ordered) {
    if (!field || seen.has(field.key)) continue;
    seen.add(field.key);
    const message = fields[field.key];
    if (!message || (!attempted && waitsForAttempt(message))) continue;
    problems.push({ key: field.key, label: field.control === 'prompt' ? options.promptLabel : inBothLanguages(field.label)[locale], message: message[locale] });
  }
  // A rule that names a field the form does not show belongs to the form as a whole.
  for (const [key, message] of Object.entries(fields)) {
    if (seen.has(key) || key === FORM_WIDE) continue;
    if (attempted || !waitsForAttempt(message)) problems.push({ key: FORM_WIDE, label: '', message: message[locale] });
  }
  if (fields[FORM_WIDE]) problems.push({ key: FORM_WIDE, label: '', message: fields[FORM_WIDE][locale] });
  for (const item of batch) if (item.message) problems.push({ key: item.key, label: item.label, message: item.message });
  return problems;
}
