import type { Condition, LocalizedText, SizeField, VariantEntry } from './types';
import { extractMentions, placeholderProblems } from './prompt-syntax';
import { conditionHolds, getPath, isSet, shown } from './wire-path';
import { isOpenValue } from './field-schema';
import { inBothLanguages } from '../i18n/locales';

/** A problem that blocks the request; `path` is the wire path it concerns. */
export interface RequestIssue {
  path: string;
  message: string;
}

/** Something the user should know, which does not block the request. */
export interface RequestWarning {
  path: string;
  message: LocalizedText;
}

function listLength(body: unknown, path: string): number {
  const value = getPath(body, path);
  return Array.isArray(value) ? value.length : 0;
}

function sizeTierIssue(field: SizeField, body: unknown): RequestIssue | undefined {
  if (field.wire !== 'ratio' || field.tierKey === undefined) return undefined;
  const ratio = getPath(body, field.key);
  const tierName = getPath(body, field.tierKey) ?? (field.default === 'auto' ? undefined : field.default.tier);
  const tier = field.tiers.find((candidate) => candidate.tier === tierName);
  if (typeof ratio !== 'string' || tier === undefined || ratio === 'auto') return undefined;
  if (tier.options.some((option) => option.ratio === ratio)) return undefined;
  const inOtherTier = field.tiers.some((candidate) => candidate.options.some((option) => option.ratio === ratio));
  if (!inOtherTier) return undefined; // the field's own check reports unknown ratios
  return {
    path: field.key,
    message: `${field.key}: ${ratio} is not available at ${tier.tier}; ${tier.tier} allows ${tier.options.map((o) => o.ratio).join(', ')}`,
  };
}

/** Cross-field problems of a wire body (the single-field checks live in the field schemas). */
export function ruleIssues(entry: VariantEntry, body: unknown): RequestIssue[] {
  const issues: RequestIssue[] = [];
  for (const field of entry.fields) {
    if (field.type === 'size') {
      const issue = sizeTierIssue(field, body);
      if (issue) issues.push(issue);
    }
    if (field.type === 'mask' && isSet(getPath(body, field.key)) && listLength(body, field.referenceField) === 0) {
      issues.push({ path: field.key, message: `${field.key}: requires ${field.referenceField}; the mask applies to the first image` });
    }
  }
  for (const rule of entry.rules) {
    switch (rule.kind) {
      case 'exclusive': {
        const [a, b] = rule.fields;
        if (isSet(getPath(body, a)) && isSet(getPath(body, b))) {
          issues.push({ path: b, message: `${a} and ${b} cannot be used together; send only one of them` });
        }
        break;
      }
      case 'requires':
        if (isSet(getPath(body, rule.field)) && !isSet(getPath(body, rule.needs))) {
          issues.push({ path: rule.field, message: `${rule.field}: requires ${rule.needs}` });
        }
        break;
      case 'exactly-one': {
        const count = rule.fields.filter((path) => isSet(getPath(body, path))).length;
        if (count !== 1) {
          const path = rule.fields[0] ?? '';
          issues.push({
            path,
            message: count === 0 ? `one of ${rule.fields.join(' or ')} is required` : `send only one of ${rule.fields.join(', ')}`,
          });
        }
        break;
      }
      case 'placeholders': {
        const prompt = getPath(body, rule.prompt);
        if (typeof prompt !== 'string') break;
        const lists = rule.tokens.map(({ token, list }) => ({ token, list, length: listLength(body, list) }));
        issues.push(...placeholderProblems(prompt, lists).errors.map((message) => ({ path: rule.prompt, message })));
        break;
      }
      case 'mentions': {
        const prompt = getPath(body, rule.prompt);
        if (typeof prompt !== 'string' || rule.requiredUnless === undefined) break;
        if (extractMentions(prompt).length === 0 && !isSet(getPath(body, rule.requiredUnless))) {
          issues.push({
            path: rule.prompt,
            message: `${rule.prompt}: mention a created character as @username, or set ${rule.requiredUnless} to a character task id`,
          });
        }
        break;
      }
      case 'warning':
        break;
    }
  }
  return issues;
}

function conditionText(condition: Condition): { en: string; zh: string } {
  if ('is' in condition) return { en: `${condition.field} is set`, zh: `设置了 ${condition.field}` };
  if ('equals' in condition) {
    return { en: `${condition.field} is ${shown(condition.equals)}`, zh: `${condition.field} 为 ${shown(condition.equals)}` };
  }
  return { en: `${condition.field} is above ${condition.above}`, zh: `${condition.field} 大于 ${condition.above}` };
}

/** Warnings for a wire body: declared warning rules, unreferenced placeholders, ignored fields. */
export function ruleWarnings(entry: VariantEntry, body: unknown): RequestWarning[] {
  const warnings: RequestWarning[] = [];
  for (const rule of entry.rules) {
    if (rule.kind === 'warning' && rule.when.every((condition) => conditionHolds(body, condition))) {
      warnings.push({ path: rule.when[0]?.field ?? '', message: inBothLanguages(rule.message) });
    }
    if (rule.kind === 'placeholders') {
      const prompt = getPath(body, rule.prompt);
      const lists = rule.tokens.map(({ token, list }) => ({ token, list, length: listLength(body, list) }));
      const problems = placeholderProblems(typeof prompt === 'string' ? prompt : '', lists);
      for (const { token, index } of problems.unknown) {
        const tag = `<<<${token}_${index}>>>`;
        warnings.push({
          path: rule.prompt,
          message: {
            en: `${tag} is not a placeholder this model names (${lists.map((list) => list.token).join(', ')}); it stays in the prompt as text.`,
            'zh-CN': `${tag} 不是此模型支持的占位符（${lists.map((list) => list.token).join('、')}）；它会作为文字保留在提示词中。`,
          },
        });
      }
      for (const { list, token, index } of problems.unreferenced) {
        warnings.push({
          path: list,
          message: {
            en: `Item ${index} of ${list} is not referenced as <<<${token}_${index}>>> in the prompt; nothing is inserted automatically.`,
            'zh-CN': `${list} 的第 ${index} 项未在提示词中以 <<<${token}_${index}>>> 引用；不会自动插入。`,
          },
        });
      }
    }
  }
  for (const field of entry.fields) {
    if (field.onlyWhen && isSet(getPath(body, field.key)) && !conditionHolds(body, field.onlyWhen)) {
      warnings.push(ignoredFieldWarning(field.key, field.onlyWhen));
    }
    const value = getPath(body, field.key);
    if (field.type === 'size' && isOpenValue(field, value)) {
      warnings.push({
        path: field.key,
        message: {
          en: `${field.key} ${shown(value)} is not one of the sizes the interface lists; the model is said to support it, but the gateway may refuse it or use the nearest one.`,
          'zh-CN': `${field.key} ${shown(value)} 不在接口列出的尺寸中；据称模型支持，但网关可能拒绝或改用最接近的尺寸。`,
        },
      });
    }
    if (field.type === 'enum' && isOpenValue(field, value)) {
      const common = field.values.join(', ');
      warnings.push({
        path: field.key,
        message: {
          en: `${field.key} ${shown(value)} is not one of the usual values (${common}); the gateway may refuse it or use the nearest one.`,
          'zh-CN': `${field.key} ${shown(value)} 不是常用值（${common}）；网关可能拒绝或改用最接近的值。`,
        },
      });
    }
  }
  return warnings;
}

/** Warning for a field the gateway ignores because its condition does not hold. */
export function ignoredFieldWarning(key: string, condition: Condition): RequestWarning {
  const when = conditionText(condition);
  return { path: key, message: { en: `${key} is ignored unless ${when.en}.`, 'zh-CN': `除非${when.zh}，否则 ${key} 会被忽略。` } };
}
