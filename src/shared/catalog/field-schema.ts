import { z } from 'zod';
import type { EnumField, FieldSpec, MediaListField, SearchToolsField, SizeField, TextField, Unit } from './types';
import type { FieldFinding } from './request-problems';
import { pixelsOf } from './sizes';
import { shown } from './wire-path';
import { PendingReference } from './pending-reference';

/**
 * zod schemas of single fields, on the wire. A failed limit is a reason code with the limit and
 * the offending value (`FieldFinding` in the issue's params); type errors stay zod's own and
 * `request-check` turns them into codes.
 */

type Check<T> = (value: T) => FieldFinding | undefined;

function checked<T>(base: z.ZodType<T>, check: Check<T>): z.ZodType<T> {
  return base.superRefine((value, ctx) => {
    const finding = check(value);
    if (finding !== undefined) ctx.addIssue({ code: 'custom', message: finding.code, params: { finding } });
  });
}

const httpUrlSchema = z.url({ protocol: /^https?$/ });
const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/;
const BARE_BASE64 = /^[A-Za-z0-9+/=\s]{64,}$/;
const ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;
const SEGMENT = /^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/;

/** True for a public http(s) address. */
export function isHttpUrl(value: string): boolean {
  return httpUrlSchema.safeParse(value).success;
}

function urlProblem(value: string, acceptsDataUrl: boolean): FieldFinding | undefined {
  if (isHttpUrl(value)) return undefined;
  if (acceptsDataUrl && (DATA_URL.test(value) || BARE_BASE64.test(value))) return undefined;
  return { code: acceptsDataUrl ? 'not_url_or_data' : 'not_http_url', params: { value: shown(value) } };
}

function tooLong(limit: number | undefined, value: string): FieldFinding | undefined {
  return limit !== undefined && value.length > limit ? { code: 'too_long', params: { limit, value: value.length } } : undefined;
}

function textProblem(field: TextField, value: string): FieldFinding | undefined {
  const long = tooLong(field.maxLength, value);
  if (long) return long;
  switch (field.format) {
    case 'http-url':
      return urlProblem(value, false);
    case 'url-or-id':
      return isHttpUrl(value) || ID_PATTERN.test(value) ? undefined : { code: 'not_url_or_id', params: { value: shown(value) } };
    case 'id':
      if (!ID_PATTERN.test(value)) return { code: 'not_id', params: { value: shown(value) } };
      if (field.idPrefix !== undefined && !value.startsWith(field.idPrefix))
        return { code: 'id_prefix', params: { limit: field.idPrefix, value: shown(value) } };
      return undefined;
    case 'time-segment':
      return segmentProblem(value, field.segmentSeconds ?? 2);
    case undefined:
      return undefined;
  }
}

function segmentProblem(value: string, seconds: number): FieldFinding | undefined {
  const match = SEGMENT.exec(value);
  const length = match ? Number(match[2]) - Number(match[1]) : Number.NaN;
  return Math.abs(length - seconds) < 1e-9 ? undefined : { code: 'bad_segment', params: { limit: seconds, value: shown(value) } };
}

/** Every wire value of a size field's `key` (pixel values or ratios), plus `auto` when allowed. */
function sizeWireValues(field: SizeField): Set<string> {
  const values = new Set<string>(field.allowAuto ? ['auto'] : []);
  for (const tier of field.tiers) {
    for (const option of tier.options) {
      const value = field.wire === 'pixels' ? pixelsOf(option) : option.ratio;
      if (value !== undefined) values.add(value);
    }
  }
  return values;
}

function sizeSchema(field: SizeField): z.ZodType {
  const allowed = sizeWireValues(field);
  return checked(z.string(), (value) =>
    allowed.has(value) || isOpenValue(field, value)
      ? undefined
      : { code: 'size_not_allowed', params: { value: shown(value), allowed: [...allowed].join(', ') } },
  );
}

/** `kind`: what is counted (`image`, `video`, `item`), for wordings that name it. */
function countProblem(count: number, min: number, max: number | undefined, kind: string): FieldFinding | undefined {
  if (count < min) return { code: 'too_few', params: { limit: min, value: count, kind } };
  if (max !== undefined && count > max) return { code: 'too_many', params: { limit: max, value: count, kind } };
  return undefined;
}

/** A reference address, or a reference still uploading (it has none yet, and nothing is wrong with it). */
function referenceSchema(acceptsDataUrl: boolean): z.ZodType {
  return checked(z.unknown(), (value) => {
    if (value instanceof PendingReference) return undefined;
    if (value === undefined) return { code: 'required' };
    return typeof value === 'string' ? urlProblem(value, acceptsDataUrl) : { code: 'wrong_type', params: { expected: 'string', value: shown(value) } };
  });
}

function mediaItemSchema(field: MediaListField): z.ZodType {
  const reference = referenceSchema(field.acceptsDataUrl);
  return field.item.shape === 'string' ? reference : z.looseObject({ [field.item.urlKey]: reference });
}

function mediaListSchema(field: MediaListField): z.ZodType {
  const kind = field.type === 'video-list' ? 'video' : 'image';
  return checked(z.array(mediaItemSchema(field)), (items) => countProblem(items.length, field.minCount, field.maxCount, kind));
}

/** A value outside a field's listed values that its pattern still accepts (`othersMatching` of an enum or a size). */
export function isOpenValue(field: EnumField | SizeField, value: unknown): boolean {
  if (field.othersMatching === undefined || (typeof value !== 'string' && typeof value !== 'number')) return false;
  const listed = field.type === 'enum' ? field.values.includes(value) : sizeWireValues(field).has(String(value));
  return !listed && new RegExp(field.othersMatching).test(String(value));
}

function nonEmpty(check: Check<string>): Check<string> {
  return (value) => (value.trim() === '' ? { code: 'empty' } : check(value));
}

function rangeProblem(field: { min: number; max: number; unit?: Unit }, value: number, whole: boolean): FieldFinding | undefined {
  if (whole && !Number.isInteger(value)) return { code: 'not_whole', params: { value } };
  if (value >= field.min && value <= field.max) return undefined;
  // `whole`: 1 for a whole-number field.
  return { code: 'out_of_range', params: { min: field.min, max: field.max, value, whole: whole ? 1 : 0, ...(field.unit ? { unit: field.unit } : {}) } };
}

function searchToolsSchema(field: SearchToolsField): z.ZodType {
  const tool = z.strictObject({
    type: z.literal(field.toolType),
    search_types: checked(z.array(z.string()), (types): FieldFinding | undefined => {
      if (types.length === 0) return { code: 'no_search_type', params: { allowed: field.searchTypes.join(', ') } };
      const unknown = types.find((type) => !field.searchTypes.includes(type));
      return unknown === undefined ? undefined : { code: 'unknown_search_type', params: { value: shown(unknown), allowed: field.searchTypes.join(', ') } };
    }),
  });
  return checked(z.array(tool), (tools) => countProblem(tools.length, 0, 1, 'item'));
}

/** The wire schema of one field (not yet optional). */
export function fieldSchema(field: FieldSpec): z.ZodType {
  switch (field.type) {
    case 'prompt':
      return checked(
        z.string(),
        nonEmpty((value) => tooLong(field.maxLength, value)),
      );
    case 'text':
      return checked(
        z.string(),
        nonEmpty((value) => textProblem(field, value)),
      );
    case 'enum':
      return checked(z.union([z.string(), z.number()]), (value) =>
        field.values.includes(value) || isOpenValue(field, value)
          ? undefined
          : { code: 'not_a_choice', params: { value: shown(value), allowed: field.values.join(', '), ...(field.unit ? { unit: field.unit } : {}) } },
      );
    case 'integer':
      return checked(z.number(), (value) => rangeProblem(field, value, true));
    case 'number':
      return checked(z.number(), (value) => rangeProblem(field, value, false));
    case 'boolean':
      return z.boolean();
    case 'size':
      return sizeSchema(field);
    case 'image-list':
    case 'video-list':
      return mediaListSchema(field);
    case 'image':
      return referenceSchema(field.acceptsDataUrl);
    case 'mask':
      return referenceSchema(false);
    case 'object-list': {
      const item = field.itemFields
        ? z.strictObject(
            Object.fromEntries(
              field.itemFields.map((itemField) => {
                const schema = fieldSchema(itemField);
                return [itemField.key, itemField.required ? schema : schema.optional()];
              }),
            ),
          )
        : z.record(z.string(), z.unknown());
      return checked(z.array(item), (items) => countProblem(items.length, 0, field.maxCount, 'item'));
    }
    case 'search-tools':
      return searchToolsSchema(field);
  }
}
