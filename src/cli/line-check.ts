/**
 * Validation of every line of a jobs file before anything is sent: the model and its variant,
 * the body against the variant's option schema (with the catalog's defaults for required
 * options filled in), path parameters, and the local files (present, a readable image of an
 * accepted type and size, mask rules). Problems are collected for all lines at once.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  buildRequestBody,
  buildRequestPath,
  checkWireRequest,
  PendingReference,
  validateReferences,
  type ReferenceFile,
  type VariantEntry,
  type WireBody,
} from '../shared/catalog';
import { InvalidRequestError, issuesOf, type RequestIssue } from '../main/core/gateway/invalid-request';
import { noticeText } from '../main/core/gateway/request-problem-text';
import { inspectImageFile, type ImageFacts } from '../main/core/gateway/uploads';
import { existingCount, fileTargets, placeFileUrls } from './file-fields';
import type { JobLine, LineProblem } from './jobs-file';
import { chooseVariant } from './variant-choice';

/** A local file of a line, checked. */
interface LocalFile {
  /** As written in the line. */
  given: string;
  absolutePath: string;
  facts: ImageFacts;
}

/** A line that passed every check: what to upload and what to send, `count` times. */
export interface CheckedLine {
  line: number;
  entry: VariantEntry;
  /** The wire body with defaults filled, without the local files' addresses (placed after upload). */
  body: WireBody;
  /** Endpoint path with its parameters (remix: `/v1/videos/task_.../remix`). */
  path: string;
  /** The path parameters themselves (a remix's `video_id`). */
  pathParams: Record<string, string>;
  references: LocalFile[];
  mask: LocalFile | undefined;
  count: number;
  prompt: string;
  /** Things worth knowing that do not block the line. */
  warnings: string[];
}

const CHECK_PARALLEL = 16;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `over` laid on `base`: nested objects merged, everything else (lists included) replaced. */
function mergeBodies(base: WireBody, over: WireBody): WireBody {
  const merged: WireBody = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeBodies(current, value) : value;
  }
  return merged;
}

/** The body and path parameters of a line for one variant. */
function shapeFor(entry: VariantEntry, line: JobLine, model: string): { body: WireBody; pathValues: Record<string, unknown> } {
  const pathKeys = new Set(entry.fields.filter((field) => field.in === 'path').map((field) => field.key));
  const pathValues = Object.fromEntries(Object.entries(line.body).filter(([key]) => pathKeys.has(key)));
  const given = Object.fromEntries(Object.entries(line.body).filter(([key]) => !pathKeys.has(key)));
  return { body: mergeBodies(buildRequestBody(entry, { model }), given), pathValues };
}

/** The line's body with its local files as references still to upload. */
function withPendingFiles(entry: VariantEntry, line: JobLine, body: WireBody): WireBody {
  const references = line.references.map((_given, index) => new PendingReference(index));
  return placeFileUrls(entry, body, references, line.mask === undefined ? undefined : new PendingReference(0));
}

function pathParamsOf(pathValues: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(pathValues).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value.trim()]] : [])));
}

/** Problems of a line for one variant, its local files counted as references still to upload. */
function issuesFor(entry: VariantEntry, line: JobLine, model: string): RequestIssue[] {
  const { body, pathValues } = shapeFor(entry, line, model);
  const targets = fileTargets(entry);
  const issues: RequestIssue[] = [];
  if (line.references.length > 0 && !targets.references) issues.push({ path: 'references', message: `${entry.id} takes no reference images` });
  if (line.mask !== undefined && !targets.mask) issues.push({ path: 'mask', message: `${entry.id} takes no mask` });
  if (line.mask !== undefined && targets.mask && targets.mask.key in body) {
    issues.push({ path: 'mask', message: `give the mask either as "mask" (a local file) or as "${targets.mask.key}" (an address), not both` });
  }
  if (issues.length > 0) return issues;
  // A path value that is not text is left out, so the check names it as missing.
  issues.push(...issuesOf(checkWireRequest(entry, { pathParams: pathParamsOf(pathValues), body: withPendingFiles(entry, line, body) }).problems));
  return issues;
}

type Inspector = (absolutePath: string) => Promise<ImageFacts | string>;

/** Reads each file once however many lines use it; a string result is the problem with it. */
function cachedInspector(): Inspector {
  const seen = new Map<string, Promise<ImageFacts | string>>();
  const inspect = async (absolutePath: string): Promise<ImageFacts | string> => {
    const info = await stat(absolutePath).catch(() => undefined);
    if (!info) return 'file not found';
    if (!info.isFile()) return 'not a file';
    try {
      return await inspectImageFile(absolutePath);
    } catch (error) {
      if (error instanceof InvalidRequestError) return error.issues.map((issue) => issue.message).join('; ');
      throw error;
    }
  };
  return (absolutePath) => {
    let facts = seen.get(absolutePath);
    if (!facts) {
      facts = inspect(absolutePath);
      seen.set(absolutePath, facts);
    }
    return facts;
  };
}

async function checkFiles(
  entry: VariantEntry,
  line: JobLine,
  body: WireBody,
  baseDir: string,
  inspect: Inspector,
): Promise<{ references: LocalFile[]; mask: LocalFile | undefined; problems: string[]; warnings: string[] }> {
  const read = async (given: string, label: string): Promise<LocalFile | string> => {
    const absolutePath = resolve(baseDir, given);
    const facts = await inspect(absolutePath);
    return typeof facts === 'string' ? `${label} "${given}": ${facts}` : { given, absolutePath, facts };
  };
  // Inspected in parallel, reported in the line's own order.
  const inspected = await Promise.all([
    ...line.references.map((given, index) => read(given, `references[${index}]`)),
    ...(line.mask === undefined ? [] : [read(line.mask, 'mask')]),
  ]);
  const problems = inspected.filter((result): result is string => typeof result === 'string');
  const opened = inspected.map((result) => (typeof result === 'string' ? undefined : result));
  const found = opened.slice(0, line.references.length).filter((file): file is LocalFile => file !== undefined);
  const mask = line.mask === undefined ? undefined : opened[line.references.length];
  if (problems.length > 0) return { references: found, mask, problems, warnings: [] };

  const targets = fileTargets(entry);
  const referenceKey = targets.references?.key ?? 'references';
  // With addresses already in the line ahead of the local files, the mask's first image is not a local one.
  const firstIsLocal = targets.mask === undefined || existingCount(body, targets.mask.referenceField) === 0;
  const files: ReferenceFile[] = [
    ...found.map((file) => ({ field: referenceKey, mime: file.facts.mimeType, bytes: file.facts.size, width: file.facts.width, height: file.facts.height })),
    ...(mask && targets.mask
      ? [
          {
            field: targets.mask.key,
            mime: mask.facts.mimeType,
            bytes: mask.facts.size,
            hasAlpha: mask.facts.hasAlpha,
            ...(firstIsLocal ? { width: mask.facts.width, height: mask.facts.height } : {}),
          },
        ]
      : []),
  ];
  const checked = validateReferences(entry, files, { values: body });
  problems.push(...issuesOf(checked.issues).map((issue) => issue.message));
  return { references: found, mask, problems, warnings: checked.warnings.map(noticeText) };
}

/** Checks one line; returns its problems, or the line ready to upload and submit. */
async function checkLine(line: JobLine, baseDir: string, inspect: Inspector): Promise<CheckedLine | LineProblem[]> {
  const problem = (message: string): LineProblem => ({ line: line.line, message });
  const model = line.body.model;
  if (typeof model !== 'string' || model.trim() === '') return [problem('"model" is required (the model id, e.g. "gen-image-2")')];
  const choice = chooseVariant({ model, body: line.body, variant: line.variant, hasMask: line.mask !== undefined }, (entry) => issuesFor(entry, line, model));
  if (!choice.ok) return [problem(choice.message)];
  const { entry } = choice;
  const issues = issuesFor(entry, line, model);
  const { body, pathValues } = shapeFor(entry, line, model);
  const files = await checkFiles(entry, line, body, baseDir, inspect);
  const problems = [...issues.map((issue) => issue.message), ...files.problems];
  if (problems.length > 0) return [...new Set(problems)].map((message) => problem(`${message} (${entry.id})`));
  const pathParams = pathParamsOf(pathValues);
  const warnings = [
    ...(choice.note === undefined ? [] : [choice.note]),
    ...checkWireRequest(entry, { pathParams, body: withPendingFiles(entry, line, body) }).notices.map(noticeText),
    ...files.warnings,
  ];
  return {
    line: line.line,
    entry,
    body,
    path: buildRequestPath(entry, pathValues),
    pathParams,
    references: files.references,
    mask: files.mask,
    count: line.count,
    prompt: typeof body.prompt === 'string' ? body.prompt : '',
    warnings,
  };
}

/**
 * Checks every line of a jobs file (files relative to `baseDir`). Returns the lines that passed
 * and every problem found, in line order; nothing may be submitted unless `problems` is empty.
 */
export async function checkJobLines(lines: readonly JobLine[], baseDir: string): Promise<{ checked: CheckedLine[]; problems: LineProblem[] }> {
  const inspect = cachedInspector();
  const results: (CheckedLine | LineProblem[])[] = [];
  // A few lines at a time: a file of thousands of lines must not open thousands of files at once.
  for (let start = 0; start < lines.length; start += CHECK_PARALLEL) {
    results.push(...(await Promise.all(lines.slice(start, start + CHECK_PARALLEL).map((line) => checkLine(line, baseDir, inspect)))));
  }
  const checked: CheckedLine[] = [];
  const problems: LineProblem[] = [];
  for (const result of results) {
    if (Array.isArray(result)) problems.push(...result);
    else checked.push(result);
  }
  return { checked, problems };
}
