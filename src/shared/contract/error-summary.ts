import { say } from '../i18n/translate';
import { inEnglish, translatorOf, type Reader } from '../i18n/locales';
import type { StudioError } from './define';
import { codeWords, errorReasons, isErrorReason, reasonWords, type ErrorReason } from './error-reasons';
import type { ErrorParams } from './errors';

/**
 * What went wrong and the gateway's own words, without the field lines: these need no model
 * catalog, so the window's first screen can word an error before the catalog's code is in.
 */
export function errorSummary(error: StudioError, reader: Reader): { summary: string; gatewayText: string | null } {
  const translate = translatorOf(reader);
  const summary = say(isErrorReason(error.reason) ? reasonWords(error.reason, error.params ?? {}) : codeWords(error.code), translate);
  const gatewayText = error.gatewayMessage?.trim() ? error.gatewayMessage.trim() : null;
  return { summary, gatewayText };
}

/** An error for a known reason, with its code and English message; for code outside main (transports). */
export function errorFor(reason: ErrorReason, params: ErrorParams = {}): StudioError {
  return { code: errorReasons[reason].code, message: say(reasonWords(reason, params), inEnglish), reason, params };
}
