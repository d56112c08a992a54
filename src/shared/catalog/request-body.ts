import type { FieldSpec, MediaListField, SizeChoice, SizeField, VariantEntry } from './types';
import { pixelsOf } from './sizes';
import { conditionHolds, deletePath, getPath, isSet, setPath, type WireBody } from './wire-path';
import { isRecord } from '../gateway/lenient';
import { PendingReference } from './pending-reference';

/** Values of a form (or CLI flags), keyed by field key; strings are coerced to the field's type. */
export type FormValues = Readonly<Record<string, unknown>>;

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function toNumber(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return value;
  return Number(value);
}

function toBoolean(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function findSize(field: SizeField, choice: { tier: string; ratio: string }) {
  return field.tiers.find((tier) => tier.tier === choice.tier)?.options.find((option) => option.ratio === choice.ratio);
}

/** A size read from a form: a known `{tier, ratio}`, or wire text (`auto`, or a value to reject). */
export type SizeReading = Exclude<SizeChoice, 'auto'> | string;

/**
 * Reads a size choice from a form value: `{tier, ratio}`, `auto`, `WxH` or `W:H`. Where the tier
 * is sent apart (`resolution`), `auto` keeps the tier the form gives: `{tier, ratio: 'auto'}`.
 */
export function sizeChoiceOf(field: SizeField, value: unknown, values: FormValues): SizeReading | undefined {
  if (isBlank(value)) return undefined;
  if (isRecord(value) && typeof value.tier === 'string' && typeof value.ratio === 'string') return { tier: value.tier, ratio: value.ratio };
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === 'auto') {
    const tier = field.tierKey === undefined ? undefined : values[field.tierKey];
    return typeof tier === 'string' && tier.trim() !== '' ? { tier: tier.trim(), ratio: 'auto' } : 'auto';
  }
  if (/^\d+x\d+$/.test(text)) {
    for (const tier of field.tiers) {
      const option = tier.options.find((candidate) => pixelsOf(candidate) === text);
      if (option) return { tier: tier.tier, ratio: option.ratio };
    }
    return text;
  }
  if (/^\d+:\d+$/.test(text)) {
    const formTier = field.tierKey === undefined ? undefined : values[field.tierKey];
    const defaultTier = field.default === 'auto' ? field.tiers[0]?.tier : field.default.tier;
    const tier = typeof formTier === 'string' && formTier !== '' ? formTier : defaultTier;
    if (field.wire === 'pixels') {
      // A ratio for a pixel-size field: the pixel value of that ratio in the chosen tier.
      const inTier = field.tiers.find((candidate) => candidate.tier === tier) ?? field.tiers[0];
      return inTier?.options.some((option) => option.ratio === text) ? { tier: inTier.tier, ratio: text } : text;
    }
    return { tier: tier ?? '', ratio: text };
  }
  return text;
}

function writeSize(body: WireBody, field: SizeField, choice: SizeReading): void {
  if (typeof choice === 'string') {
    setPath(body, field.key, choice);
    return;
  }
  // `auto` at a tier: the gateway picks the shape, the tier asked for still goes out (and is paid for).
  if (choice.ratio === 'auto') {
    setPath(body, field.key, 'auto');
    if (field.tierKey !== undefined) setPath(body, field.tierKey, choice.tier);
    return;
  }
  const option = findSize(field, choice);
  const pixels = option === undefined ? undefined : pixelsOf(option);
  setPath(body, field.key, field.wire === 'pixels' ? (pixels ?? choice.ratio) : choice.ratio);
  if (field.tierKey !== undefined) setPath(body, field.tierKey, choice.tier);
}

function mediaItems(field: MediaListField, value: unknown): unknown[] {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    if (item instanceof PendingReference) return field.item.shape === 'string' ? item : { [field.item.urlKey]: item };
    if (typeof item === 'string') return field.item.shape === 'string' ? item.trim() : { [field.item.urlKey]: item.trim() };
    // `{url}` items of a form become the variant's wire item (a string, or an object with its key).
    if (!isRecord(item) || typeof item.url !== 'string') return item;
    const { url, ...rest } = item;
    return field.item.shape === 'string' ? url : { ...rest, [field.item.urlKey]: url };
  });
}

function defaultOf(field: FieldSpec): unknown {
  switch (field.type) {
    case 'enum':
    case 'integer':
    case 'number':
    case 'boolean':
      return field.default;
    case 'size':
      // As a ratio, so a tier given separately in the form (`resolution`) still applies.
      return field.default === 'auto' ? 'auto' : field.default.ratio;
    case 'image-list':
    case 'video-list':
      // Sent empty so the count check can say how many are needed.
      return [];
    default:
      return undefined;
  }
}

function writeField(body: WireBody, field: FieldSpec, raw: unknown, values: FormValues): void {
  switch (field.type) {
    case 'size': {
      const choice = sizeChoiceOf(field, raw, values);
      // Anything unreadable goes on the wire as given, so validation names it.
      if (choice === undefined) setPath(body, field.key, raw);
      else writeSize(body, field, choice);
      return;
    }
    case 'enum':
      setPath(body, field.key, field.values.some((v) => typeof v === 'number') ? toNumber(raw) : raw);
      return;
    case 'integer':
    case 'number':
      setPath(body, field.key, toNumber(raw));
      return;
    case 'boolean':
      setPath(body, field.key, toBoolean(raw));
      return;
    case 'image-list':
    case 'video-list':
      setPath(body, field.key, mediaItems(field, raw));
      return;
    case 'search-tools': {
      const list = Array.isArray(raw) ? raw : [raw];
      const asTypes = list.every((item) => typeof item === 'string');
      setPath(body, field.key, asTypes ? [{ type: field.toolType, search_types: list }] : list);
      return;
    }
    case 'prompt':
      setPath(body, field.key, raw);
      return;
    default:
      setPath(body, field.key, typeof raw === 'string' ? raw.trim() : raw);
  }
}

/** Keys a form may carry for this variant: `model`, field keys and size tier keys. */
export function formKeys(entry: VariantEntry): string[] {
  const keys = ['model'];
  for (const field of entry.fields) {
    keys.push(field.key);
    if (field.type === 'size' && field.tierKey !== undefined) keys.push(field.tierKey);
  }
  return keys;
}

/**
 * The wire body for form values: types coerced, sizes turned into wire values, URL lists shaped
 * per variant, defaults of required (and `sendDefault`) fields filled, fixed values added,
 * conditional fields dropped.
 * Does not check; see `checkRequest`.
 */
export function buildRequestBody(entry: VariantEntry, values: FormValues): WireBody {
  const model = typeof values.model === 'string' && values.model.trim() !== '' ? values.model.trim() : entry.modelIds[0];
  const body: WireBody = { model };
  const known = new Set(formKeys(entry));
  for (const field of entry.fields) {
    if (field.in === 'path') continue;
    const given = values[field.key];
    const raw = isBlank(given) && (field.required || field.sendDefault) ? defaultOf(field) : given;
    if (isBlank(raw) && !(field.required && Array.isArray(raw))) continue;
    writeField(body, field, raw, values);
  }
  for (const field of entry.fields) {
    if (field.onlyWhen && !conditionHolds(body, field.onlyWhen) && isSet(getPath(body, field.key))) deletePath(body, field.key);
  }
  for (const [path, value] of Object.entries(entry.fixed ?? {})) setPath(body, path, value);
  if (entry.generic) {
    for (const [key, value] of Object.entries(values)) if (!known.has(key) && !isBlank(value)) setPath(body, key, value);
  }
  return body;
}

/** The endpoint path with its parameters filled from the form values (URL-encoded). */
export function buildRequestPath(entry: VariantEntry, values: FormValues): string {
  return entry.path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return typeof value === 'string' && value.trim() !== '' ? encodeURIComponent(value.trim()) : whole;
  });
}
