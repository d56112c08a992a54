/**
 * The Create form's values as plain data: what the artist chose, keyed by the catalog's field
 * keys (wire paths), without defaults (a control shows its default while nothing is chosen, and
 * the catalog fills required defaults when the request is built). Pure functions: carrying the
 * values over to another model, reading a recipe back into a form, and the values to send.
 */
import {
  checkRequest,
  sizeChoiceOf,
  variantById,
  type FormDescription,
  type FormFieldDescription,
  type FormValues,
  type ProblemCode,
  type VariantEntry,
} from '../../../../../shared/catalog';
import { getPath } from '../../../../../shared/catalog/wire-path';

export type Values = Readonly<Record<string, unknown>>;

/** Controls whose value lives in the reference tray or the mask painter, not in `values`. */
const FILE_CONTROLS: ReadonlySet<FormFieldDescription['control']> = new Set(['images', 'image', 'mask']);

/** The fields the options form shows: everything but the prompt, the model and file fields. */
export function optionFields(description: FormDescription): FormFieldDescription[] {
  return description.fields.filter((field) => field.control !== 'prompt' && field.key !== 'model' && !FILE_CONTROLS.has(field.control));
}

/** File fields with a tray of images (`images` lists and single `image` fields). */
export function imageFields(description: FormDescription): FormFieldDescription[] {
  return description.fields.filter((field) => field.control === 'images' || field.control === 'image');
}

export function maskField(description: FormDescription): FormFieldDescription | undefined {
  return description.fields.find((field) => field.control === 'mask');
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The values that still apply after switching to another model: every choice whose field the
 * new model has and whose value passes that field's limits. Returns what was left behind, by
 * field key, so the form can say so.
 */
export function carryOver(values: Values, to: FormDescription): { values: Record<string, unknown>; dropped: string[] } {
  const fields = new Set(optionFields(to).map((field) => field.key));
  const entry = variantById(to.variantId);
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (isBlank(value)) continue;
    if (entry && fields.has(key) && withinLimits(entry, key, value)) kept[key] = value;
    else dropped.push(key);
  }
  return { values: kept, dropped };
}

/** Problems of a rule between fields: about the other values, not about this one. */
const BETWEEN_FIELDS: ReadonlySet<ProblemCode> = new Set([
  'exclusive',
  'requires',
  'exactly_one_missing',
  'exactly_one_many',
  'mention_required',
  'mask_needs_reference',
]);

/** Whether one value alone passes its field's limits on a variant (the catalog's request check, read for that field). */
function withinLimits(entry: VariantEntry, key: string, value: unknown): boolean {
  const { problems } = checkRequest(entry, { [key]: value });
  return !problems.some((problem) => (problem.field === key || problem.field.startsWith(`${key}.`)) && !BETWEEN_FIELDS.has(problem.code));
}

/** A recipe (the request as sent) read back into the form of its variant. */
export interface RecipeForm {
  modelId: string;
  prompt: string;
  values: Record<string, unknown>;
  /** Reference addresses by file field, in order. */
  references: Record<string, string[]>;
  /** The mask's address, if the recipe had one. */
  maskUrl: string | null;
}

function urlsOf(value: unknown): string[] {
  const items: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (item !== null && typeof item === 'object') {
      const url = Object.values(item).find((v): v is string => typeof v === 'string' && /^(https?:|data:)/.test(v));
      return url === undefined ? [] : [url];
    }
    return [];
  });
}

function formValueOf(entry: VariantEntry, key: string, body: unknown): unknown {
  const spec = entry.fields.find((field) => field.key === key);
  const wire = getPath(body, key);
  if (spec?.type === 'size') {
    const tierKey = spec.tierKey;
    const context: FormValues = tierKey === undefined ? {} : { [tierKey]: getPath(body, tierKey) };
    const choice = sizeChoiceOf(spec, wire, context);
    return choice === undefined || (typeof choice === 'string' && choice !== 'auto') ? wire : choice;
  }
  if (spec?.type === 'search-tools' && Array.isArray(wire)) {
    return wire.flatMap((tool: unknown) =>
      tool !== null && typeof tool === 'object' && Array.isArray((tool as { search_types?: unknown }).search_types)
        ? (tool as { search_types: unknown[] }).search_types
        : [],
    );
  }
  if (spec?.type === 'video-list') return urlsOf(wire);
  return wire;
}

/**
 * Reads a stored request back into the form of `variantId`: the model, the prompt, every option
 * the variant has, and the references (which the tray shows again without uploading anything).
 */
export function recipeToForm(variantId: string, request: unknown, description: FormDescription): RecipeForm | undefined {
  const entry = variantById(variantId);
  if (!entry || request === null || typeof request !== 'object') return undefined;
  const model = getPath(request, 'model');
  const prompt = getPath(request, 'prompt');
  const values: Record<string, unknown> = {};
  for (const field of optionFields(description)) {
    const value = formValueOf(entry, field.key, request);
    if (!isBlank(value)) values[field.key] = value;
  }
  const references: Record<string, string[]> = {};
  for (const field of imageFields(description)) {
    const urls = urlsOf(getPath(request, field.key));
    if (urls.length > 0) references[field.key] = urls;
  }
  const mask = maskField(description);
  const maskUrl = mask === undefined ? undefined : urlsOf(getPath(request, mask.key))[0];
  return {
    modelId: typeof model === 'string' && entry.modelIds.includes(model) ? model : entry.modelIds[0],
    prompt: typeof prompt === 'string' ? prompt : '',
    values,
    references,
    maskUrl: maskUrl ?? null,
  };
}

/** The options to send for one variant: the artist's values, the model, reference and mask addresses. */
export function requestValues(
  description: FormDescription,
  state: { modelId: string; values: Values },
  references: Readonly<Record<string, readonly string[]>>,
  maskUrl: string | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = { model: state.modelId };
  for (const field of optionFields(description)) {
    const value = state.values[field.key];
    if (!isBlank(value)) out[field.key] = value;
  }
  for (const field of imageFields(description)) {
    const urls = references[field.key] ?? [];
    if (urls.length === 0) continue;
    out[field.key] = field.control === 'image' ? urls[0] : [...urls];
  }
  const mask = maskField(description);
  if (mask && maskUrl !== null) out[mask.key] = maskUrl;
  return out;
}
