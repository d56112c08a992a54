/**
 * The words of the form's problems and notes: the catalog's request check is worded by the shared
 * catalog wording (the same words main and the command line use), the few problems only the form
 * finds from the window's locale files.
 */
import type { TFunction } from 'i18next';
import { wordNotice as wordRequestNotice, wordProblem, type FormDescription, type RequestNotice } from '../../../../../shared/catalog';
import type { Translate } from '../../../../../shared/i18n/translate';
import type { FormIssue } from './form-check';

const translatorOf = (t: TFunction): Translate => t as unknown as Translate;

/** A problem of the form in the artist's language. */
export function wordIssue(t: TFunction, issue: FormIssue, description: FormDescription): string {
  switch (issue.code) {
    case 'no_prompt':
    case 'unknown_mention':
    case 'mask_stale':
    case 'mask_failed':
    case 'mask_unfinished':
      return t(`createForm.problems.${issue.code}`, issue.params);
    default:
      return wordProblem(translatorOf(t), { code: issue.code, params: issue.params }, description);
  }
}

/** A note on the request (it does not block it) in the artist's language; a variant's own note as it wrote it. */
export function wordNotice(t: TFunction, notice: RequestNotice, description: FormDescription): string {
  return wordRequestNotice(translatorOf(t), notice, description);
}
