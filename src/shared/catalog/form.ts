import type { FieldSpec, LocalizedText, ResponseStyle, SizeChoice, TextFormat, Unit, VariantEntry, VariantKind } from './types';
import { LABELS, t } from './labels';
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
  label: LocalizedText;
}

interface FormSizeOption {
  /** The form value to set for this option. */
  value: Exclude<SizeChoice, 'auto'>;
  ratio: string;
  width?: number;
  height?: number;
  label: LocalizedText;
}

export interface FormFieldDescription {
  key: string;
  control: FormControl;
  label: LocalizedText;
  help?: LocalizedText;
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
    tierLabel?: LocalizedText;
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
  label: LocalizedText;
  help: LocalizedText;
  /** The documented answer style; only usual, the gateway's answer decides (see `channel`). */
  response: ResponseStyle;
  /** The channel requests usually reach ("Usually direct" / "Usually queued") and why only usually. */
  channel: ChannelView | undefined;
  fields: FormFieldDescription[];
  /** Cross-field rules in words, for the form's footnotes. */
  rules: LocalizedText[];
}

function sizeLabel(ratio: string, width?: number, height?: number): LocalizedText {
  const text = width === undefined || height === undefined ? ratio : `${ratio} · ${width}×${height}`;
  return t(text, text);
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
        choices: field.values.map((value) => ({ value, label: field.choiceLabels?.[String(value)] ?? t(String(value), String(value)) })),
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
        choices: field.searchTypes.map((value) => ({ value, label: t(value.replace('_', ' '), value === 'web_search' ? '网页搜索' : '图片搜索') })),
      };
  }
}

function labelOf(entry: VariantEntry, key: string): LocalizedText {
  return entry.fields.find((field) => field.key === key)?.label ?? t(key, key);
}

function describeRules(entry: VariantEntry): LocalizedText[] {
  const texts: LocalizedText[] = [];
  for (const field of entry.fields) {
    if (field.type === 'mask') {
      const ref = labelOf(entry, field.referenceField);
      texts.push(
        t(
          `The mask needs ${ref.en}: a PNG with transparency, exactly the size of the first image.`,
          `蒙版需要「${ref['zh-CN']}」：带透明通道的 PNG，尺寸与第一张图片完全一致。`,
        ),
      );
    }
  }
  for (const rule of entry.rules) {
    switch (rule.kind) {
      case 'exclusive': {
        const [a, b] = rule.fields.map((key) => labelOf(entry, key));
        if (a && b) texts.push(t(`${a.en} and ${b.en} cannot be used together.`, `「${a['zh-CN']}」和「${b['zh-CN']}」不能同时使用。`));
        break;
      }
      case 'requires': {
        const [a, b] = [labelOf(entry, rule.field), labelOf(entry, rule.needs)];
        texts.push(t(`${a.en} needs ${b.en}.`, `「${a['zh-CN']}」需要先设置「${b['zh-CN']}」。`));
        break;
      }
      case 'exactly-one': {
        const labels = rule.fields.map((key) => labelOf(entry, key));
        texts.push(
          t(`Give exactly one of: ${labels.map((l) => l.en).join(', ')}.`, `以下各项只能填写一项：${labels.map((l) => `「${l['zh-CN']}」`).join('、')}。`),
        );
        break;
      }
      case 'placeholders':
        texts.push(
          t(
            `Refer to list items in the prompt as ${rule.tokens.map((x) => `<<<${x.token}_N>>>`).join(', ')}, numbered from 1 in list order; nothing is inserted automatically.`,
            `在提示词中用 ${rule.tokens.map((x) => `<<<${x.token}_N>>>`).join('、')} 引用列表项，按列表顺序从 1 编号；不会自动插入。`,
          ),
        );
        break;
      case 'mentions': {
        const alt = rule.requiredUnless === undefined ? undefined : labelOf(entry, rule.requiredUnless);
        texts.push(
          alt
            ? t(`Mention at least one character as @username, or give ${alt.en}.`, `至少用 @用户名 提及一个角色，或填写「${alt['zh-CN']}」。`)
            : t('Characters are mentioned as @username.', '用 @用户名 提及角色。'),
        );
        break;
      }
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
      choices: entry.modelIds.map((id) => ({ value: id, label: t(id, id) })),
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
