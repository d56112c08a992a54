/**
 * The one list of languages the studio ships. A language is its folder of shared texts here
 * (`<code>/*.json` and the `index.ts` naming them), the window's texts in
 * `src/renderer/src/i18n/<code>.json`, and one line below: the language setting, the window and
 * main's shell all read this list.
 */
import { english } from './en';
import { simplifiedChinese } from './zh-CN';
import type { ResourceTree } from './translate';

/** A language: its tag, and its shared texts by namespace (its name in itself is `language.nativeName`). */
export interface Language {
  readonly code: string;
  readonly texts: ResourceTree;
}

export const LANGUAGES = [english, simplifiedChinese] as const satisfies readonly Language[];
