import { z } from 'zod';
import type { EnumField, FieldSpec, ImageField, MediaListField, SizeField, TextField, Unit } from './types';
import { pixelsOf } from './sizes';
import { shown } from './wire-path';

/**
 * zod schemas of single fields, on the wire. Every message names the field and the limit, so
 * main can show it as is; constraints run in `superRefine` to put the offending value in the text.
 */

type Check<T> = (value: T) => string | undefined;

function checked<T>(base: z.ZodType<T>, check: Check<T>): z.ZodType<T> {
  return base.superRefine((value, ctx) => {
    const message = check(value);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  });
}

function typeError(name: string, expected: string, requiredMessage?: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? (requiredMessage ?? `${name}: required`) : `${name}: expected ${expected} (got ${shown(issue.input)})`;
}

const UNIT_TEXT: Readonly<Record<Unit, string>> = { seconds: ' seconds', images: ' images', tokens: ' tokens' };

function unitText(unit: Unit | undefined): string {
  return unit === undefined ? '' : UNIT_TEXT[unit];
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

function urlProblem(name: string, value: string, acceptsDataUrl: boolean): string | undefined {
  if (isHttpUrl(value)) return undefined;
  if (acceptsDataUrl && (DATA_URL.test(value) || BARE_BASE64.test(value))) return undefined;
  return acceptsDataUrl
    ? `${name}: must be an http(s) address, a data: URL or Base64 image data (got ${shown(value)})`
    : `${name}: must be a public http(s) address; upload the file first (Base64 and data: URLs are not accepted; got ${shown(value)})`;
}

function textProblem(field: TextField, name: string, value: string): string | undefined {
  if (field.maxLength !== undefined && value.length > field.maxLength) {
    return `${name}: at most ${field.maxLength} characters (got ${value.length})`;
  }
  switch (field.format) {
    case 'http-url':
      return urlProblem(name, value, false);
    case 'url-or-id':
      return isHttpUrl(value) || ID_PATTERN.test(value) ? undefined : `${name}: must be an http(s) address or a task id (got ${shown(value)})`;
    case 'id':
      if (!ID_PATTERN.test(value)) return `${name}: must be an id without spaces or slashes (got ${shown(value)})`;
      if (field.idPrefix !== undefined && !value.startsWith(field.idPrefix)) {
        return `${name}: must be an id starting with ${field.idPrefix} (got ${shown(value)})`;
      }
      return undefined;
    case 'time-segment':
      return segmentProblem(name, value, field.segmentSeconds ?? 2);
    case undefined:
      return undefined;
  }
}

function segmentProblem(name: string, value: string, seconds: number): string | undefined {
  const match = SEGMENT.exec(value);
  const expected = `a ${seconds}-second segment written <start_second>,<end_second>, e.g. 3,${3 + seconds}`;
  if (!match) return `${name}: must be ${expected} (got ${shown(value)})`;
  const length = Number(match[2]) - Number(match[1]);
  return Math.abs(length - seconds) < 1e-9 ? undefined : `${name}: must be ${expected}; ${shown(value)} is ${length} seconds long`;
}

function allowedSizesText(field: SizeField): string {
  const tiers = field.tiers.map((tier) => {
    const options = tier.options.map((option) => (field.wire === 'pixels' ? `${pixelsOf(option) ?? '?'} (${option.ratio})` : option.ratio));
    return `${tier.tier}: ${options.join(', ')}`;
  });
  return `${tiers.join('; ')}${field.allowAuto ? '; or auto' : ''}`;
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

function sizeSchema(field: SizeField, name: string): z.ZodType {
  const allowed = sizeWireValues(field);
  const kind = field.wire === 'pixels' ? 'size' : 'ratio';
  return checked(z.string({ error: typeError(name, `a ${kind} as text`, field.requiredMessage) }), (value) =>
    allowed.has(value) || isOpenValue(field, value) ? undefined : `${name}: ${shown(value)} is not an allowed ${kind}; allowed: ${allowedSizesText(field)}`,
  );
}

function mediaItemSchema(field: MediaListField, name: string): z.ZodType {
  const url = (itemName: string) => (value: string) => urlProblem(itemName, value, field.acceptsDataUrl);
  if (field.item.shape === 'string') return checked(z.string({ error: typeError(`${name}[]`, 'an address as text') }), url(`${name}[]`));
  const urlKey = field.item.urlKey;
  return z.looseObject(
    { [urlKey]: checked(z.string({ error: typeError(`${name}[].${urlKey}`, 'an address as text') }), url(`${name}[].${urlKey}`)) },
    { error: typeError(`${name}[]`, `an object like {"${urlKey}": "https://..."}`) },
  );
}

function mediaListSchema(field: MediaListField, name: string): z.ZodType {
  const noun = field.type === 'video-list' ? 'video' : 'image';
  const plural = (n: number) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return checked(z.array(mediaItemSchema(field, name), { error: typeError(name, 'a list') }), (items) => {
    if (items.length < field.minCount) return `${name}: at least ${plural(field.minCount)} required (got ${items.length})`;
    if (field.maxCount !== undefined && items.length > field.maxCount) return `${name}: at most ${plural(field.maxCount)} (got ${items.length})`;
    return undefined;
  });
}

function singleImageSchema(field: ImageField | { acceptsDataUrl: false }, name: string, requiredMessage?: string): z.ZodType {
  return checked(z.string({ error: typeError(name, 'an address as text', requiredMessage) }), (value) => urlProblem(name, value, field.acceptsDataUrl));
}

/** A value outside a field's listed values that its pattern still accepts (`othersMatching` of an enum or a size). */
export function isOpenValue(field: EnumField | SizeField, value: unknown): boolean {
  if (field.othersMatching === undefined || (typeof value !== 'string' && typeof value !== 'number')) return false;
  const listed = field.type === 'enum' ? field.values.includes(value) : sizeWireValues(field).has(String(value));
  return !listed && new RegExp(field.othersMatching).test(String(value));
}

/** The wire schema of one field (not yet optional); `name` is the field's name in messages. */
export function fieldSchema(field: FieldSpec, name: string = field.key): z.ZodType {
  const required = field.requiredMessage;
  switch (field.type) {
    case 'prompt':
      return checked(z.string({ error: typeError(name, 'text', required) }), (value) => {
        if (value.trim() === '') return `${name}: must not be empty`;
        if (field.maxLength !== undefined && value.length > field.maxLength) {
          return `${name}: at most ${field.maxLength} characters (got ${value.length})`;
        }
        return undefined;
      });
    case 'text':
      return checked(z.string({ error: typeError(name, 'text', required) }), (value) =>
        value.trim() === '' ? `${name}: must not be empty` : textProblem(field, name, value),
      );
    case 'enum':
      return checked(z.union([z.string(), z.number()], { error: typeError(name, 'a choice', required) }), (value) =>
        field.values.includes(value) || isOpenValue(field, value)
          ? undefined
          : `${name}: must be one of ${field.values.join(', ')}${field.othersMatching === undefined ? '' : ' (or another of that form)'}${unitText(field.unit)} (got ${shown(value)})`,
      );
    case 'integer':
      return checked(z.number({ error: typeError(name, 'a whole number', required) }), (value) =>
        Number.isInteger(value) && value >= field.min && value <= field.max
          ? undefined
          : `${name}: must be a whole number from ${field.min} to ${field.max}${unitText(field.unit)} (got ${value})`,
      );
    case 'number':
      return checked(z.number({ error: typeError(name, 'a number', required) }), (value) =>
        value >= field.min && value <= field.max ? undefined : `${name}: must be from ${field.min} to ${field.max} (got ${value})`,
      );
    case 'boolean':
      return z.boolean({ error: typeError(name, 'true or false', required) });
    case 'size':
      return sizeSchema(field, name);
    case 'image-list':
    case 'video-list':
      return mediaListSchema(field, name);
    case 'image':
      return singleImageSchema(field, name, required);
    case 'mask':
      return singleImageSchema({ acceptsDataUrl: false }, name, required);
    case 'object-list': {
      const item = field.itemFields
        ? z.strictObject(
            Object.fromEntries(
              field.itemFields.map((itemField) => {
                const schema = fieldSchema(itemField, `${name}[].${itemField.key}`);
                return [itemField.key, itemField.required ? schema : schema.optional()];
              }),
            ),
            { error: typeError(`${name}[]`, 'an object') },
          )
        : z.record(z.string(), z.unknown(), { error: typeError(`${name}[]`, 'an object') });
      return checked(z.array(item, { error: typeError(name, 'a list') }), (items) =>
        field.maxCount !== undefined && items.length > field.maxCount ? `${name}: at most ${field.maxCount} items (got ${items.length})` : undefined,
      );
    }
    case 'search-tools': {
      const tool = z.strictObject({
        type: z.literal(field.toolType, { error: typeError(`${name}[].type`, `"${field.toolType}"`) }),
        search_types: checked(z.array(z.string(), { error: typeError(`${name}[].search_types`, 'a list') }), (types) => {
          if (types.length === 0) return `${name}[].search_types: choose at least one of ${field.searchTypes.join(', ')}`;
          const unknown = types.find((type) => !field.searchTypes.includes(type));
          return unknown === undefined ? undefined : `${name}[].search_types: must be ${field.searchTypes.join(' and/or ')} (got ${shown(unknown)})`;
        }),
      });
      return checked(z.array(tool, { error: typeError(name, 'a list') }), (tools) =>
        tools.length > 1 ? `${name}: at most one ${field.toolType} tool (got ${tools.length})` : undefined,
      );
    }
  }
}
