import type { Condition, SizeField, VariantEntry } from './types';
import type { ProblemParams, RequestNotice, RequestProblem } from './request-problems';
import { problem } from './request-problems';
import { extractMentions, placeholderProblems } from './prompt-syntax';
import { conditionHolds, getPath, isSet, shown } from './wire-path';
import { isOpenValue } from './field-schema';

function listLength(body: unknown, path: string): number {
  const value = getPath(body, path);
  return Array.isArray(value) ? value.length : 0;
}

function sizeTierIssue(field: SizeField, body: unknown): RequestProblem | undefined {
  if (field.wire !== 'ratio' || field.tierKey === undefined) return undefined;
  const ratio = getPath(body, field.key);
  const tierName = getPath(body, field.tierKey) ?? (field.default === 'auto' ? undefined : field.default.tier);
  const tier = field.tiers.find((candidate) => candidate.tier === tierName);
  if (typeof ratio !== 'string' || tier === undefined || ratio === 'auto') return undefined;
  if (tier.options.some((option) => option.ratio === ratio)) return undefined;
  const inOtherTier = field.tiers.some((candidate) => candidate.options.some((option) => option.ratio === ratio));
  if (!inOtherTier) return undefined; // the field's own check reports unknown ratios
  return problem(field.key, 'size_not_in_tier', { value: ratio, tier: tier.tier, allowed: tier.options.map((o) => o.ratio).join(', ') });
}

/** Cross-field problems of a wire body (the single-field checks live in the field schemas). */
export function ruleIssues(entry: VariantEntry, body: unknown): RequestProblem[] {
  const issues: RequestProblem[] = [];
  for (const field of entry.fields) {
    if (field.type === 'size') {
      const issue = sizeTierIssue(field, body);
      if (issue) issues.push(issue);
    }
    if (field.type === 'mask' && isSet(getPath(body, field.key)) && listLength(body, field.referenceField) === 0) {
      issues.push(problem(field.key, 'mask_needs_reference', { other: field.referenceField }));
    }
  }
  for (const rule of entry.rules) {
    switch (rule.kind) {
      case 'exclusive': {
        const [a, b] = rule.fields;
        if (isSet(getPath(body, a)) && isSet(getPath(body, b))) issues.push(problem(b, 'exclusive', { other: a }));
        break;
      }
      case 'requires':
        if (isSet(getPath(body, rule.field)) && !isSet(getPath(body, rule.needs))) issues.push(problem(rule.field, 'requires', { other: rule.needs }));
        break;
      case 'exactly-one': {
        const count = rule.fields.filter((path) => isSet(getPath(body, path))).length;
        if (count !== 1) {
          issues.push(problem(rule.fields[0] ?? '', count === 0 ? 'exactly_one_missing' : 'exactly_one_many', { allowed: rule.fields.join(', ') }));
        }
        break;
      }
      case 'placeholders': {
        const prompt = getPath(body, rule.prompt);
        if (typeof prompt !== 'string') break;
        const lists = rule.tokens.map(({ token, list }) => ({ token, list, length: listLength(body, list) }));
        issues.push(...placeholderProblems(prompt, lists).errors.map((found) => problem(rule.prompt, found.code, found.params)));
        break;
      }
      case 'mentions': {
        const prompt = getPath(body, rule.prompt);
        if (typeof prompt !== 'string' || rule.requiredUnless === undefined) break;
        if (extractMentions(prompt).length === 0 && !isSet(getPath(body, rule.requiredUnless))) {
          issues.push(problem(rule.prompt, 'mention_required', { other: rule.requiredUnless }));
        }
        break;
      }
      case 'warning':
        break;
    }
  }
  return issues;
}

/** Warnings for a wire body: declared warning rules, unreferenced placeholders, ignored fields. */
export function ruleWarnings(entry: VariantEntry, body: unknown): RequestNotice[] {
  const warnings: RequestNotice[] = [];
  for (const rule of entry.rules) {
    if (rule.kind === 'warning' && rule.when.every((condition) => conditionHolds(body, condition))) {
      warnings.push({ code: 'declared', field: rule.when[0]?.field ?? '', params: {}, note: rule.message });
    }
    if (rule.kind === 'placeholders') {
      const prompt = getPath(body, rule.prompt);
      const lists = rule.tokens.map(({ token, list }) => ({ token, list, length: listLength(body, list) }));
      const problems = placeholderProblems(typeof prompt === 'string' ? prompt : '', lists);
      for (const { token, index } of problems.unknown) {
        warnings.push({ code: 'placeholder_unknown', field: rule.prompt, params: { token, index, allowed: lists.map((list) => list.token).join(', ') } });
      }
      for (const { list, token, index } of problems.unreferenced) {
        warnings.push({ code: 'placeholder_unreferenced', field: list, params: { token, index, list } });
      }
    }
  }
  for (const field of entry.fields) {
    if (field.onlyWhen && isSet(getPath(body, field.key)) && !conditionHolds(body, field.onlyWhen)) {
      warnings.push(ignoredFieldWarning(field.key, field.onlyWhen));
    }
    const value = getPath(body, field.key);
    if (field.type === 'size' && isOpenValue(field, value)) warnings.push({ code: 'open_size', field: field.key, params: { value: shown(value) } });
    if (field.type === 'enum' && isOpenValue(field, value)) {
      warnings.push({ code: 'open_value', field: field.key, params: { value: shown(value), allowed: field.values.join(', ') } });
    }
  }
  return warnings;
}

/** Warning for a field the gateway ignores because its condition does not hold (`is`: set, equals or above). */
export function ignoredFieldWarning(key: string, condition: Condition): RequestNotice {
  const params: ProblemParams =
    'is' in condition
      ? { other: condition.field, condition: 'set' }
      : 'equals' in condition
        ? { other: condition.field, condition: 'equals', value: shown(condition.equals) }
        : { other: condition.field, condition: 'above', value: condition.above };
  return { code: 'ignored_unless', field: key, params };
}
