/**
 * The one check of a generation request, the same in the Create form, in batch creation and in
 * main's last look before sending: each field's type and limits, the variant's cross-field rules,
 * path parameters, and (where known) the reference files. It answers with reason codes and
 * parameters; whoever shows them words them.
 */
import type { z } from 'zod';
import type { FieldSpec, VariantEntry } from './types';
import { problem, type FieldFinding, type RequestNotice, type RequestProblem } from './request-problems';
import { buildPathSchema, buildRequestSchema } from './request-schema';
import { buildRequestBody, buildRequestPath, formKeys, isBlank, type FormValues } from './request-body';
import { ignoredFieldWarning, ruleIssues, ruleWarnings } from './rules';
import { validateReferences, type ReferenceFile } from './references';
import { PendingReference } from './pending-reference';
import { getPath, shown, type WireBody } from './wire-path';

/** A request as it is sent and stored: the endpoint's path parameters apart from the body. */
export interface WireRequest {
  pathParams: Record<string, string>;
  body: WireBody;
}

export interface CheckOptions {
  /** References of each file field still uploading, after the addresses `values` gives: they count, and have no address yet. */
  pendingReferences?: Readonly<Record<string, number>>;
  /** What is known of local reference files (type, bytes, pixel size). */
  files?: readonly ReferenceFile[];
}

export interface RequestCheck {
  problems: RequestProblem[];
  notices: RequestNotice[];
  /** The request to send; absent while something is wrong or still uploading. */
  request?: WireRequest;
}

/**
 * Each variant's schemas, built once: building one (and zod compiling it at its first parse)
 * costs more than the parse itself, and every job is checked when it is created and when it is sent.
 */
const schemas = new WeakMap<VariantEntry, { body: z.ZodType<WireBody>; path: z.ZodType<Record<string, string>> }>();

function schemasOf(entry: VariantEntry): { body: z.ZodType<WireBody>; path: z.ZodType<Record<string, string>> } {
  let known = schemas.get(entry);
  if (!known) {
    known = { body: buildRequestSchema(entry), path: buildPathSchema(entry) };
    schemas.set(entry, known);
  }
  return known;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

function isFinding(value: unknown): value is FieldFinding {
  return value !== null && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'string';
}

/** A zod issue as a problem: the field is the path up to the first list index, which becomes `index` (from 1). */
function problemsOf(issue: z.core.$ZodIssue, root: unknown): RequestProblem[] {
  const at = issue.path.findIndex((part) => typeof part === 'number');
  const field = (at === -1 ? issue.path : issue.path.slice(0, at)).map(String).join('.');
  const index: Record<string, number> = at === -1 ? {} : { index: Number(issue.path[at]) + 1 };
  switch (issue.code) {
    case 'custom': {
      const finding: unknown = issue.params?.finding;
      return isFinding(finding) ? [problem(field, finding.code, { ...finding.params, ...index })] : [problem(field, 'wrong_type', index)];
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => problem([field, key].filter((part) => part !== '').join('.'), 'unknown_field', { value: key }));
    case 'invalid_type': {
      const value = valueAt(root, issue.path);
      return [
        value === undefined ? problem(field, 'required', index) : problem(field, 'wrong_type', { expected: issue.expected, value: shown(value), ...index }),
      ];
    }
    case 'invalid_value':
      return [problem(field, 'fixed_value', { value: shown(issue.values[0]) })];
    default:
      return [problem(field, 'wrong_type', { expected: 'choice', value: shown(valueAt(root, issue.path)), ...index })];
  }
}

function schemaProblems(schema: z.ZodType, value: unknown): RequestProblem[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.flatMap((issue) => problemsOf(issue, value));
}

function pathFields(entry: VariantEntry): FieldSpec[] {
  return entry.fields.filter((field) => field.in === 'path');
}

function hasPending(body: unknown): boolean {
  if (body instanceof PendingReference) return true;
  if (Array.isArray(body)) return body.some(hasPending);
  return body !== null && typeof body === 'object' && Object.values(body).some(hasPending);
}

/** Checks a request as it is sent or stored (`{ pathParams, body }`). */
export function checkWireRequest(entry: VariantEntry, request: WireRequest): RequestCheck {
  const { body: bodySchema, path: pathSchema } = schemasOf(entry);
  const problems = [...schemaProblems(pathSchema, request.pathParams), ...schemaProblems(bodySchema, request.body), ...ruleIssues(entry, request.body)];
  const notices = ruleWarnings(entry, request.body);
  return problems.length > 0 || hasPending(request.body) ? { problems, notices } : { problems, notices, request };
}

/** A size picked as a tier and a ratio names a tier of the field and a ratio of that tier (`auto` at any tier). */
function sizeChoiceProblems(entry: VariantEntry, values: FormValues): RequestProblem[] {
  return entry.fields.flatMap((field) => {
    const choice = values[field.key];
    if (field.type !== 'size' || choice === null || typeof choice !== 'object' || Array.isArray(choice)) return [];
    const { tier, ratio } = choice as { tier?: unknown; ratio?: unknown };
    const found = field.tiers.find((candidate) => candidate.tier === tier);
    if (!found) return [problem(field.key, 'tier_not_allowed', { value: shown(tier), allowed: field.tiers.map((candidate) => candidate.tier).join(', ') })];
    if (ratio === 'auto' || found.options.some((option) => option.ratio === ratio)) return [];
    return [
      problem(field.key, 'size_not_in_tier', { value: String(ratio), tier: found.tier, allowed: found.options.map((option) => option.ratio).join(', ') }),
    ];
  });
}

function withPending(entry: VariantEntry, values: FormValues, pending: Readonly<Record<string, number>>): FormValues {
  const marked: Record<string, unknown> = { ...values };
  for (const field of entry.fields) {
    const count = pending[field.key] ?? 0;
    if (count <= 0) continue;
    const markers = Array.from({ length: count }, (_unused, i) => new PendingReference(i));
    const given = values[field.key];
    const list: unknown[] = Array.isArray(given) ? given : isBlank(given) ? [] : [given];
    if (field.type === 'image-list' || field.type === 'video-list') marked[field.key] = [...list, ...markers];
    else if (isBlank(given)) marked[field.key] = markers[0];
  }
  return marked;
}

/**
 * Checks form values (or CLI flags) for a variant and builds the request they make. References
 * still uploading are named by `pendingReferences`; the request is only given once none are.
 */
export function checkRequest(entry: VariantEntry, values: FormValues, options: CheckOptions = {}): RequestCheck {
  const problems: RequestProblem[] = [];
  if (!entry.generic) {
    const known = new Set(formKeys(entry));
    for (const key of Object.keys(values)) if (!known.has(key) && !isBlank(values[key])) problems.push(problem(key, 'not_an_option'));
  }
  problems.push(...sizeChoiceProblems(entry, values));
  const marked = withPending(entry, values, options.pendingReferences ?? {});
  const pathParams = Object.fromEntries(
    pathFields(entry).flatMap((field) => {
      const value = values[field.key];
      return value === undefined ? [] : [[field.key, typeof value === 'string' ? value.trim() : value]];
    }),
  ) as Record<string, string>;
  const body = buildRequestBody(entry, marked);
  const checked = checkWireRequest(entry, { pathParams, body });
  // The picked size and the body it makes can say the same thing once.
  problems.push(...checked.problems.filter((found) => !problems.some((known) => known.field === found.field && known.code === found.code)));
  const notices = [...checked.notices];
  for (const field of entry.fields) {
    // Dropped from the body by `buildRequestBody`: the value has no effect.
    if (field.onlyWhen && !isBlank(values[field.key]) && getPath(body, field.key) === undefined) notices.push(ignoredFieldWarning(field.key, field.onlyWhen));
  }
  if (options.files) {
    const references = validateReferences(entry, options.files, { values });
    problems.push(...references.issues);
    notices.push(...references.warnings);
  }
  return problems.length > 0 || checked.request === undefined ? { problems, notices } : { problems, notices, request: checked.request };
}

/** The endpoint path of a request, its parameters filled in (URL-encoded). */
export function requestPath(entry: VariantEntry, request: Pick<WireRequest, 'pathParams'>): string {
  return buildRequestPath(entry, request.pathParams);
}
