/**
 * The model picker's data: every (model, variant) pair the gateway offers for images and videos,
 * grouped by family, each saying what it does. Pure, from `models.list` and the catalog.
 */
import { describeForm, variantById, type FieldSpec, type ImageField, type LocalizedText, type MediaListField, type VariantEntry } from '../../../../../shared/catalog';
import type { ModelVariant, ModelView } from '../../../../../shared/contract';
import { t } from './field-checks';

export interface ModelChoice {
  /** `<model>|<variant>`: one entry of the picker. */
  key: string;
  modelId: string;
  variantId: string;
  kind: 'image' | 'video';
  family: string;
  label: LocalizedText;
  help: LocalizedText;
  /** What it does, in a few words each (text-to-image, edit, durations, references, channel). */
  chips: LocalizedText[];
  generic: boolean;
}

export interface ModelFamily {
  family: string;
  choices: ModelChoice[];
}

export const choiceKey = (modelId: string, variantId: string): string => `${modelId}|${variantId}`;

export function isRemix(entry: Pick<VariantEntry, 'path'>): boolean {
  return entry.path.includes('/remix');
}

function durationChip(entry: VariantEntry): LocalizedText | undefined {
  const field = describeForm(entry).fields.find((candidate) => candidate.key === 'duration');
  if (!field) return undefined;
  if (field.choices) {
    const values = field.choices.map((choice) => String(choice.value));
    return t(`${values.join(' · ')} s`, `${values.join(' · ')} 秒`);
  }
  return field.range ? t(`${field.range.min}–${field.range.max} s`, `${field.range.min}–${field.range.max} 秒`) : undefined;
}

/** What a variant does, in chips. */
export function variantChips(entry: VariantEntry): LocalizedText[] {
  const chips: LocalizedText[] = [];
  const lists = entry.fields.filter((field: FieldSpec): field is MediaListField | ImageField => field.type === 'image-list' || field.type === 'image');
  const required = lists.find((field) => field.required || (field.type === 'image-list' && field.minCount > 0));
  const hasMask = entry.fields.some((field) => field.type === 'mask');
  if (entry.kind === 'image') {
    if (required) chips.push(hasMask ? t('Edit · mask', '编辑 · 蒙版') : t('Edit', '编辑'));
    else chips.push(t('Text to image', '文生图'));
    if (!required && hasMask) chips.push(t('Mask', '蒙版'));
  } else {
    chips.push(required ? t('Image to video', '图生视频') : lists.length > 0 ? t('Text or image to video', '文生/图生视频') : t('Text to video', '文生视频'));
    const duration = durationChip(entry);
    if (duration) chips.push(duration);
    if (entry.fields.some((field) => field.key === 'audio')) chips.push(t('Sound', '音频'));
  }
  const max = Math.max(0, ...lists.map((field) => (field.type === 'image' ? 1 : (field.maxCount ?? 0))));
  if (max > 0) chips.push(t(`Up to ${max} reference${max === 1 ? '' : 's'}`, `最多 ${max} 张参考图`));
  if (entry.rules.some((rule) => rule.kind === 'placeholders')) chips.push(t('Omni references', '全能参考'));
  if (entry.fields.some((field) => field.type === 'prompt' && field.syntax === 'mentions')) chips.push(t('@characters', '@角色'));
  if (entry.fields.some((field) => field.type === 'search-tools')) chips.push(t('Web search', '联网搜索'));
  if (entry.generic) chips.push(t('Generic form', '通用表单'));
  return chips;
}

function familyOf(model: ModelView): string {
  return model.ownedBy ?? /^[a-z]+/i.exec(model.id)?.[0] ?? model.id;
}

function choiceOf(model: ModelView, variant: ModelVariant): ModelChoice | undefined {
  const entry = variantById(variant.id);
  if (!entry || (model.type !== 'image' && model.type !== 'video')) return undefined;
  const chips = variantChips(entry);
  if (variant.channel) chips.push(variant.channel.label);
  return {
    key: choiceKey(model.id, variant.id),
    modelId: model.id,
    variantId: variant.id,
    kind: model.type,
    family: familyOf(model),
    label: variant.label,
    help: variant.help,
    chips,
    generic: variant.generic,
  };
}

/**
 * The picker's entries: generation variants for `generate` (remix and character creation start
 * from a video, elsewhere), remix variants for `remix`.
 */
export function modelChoices(models: readonly ModelView[], purpose: 'generate' | 'remix'): ModelChoice[] {
  const out: ModelChoice[] = [];
  for (const model of models) {
    for (const variant of model.variants) {
      const entry = variantById(variant.id);
      if (!entry || entry.kind === 'character' || isRemix(entry) !== (purpose === 'remix')) continue;
      const choice = choiceOf(model, variant);
      if (choice) out.push(choice);
    }
  }
  return out;
}

/** Choices grouped by family, families in the order the gateway lists them. */
export function groupByFamily(choices: readonly ModelChoice[]): ModelFamily[] {
  const families = new Map<string, ModelChoice[]>();
  for (const choice of choices) {
    const list = families.get(choice.family) ?? [];
    list.push(choice);
    families.set(choice.family, list);
  }
  return [...families].map(([family, list]) => ({ family, choices: list }));
}

/** Choices matching a search over label, model id and chips, in either language. */
export function filterChoices(choices: readonly ModelChoice[], query: string): ModelChoice[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...choices];
  return choices.filter((choice) => {
    const text = [choice.modelId, choice.label.en, choice.label['zh-CN'], ...choice.chips.flatMap((chip) => [chip.en, chip['zh-CN']])].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
