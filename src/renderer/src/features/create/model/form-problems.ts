/**
 * What keeps the form from being sent, in the order the form shows its fields: each problem with
 * the field it belongs to, for the list beside Generate (links to the fields) and for the focus.
 * What is missing (a required value, the prompt) waits until the artist tries to submit.
 */
import type { FormDescription } from '../../../../../shared/catalog';
import { sayWords } from '../../../i18n/use-words';
import { FORM_WIDE } from './form-check';
import { imageFields, maskField, optionFields } from './form-values';

export interface FormProblem {
  /** The field's key (`prompt`, a wire path, `batch.count`); `FORM_WIDE` for the form as a whole. */
  key: string;
  label: string;
  message: string;
}

/** A field's problem in words; `waits` while it is only shown once the artist tried to submit. */
export interface WordedProblem {
  text: string;
  waits: boolean;
}

export function formProblems(
  description: FormDescription | undefined,
  fields: Readonly<Record<string, WordedProblem>>,
  batch: readonly { key: string; label: string; message: string | undefined }[],
  options: { attempted: boolean; promptLabel: string },
): FormProblem[] {
  const { attempted } = options;
  const ordered = description
    ? [description.fields.find((field) => field.control === 'prompt'), ...imageFields(description), maskField(description), ...optionFields(description)]
    : [];
  const problems: FormProblem[] = [];
  const seen = new Set<string>();
  for (const field of ordered) {
    if (!field || seen.has(field.key)) continue;
    seen.add(field.key);
    const message = fields[field.key];
    if (!message || (!attempted && message.waits)) continue;
    problems.push({ key: field.key, label: field.control === 'prompt' ? options.promptLabel : sayWords(field.label), message: message.text });
  }
  // A rule that names a field the form does not show belongs to the form as a whole.
  for (const [key, message] of Object.entries(fields)) {
    if (seen.has(key) || key === FORM_WIDE) continue;
    if (attempted || !message.waits) problems.push({ key: FORM_WIDE, label: '', message: message.text });
  }
  const whole = fields[FORM_WIDE];
  if (whole && (attempted || !whole.waits)) problems.push({ key: FORM_WIDE, label: '', message: whole.text });
  for (const item of batch) if (item.message) problems.push({ key: item.key, label: item.label, message: item.message });
  return problems;
}
