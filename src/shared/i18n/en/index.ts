import catalog from './catalog.json';
import language from './language.json';
import reasons from './reasons.json';
import requestChecks from './requestChecks.json';
import shell from './shell.json';

/** English, the reference language: every other language has exactly its keys, and falls back to it. */
export const english = { code: 'en', texts: { catalog, language, reasons, requestChecks, shell } } as const;
