/**
 * What decides the price of a request, as far as the studio can tell. The interface publishes no
 * prices, so costs are measured from the balance and remembered per price key: the model and the
 * variant, every option that can change what is billed (sizes, tiers, durations, counts, modes,
 * flags), and whether each reference list is used (omni bills a video reference). The prompt and
 * the reference addresses are left out: they do not change the price.
 */
import type { FieldSpec, VariantEntry } from './types';
import { getPath, isSet, type WireBody } from './wire-path';

type PriceValue = string | number | boolean;

function scalar(value: unknown): PriceValue | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

function priceValue(entry: VariantEntry, field: FieldSpec, body: WireBody): PriceValue | undefined {
  const value = getPath(body, field.key);
  switch (field.type) {
    case 'enum':
    case 'integer':
    case 'number':
    case 'boolean':
      // An option left out costs what its default costs.
      return scalar(value) ?? field.default;
    case 'size':
      return scalar(value);
    case 'image-list':
    case 'video-list':
    case 'object-list':
    case 'search-tools':
    case 'image':
    case 'mask':
      return isSet(value) ? true : undefined;
    case 'text':
      // A generic model's free options (size, aspect) are its price; elsewhere only whether a
      // reference is given matters (a business id or an address never changes the price).
      if (entry.generic === true) return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
      return field.format !== undefined && isSet(value) ? true : undefined;
    case 'prompt':
      return undefined;
  }
}

/** The price key of a wire request of `entry` (stable: the same options give the same key). */
export function priceKeyOf(entry: VariantEntry, body: WireBody): string {
  const parts = new Map<string, PriceValue>();
  for (const field of entry.fields) {
    if (field.in === 'path') continue;
    const value = priceValue(entry, field, body);
    if (value !== undefined) parts.set(field.key, value);
    if (field.type === 'size' && field.tierKey !== undefined) {
      const tier = getPath(body, field.tierKey);
      if (typeof tier === 'string') parts.set(field.tierKey, tier);
    }
  }
  const sorted = [...parts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const model = typeof body.model === 'string' ? body.model : entry.modelIds[0];
  return JSON.stringify([model, entry.id, sorted]);
}
