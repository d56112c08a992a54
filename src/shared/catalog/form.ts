import type { FieldSpec, ResponseStyle, SizeChoice, TextFormat, Unit, VariantEntry, VariantKind } from './types';
import { literal, message, type Message, type Words } from '../i18n/translate';
import { LABELS } from './labels';
import { effectiveFileLimits } from './references';
import { channelPreference, type ChannelView } from './registry';

/** The control a renderer uses for a field. */
type FormControl =
  | 'select'
  | 'prompt'
  | 'text'
  | 'integer'
  | 'number'
  | 'toggle'
  | 'size'
  | 'images'
  | 'videos'
  | 'image'
  | 'mask'
  | 'objects'
  | 'search-tools';

interface FormChoice {
  value: string | number;
  label: Words;
}

interface FormSizeOption {
  /** The form value to set for this option. */
  value: Exclude<SizeChoice, 'auto'>;
  ratio: string;
  width?: number;
  height?: number;
  label: Words;
}

export interface FormFieldDescription {
  key: string;
  control: FormControl;
  label: Words;
  help?: Words;
  required: boolean;
  advanced: boolean;
  default?: unknown;
  choices?: FormChoice[];
  range?: { min: number; max: number; step?: number; unit?: Unit };
  /** What a choice or number counts (durations in seconds). */
  unit?: Unit;
  maxLength?: number;
  text?: { format?: TextFormat; idPrefix?: string; segmentSeconds?: number };
  /** `autoKeepsTier`: the tier is sent apart, so `auto` is chosen at a tier (`{tier, ratio: 'auto'}`). */
  sizes?: {
    wire: 'pixels' | 'ratio';
    tierLabel?: Words;
    allowAuto: boolean;
    autoKeepsTier: boolean;
    tiers: { tier: string; options: FormSizeOption[] }[];
  };
  /** File inputs: limits already narrowed by the upload endpoint where files are uploaded. */
  files?: {
    minCount: number;
    maxCount?: number;
    maxBytes?: number;
    mimeTypes: readonly string[];
    /** Local files are uploaded first (false: only addresses, e.g. reference videos). */
    takesUpload: boolean;
    acceptsDataUrl: boolean;
    usesOnlyFirst: boolean;
    matchesSizeOf?: string;
  };
  mask?: { referenceField: string; mimeType: 'image/png'; needsAlpha: true; sameSizeAsFirstReference: true };
  prompt?: { syntax?: 'placeholders' | 'mentions'; placeholders?: { token: string; list: string; example: string }[] };
  /** Fields of each item of an object list (absent: free-form objects). */
  items?: FormFieldDescription[];
}

export interface FormDescription {
  variantId: string;
  kind: VariantKind;
  modelIds: readonly string[];
  label: Words;
  help: Words;
  /** The documented answer style; only usual, the gateway's answer decides (see `channel`). */
  response: ResponseStyle;
  /** The channel requests usually reach ("Usually direct" / "Usually queued") and why only usually. */
  channel: ChannelView | undefined;
  fields: FormFieldDescription[];
  /** Cross-field rules in words, for the form's footnotes. */
  rules: Words[];
}

function sizeLabel(ratio: string, width?: number, height?: number): Words {
  return literal(width === undefined || height === undefined ? ratio : `${ratio} · ${width}×${height}`);
}

function describeField(entry: VariantEntry, field: FieldSpec): FormFieldDescription {
  const base = { key: field.key, label: field.label, help: field.help, required: field.required ?? false, advanced: field.advanced ?? false };
  switch (field.type) {
    case 'prompt': {
      const placeholders = entry.rules.flatMap((rule) =>
        rule.kind === 'placeholders' ? rule.tokens.map(({ token, list }) => ({ token, list, example: `<<<${token}_1>>>` })) : [],
      );
      return {
        ...base,
        control: 'prompt',
        maxLength: field.maxLength,
        prompt: { syntax: field.syntax, placeholders: placeholders.length > 0 ? placeholders : undefined },
      };
    }
    case 'text':
      return {
        ...base,
        control: 'text',
        maxLength: field.maxLength,
        text: { format: field.format, idPrefix: field.idPrefix, segmentSeconds: field.segmentSeconds },
      };
    case 'enum':
      return {
        ...base,
        control: 'select',
        default: field.default,
        unit: field.unit,
        choices: field.values.map((value) => ({ value, label: field.choiceLabels?.[String(value)] ?? literal(String(value)) })),
      };
    case 'integer':
      return { ...base, control: 'integer', default: field.default, unit: field.unit, range: { min: field.min, max: field.max, step: 1, unit: field.unit } };
    case 'number':
      return { ...base, control: 'number', default: field.default, range: { min: field.min, max: field.max, step: field.step } };
    case 'boolean':
      return { ...base, control: 'toggle', default: field.default ?? false };
    case 'size':
      return {
        ...base,
        control: 'size',
        default: field.default,
        sizes: {
          wire: field.wire,
          tierLabel: field.tierLabel,
          allowAuto: field.allowAuto,
          autoKeepsTier: field.allowAuto && field.tierKey !== undefined,
          tiers: field.tiers.map((tier) => ({
            tier: tier.tier,
            options: tier.options.map((option) => ({
              value: { tier: tier.tier, ratio: option.ratio },
              ratio: option.ratio,
              width: option.width,
              height: option.height,
              label: sizeLabel(option.ratio, option.width, option.height),
            })),
          })),
        },
      };
    case 'image-list':
    case 'video-list':
    case 'image': {
      const takesUpload = field.type !== 'video-list';
      const limits = effectiveFileLimits(field, takesUpload);
      const list = field.type === 'image' ? undefined : field;
      return {
        ...base,
        control: field.type === 'image-list' ? 'images' : field.type === 'video-list' ? 'videos' : 'image',
        files: {
          minCount: list?.minCount ?? 0,
          maxCount: list ? list.maxCount : 1,
          ...limits,
          takesUpload,
          acceptsDataUrl: field.acceptsDataUrl,
          usesOnlyFirst: list?.usesOnlyFirst ?? false,
          matchesSizeOf: field.type === 'image' ? field.matchesSizeOf : undefined,
        },
      };
    }
    case 'mask':
      return {
        ...base,
        control: 'mask',
        files: { minCount: 0, maxCount: 1, ...effectiveFileLimits(field, true), takesUpload: true, acceptsDataUrl: false, usesOnlyFirst: false },
        mask: { referenceField: field.referenceField, mimeType: 'image/png', needsAlpha: true, sameSizeAsFirstReference: true },
      };
    case 'object-list':
      return {
        ...base,
        control: 'objects',
        range: field.maxCount === undefined ? undefined : { min: 0, max: field.maxCount },
        items: field.itemFields?.map((item) => describeField(entry, item)),
      };
    case 'search-tools':
      return {
        ...base,
        control: 'search-tools',
        choices: field.searchTypes.map((value) => ({ value, label: `catalog.searchTools.${value}` })),
      };
  }
}

function labelOf(entry: VariantEntry, key: string): Words {
  return entry.fields.find((field) => field.key === key)?.label ?? literal(key);
}

/**
 * Items as one list in the reader's language: `names` quotes each where the language quotes names (Chinese corner brackets),
 * `tokens` does not. The texts exist for lists of one to four items.
 */
function listOf(kind: 'names' | 'tokens', items: readonly Message[]): Message {
  return { key: `catalog.rules.${kind}${items.length}`, params: Object.fromEntries(items.map((item, i) => [`item${i}`, item])) };
}

function describeRules(entry: VariantEntry): Words[] {
  const texts: Words[] = [];
  const label = (key: string): Message => {
    const words = labelOf(entry, key);
    return typeof words === 'string' ? message(words) : words;
  };
  for (const field of entry.fields) {
    if (field.type === 'mask') texts.push(message('catalog.rules.maskNeeds', { reference: label(field.referenceField) }));
  }
  for (const rule of entry.rules) {
    switch (rule.kind) {
      case 'exclusive': {
        const [a, b] = rule.fields;
        texts.push(message('catalog.rules.exclusive', { a: label(a), b: label(b) }));
        break;
      }
      case 'requires':
        texts.push(message('catalog.rules.requires', { a: label(rule.field), b: label(rule.needs) }));
        break;
      case 'exactly-one':
        texts.push(message('catalog.rules.exactlyOne', { fields: listOf('names', rule.fields.map(label)) }));
        break;
      case 'placeholders':
        texts.push(
          message('catalog.rules.placeholders', {
            tokens: listOf(
              'tokens',
              rule.tokens.map((x) => literal(`<<<${x.token}_N>>>`)),
            ),
          }),
        );
        break;
      case 'mentions':
        texts.push(
          rule.requiredUnless === undefined ? 'catalog.rules.mentions' : message('catalog.rules.mentionsOr', { alternative: label(rule.requiredUnless) }),
        );
        break;
      case 'warning':
        break;
    }
  }
  return texts;
}

/** What the renderer needs to build the form of a variant; plain data, no schemas. */
export function describeForm(entry: VariantEntry): FormDescription {
  const fields = entry.fields.filter((field) => !field.hidden).map((field) => describeField(entry, field));
  if (entry.modelIds.length > 1) {
    fields.unshift({
      key: 'model',
      control: 'select',
      label: LABELS.model,
      required: true,
      advanced: false,
      default: entry.modelIds[0],
      choices: entry.modelIds.map((id) => ({ value: id, label: literal(id) })),
    });
  }
  return {
    variantId: entry.id,
    kind: entry.kind,
    modelIds: entry.modelIds,
    label: entry.label,
    help: entry.help,
    response: entry.response,
    channel: channelPreference(entry),
    fields,
    rules: describeRules(entry),
  };
}
