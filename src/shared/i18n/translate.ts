/**
 * Looks texts up in a locale's resource tree the way i18next does (dotted keys, `{{name}}`
 * placeholders, `_one`/`_other` plural forms chosen by `count`), so the Electron shell and the
 * command line read the same files as the window, which uses i18next itself.
 */

/** A tree of texts: nested objects whose leaves are strings. */
export interface ResourceTree {
  readonly [key: string]: string | ResourceTree;
}

/** A key of the locale files, such as `catalog.labels.prompt`. */
export type TextKey = string;

/** A value a placeholder takes: plain text, a number, or other words translated first. */
export type WordParam = string | number | boolean | null | undefined | Message;

/** A text of the locale files with the values of its placeholders. */
export interface Message {
  readonly key: TextKey;
  readonly params?: Readonly<Record<string, WordParam>>;
}

/** What code hands to whoever shows text: a key, or a key with placeholder values. */
export type Words = TextKey | Message;

/** Translates one key with plain placeholder values (i18next's `t` has this shape). */
export type Translate = (key: TextKey, params?: Readonly<Record<string, unknown>>) => string;

function lookup(tree: ResourceTree, key: string): string | undefined {
  let node: string | ResourceTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A translator over one locale's tree; a missing key comes back as the key, as in i18next. */
export function translatorFor(tree: ResourceTree, language: string): Translate {
  const plurals = new Intl.PluralRules(language);
  return (key, params = {}) => {
    const count = params.count;
    const plural = typeof count === 'number' ? (lookup(tree, `${key}_${plurals.select(count)}`) ?? lookup(tree, `${key}_other`)) : undefined;
    const text = plural ?? lookup(tree, key);
    if (text === undefined) return key;
    // As i18next: a placeholder without a value stays as it is; one given as null reads as nothing.
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      if (!Object.hasOwn(params, name)) return whole;
      const value = params[name];
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
    });
  };
}

/** Says words with a translator: placeholder values that are words themselves are said first. */
export function say(words: Words, translate: Translate): string {
  if (typeof words === 'string') return translate(words);
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(words.params ?? {})) {
    params[name] = value !== null && typeof value === 'object' ? say(value, translate) : value;
  }
  return translate(words.key, params);
}

/** Words with placeholder values. */
export function message(key: TextKey, params?: Readonly<Record<string, WordParam>>): Message {
  return params === undefined ? { key } : { key, params };
}

/** Text shown as it is (a model id, a size) where words are expected. */
export function literal(text: string): Message {
  return { key: 'catalog.literal', params: { text } };
}
