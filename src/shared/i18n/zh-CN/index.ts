import catalog from './catalog.json';
import language from './language.json';
import reasons from './reasons.json';
import requestChecks from './requestChecks.json';
import shell from './shell.json';

/** Simplified Chinese. */
export const simplifiedChinese = { code: 'zh-CN', texts: { catalog, language, reasons, requestChecks, shell } } as const;
