/**
 * The whole form checked at once, as the artist types: each field's limits and the variant's
 * cross-field rules worded in both languages, then the catalog's own validation of the request
 * for anything else (the same check main makes before sending), all keyed by field.
 */
import { inBothLanguages } from '../../../../../shared/i18n/locales';
import {
  buildRequestBody,
  extractPlaceholders,
  validateRequest,
  variantById,
  type FormDescription,
  type LocalizedText,
  type Rule,
} from '../../../../../shared/catalog';
import { getPath, isSet } from '../../../../../shared/catalog/wire-path';
import { checkFiles, checkValue, requiredProblem, t, type FileFacts } from './field-checks';
import { imageFields, isBlank, optionFields, requestValues, type Values } from './form-values';
import { unknownMentions } from './prompt-mentions';

export interface FormInput {
  description: FormDescription;
  modelId: string;
  /** The prompt as it will be sent (one line of several, or the template). */
  prompt: string;
  values: Values;
  /** Files of each image field, in order, uploaded or not yet. */
  files: Readonly<Record<string, readonly (FileFacts & { url: string | null })[]>>;
  /** The mask's address once uploaded, a stand-in while it is painted but not uploaded, or null. */
  maskUrl: string | null;
  /** Usernames of the registry, for `@mentions`. */
  characters: readonly string[];
  /** The artist is still typing: a mention at the end of the prompt is checked once the word is finished. */
  typing?: boolean;
}

export interface FormCheck {
  /** One message per field key (`prompt` included; `FORM_WIDE` for the rest). */
  fields: Record<string, LocalizedText>;
  warnings: LocalizedText[];
  ok: boolean;
}

const PENDING = 'https://pending.invalid/';

/** Key of problems that belong to no one field (shown by the submit button). */
export const FORM_WIDE = '_form';

function labelOf(description: FormDescription, key: string): LocalizedText {
  const label = description.fields.find((field) => field.key === key)?.label;
  return label === undefined ? t(key, key) : inBothLanguages(label);
}

function ruleProblem(description: FormDescription, rule: Rule, body: unknown, prompt: string): [string, LocalizedText] | undefined {
  const label = (key: string) => labelOf(description, key);
  switch (rule.kind) {
    case 'exclusive': {
      const [a, b] = rule.fields;
      if (!isSet(getPath(body, a)) || !isSet(getPath(body, b))) return undefined;
      return [b, t(`Not together with ${label(a).en}`, `不能与「${label(a)['zh-CN']}」同时使用`)];
    }
    case 'requires':
      if (!isSet(getPath(body, rule.field)) || isSet(getPath(body, rule.needs))) return undefined;
      return [rule.field, t(`Needs ${label(rule.needs).en}`, `需要先填写「${label(rule.needs)['zh-CN']}」`)];
    case 'exactly-one': {
      const count = rule.fields.filter((key) => isSet(getPath(body, key))).length;
      if (count === 1) return undefined;
      const names = rule.fields.map(label);
      const en = names.map((n) => n.en).join(', ');
      const zh = names.map((n) => `「${n['zh-CN']}」`).join('、');
      return [rule.fields[0] ?? '', count === 0 ? t(`Give one of: ${en}`, `请填写其中一项：${zh}`) : t(`Only one of: ${en}`, `只能填写一项：${zh}`)];
    }
    case 'placeholders': {
      const found = extractPlaceholders(prompt);
      for (const { token, list } of rule.tokens) {
        const length = Array.isArray(getPath(body, list)) ? (getPath(body, list) as unknown[]).length : 0;
        const firsts = [...new Set(found.filter((p) => p.token === token).map((p) => p.index))];
        const beyond = firsts.find((index) => index < 1 || index > length);
        if (beyond !== undefined) {
          return [
            'prompt',
            t(
              `<<<${token}_${beyond}>>> points at item ${beyond} of ${label(list).en}, which has ${length}`,
              `<<<${token}_${beyond}>>> 指向「${label(list)['zh-CN']}」的第 ${beyond} 项，但只有 ${length} 项`,
            ),
          ];
        }
        const early = firsts.findIndex((index, i) => i > 0 && index < (firsts[i - 1] ?? 0));
        if (early > 0) {
          const [first, second] = [firsts[early - 1], firsts[early]];
          return [
            'prompt',
            t(
              `<<<${token}_${first}>>> comes before <<<${token}_${second}>>>; first mention them in list order`,
              `<<<${token}_${first}>>> 出现在 <<<${token}_${second}>>> 之前；请按列表顺序首次引用`,
            ),
          ];
        }
      }
      const known = new Set(rule.tokens.map((token) => token.token));
      const stray = found.find((p) => !known.has(p.token));
      return stray === undefined
        ? undefined
        : ['prompt', t(`<<<${stray.token}_${stray.index}>>> is not a placeholder of this model`, `<<<${stray.token}_${stray.index}>>> 不是此模型的占位符`)];
    }
    case 'mentions':
      if (rule.requiredUnless === undefined || /@\w/.test(prompt) || isSet(getPath(body, rule.requiredUnless))) return undefined;
      return [
        'prompt',
        t(
          `Mention a character as @username, or give ${label(rule.requiredUnless).en}`,
          `请用 @用户名 提及角色，或填写「${label(rule.requiredUnless)['zh-CN']}」`,
        ),
      ];
    case 'warning':
      return undefined;
  }
}

export function checkForm(input: FormInput): FormCheck {
  const { description } = input;
  const fields: Record<string, LocalizedText> = {};
  const put = (key: string, message: LocalizedText | undefined): void => {
    if (message !== undefined && fields[key] === undefined) fields[key] = message;
  };

  const promptField = description.fields.find((field) => field.control === 'prompt');
  if (promptField) {
    put('prompt', input.prompt.trim() === '' ? t('Write a prompt', '请输入提示词') : checkValue(promptField, input.prompt));
    if (promptField.prompt?.syntax === 'mentions') {
      const unknown = unknownMentions(input.prompt, input.characters, input.typing === true);
      if (unknown.length > 0) {
        const names = unknown.map((name) => `@${name}`).join(', ');
        put(
          'prompt',
          t(
            `${names}: no character of yours has this name; create it first or pick one from the suggestions`,
            `${names}：你还没有这个名字的角色，请先创建，或从建议中选择`,
          ),
        );
      }
    }
  }
  for (const field of optionFields(description)) {
    const value = input.values[field.key];
    put(field.key, isBlank(value) ? requiredProblem(field, true) : checkValue(field, value));
  }
  for (const field of imageFields(description)) put(field.key, checkFiles(field, input.files[field.key] ?? []));

  const references = Object.fromEntries(
    imageFields(description).map((field) => [field.key, (input.files[field.key] ?? []).map((file, i) => file.url ?? `${PENDING}${i}.png`)]),
  );
  const values = { ...requestValues(description, input, references, input.maskUrl), prompt: input.prompt };
  const entry = variantById(description.variantId);
  const warnings: LocalizedText[] = [];
  if (entry) {
    const body = buildRequestBody(entry, values);
    for (const rule of entry.rules) {
      const problem = ruleProblem(description, rule, body, input.prompt);
      if (problem) put(problem[0], problem[1]);
    }
    // The catalog's own check, for anything the checks above do not word.
    const checked = validateRequest(entry, values);
    if (!checked.ok) {
      for (const issue of checked.issues) {
        const key = description.fields.find((field) => issue.path === field.key || issue.path.startsWith(`${field.key}.`))?.key ?? FORM_WIDE;
        put(key, t(issue.message, `不符合此模型的限制：${issue.message}`));
      }
    }
    warnings.push(...checked.warnings.map((warning) => warning.message));
  }
  return { fields, warnings, ok: Object.keys(fields).length === 0 };
}
