/**
 * A result's recorded request read back as form values of its variant, and the changes the
 * "next step" actions make to it: the same recipe again, this result as the reference, or a
 * larger size tier. Pure, so main builds re-runs from it and the window can tell what applies.
 */
import { sizeChoiceOf, formKeys, type FormValues } from './request-body';
import type { FieldSpec, ImageField, MediaListField, SizeField, VariantEntry } from './types';
import { getPath, isSet } from './wire-path';

/** Fields a re-run never copies: the gateway refuses a business id it has already seen. */
const FRESH_EACH_TIME = new Set(['client_business_id']);

/** The recorded request as values of `entry` (keyed by wire path, path parameters included). */
export function recipeValues(entry: VariantEntry, request: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of formKeys(entry)) {
    if (FRESH_EACH_TIME.has(key)) continue;
    const value = getPath(request, key);
    if (isSet(value)) values[key] = value;
  }
  return values;
}

export type ReferenceField = MediaListField | ImageField;

/** The field a result goes into when it becomes the reference: the variant's first image input. */
export function referenceFieldOf(entry: VariantEntry): ReferenceField | undefined {
  return entry.fields.find((field): field is ReferenceField => (field.type === 'image-list' || field.type === 'image') && field.in !== 'path');
}

/** `values` with `url` as the only reference, and without a mask (it was painted for another image). */
export function withReference(entry: VariantEntry, values: Readonly<Record<string, unknown>>, url: string): Record<string, unknown> | undefined {
  const field = referenceFieldOf(entry);
  if (!field) return undefined;
  const next: Record<string, unknown> = { ...values, [field.key]: field.type === 'image' ? url : [url] };
  for (const mask of entry.fields.filter((f: FieldSpec) => f.type === 'mask')) Reflect.deleteProperty(next, mask.key);
  return next;
}

function sizeFieldOf(entry: VariantEntry): SizeField | undefined {
  return entry.fields.find((field): field is SizeField => field.type === 'size');
}

/**
 * The size tiers above the one the recipe used, in the catalog's order (smallest first), each
 * with the recipe's ratio where that tier offers it. Empty when the variant has no larger tier,
 * or when the recipe's size cannot be read as a tier (`auto`, a size the catalog does not list).
 */
export function largerTiers(entry: VariantEntry, values: FormValues): string[] {
  const field = sizeFieldOf(entry);
  if (!field) return [];
  const current = currentTier(field, values);
  if (current === undefined) return [];
  const index = field.tiers.findIndex((tier) => tier.tier === current.tier);
  if (index < 0) return [];
  return field.tiers
    .slice(index + 1)
    .filter((tier) => tier.options.some((option) => option.ratio === current.ratio))
    .map((tier) => tier.tier);
}

function currentTier(field: SizeField, values: FormValues): { tier: string; ratio: string } | undefined {
  const reading = sizeChoiceOf(field, values[field.key] ?? defaultWire(field), values);
  if (reading === undefined || typeof reading === 'string') return undefined;
  return reading;
}

function defaultWire(field: SizeField): string | undefined {
  return field.default === 'auto' ? undefined : field.default.ratio;
}

/** `values` at `tier`, keeping the recipe's ratio; undefined when that tier is not a larger one. */
export function atTier(entry: VariantEntry, values: Readonly<Record<string, unknown>>, tier: string): Record<string, unknown> | undefined {
  const field = sizeFieldOf(entry);
  if (!field || !largerTiers(entry, values).includes(tier)) return undefined;
  const ratio = currentTier(field, values)?.ratio;
  if (ratio === undefined) return undefined;
  const next: Record<string, unknown> = { ...values, [field.key]: { tier, ratio } };
  if (field.tierKey !== undefined) next[field.tierKey] = tier;
  return next;
}

/**
 * A recorded request of `from` read as values of `to`, another variant of the same model (an edit
 * answered with a summary only, run again where it returns images): every value `to` takes, the
 * size as the same tier and ratio where `to` offers it (else `to`'s default), with the same
 * references and mask. Values `to` does not take are left behind.
 */
export function recipeOnVariant(from: VariantEntry, to: VariantEntry, request: unknown): Record<string, unknown> {
  const values = recipeValues(to, request);
  const toSize = sizeFieldOf(to);
  const fromSize = sizeFieldOf(from);
  if (toSize) Reflect.deleteProperty(values, toSize.key);
  if (toSize?.tierKey !== undefined) Reflect.deleteProperty(values, toSize.tierKey);
  const reading = fromSize
    ? sizeChoiceOf(fromSize, getPath(request, fromSize.key), fromSize.tierKey === undefined ? {} : { [fromSize.tierKey]: getPath(request, fromSize.tierKey) })
    : undefined;
  if (toSize && reading !== undefined) {
    if (reading === 'auto' && toSize.allowAuto) values[toSize.key] = 'auto';
    else if (
      typeof reading !== 'string' &&
      toSize.tiers.some((tier) => tier.tier === reading.tier && tier.options.some((option) => option.ratio === reading.ratio))
    ) {
      values[toSize.key] = reading;
      if (toSize.tierKey !== undefined) values[toSize.tierKey] = reading.tier;
    }
  }
  // References of `from` under another key (`reference_images`) go to `to`'s reference field when it has none.
  const target = referenceFieldOf(to);
  const source = referenceFieldOf(from);
  if (target && source && source.key !== target.key && values[target.key] === undefined) {
    const urls = getPath(request, source.key);
    if (isSet(urls)) values[target.key] = urls;
  }
  return values;
}
