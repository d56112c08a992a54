/**
 * The model picker's data: one entry per model as an artist knows it (the catalog's display
 * models), each holding the (model id, variant) pairs the gateway offers for it, with the mode each
 * serves and how it runs. Models the catalog does not know are entries of their own. Pure, from
 * `models.list` and the catalog.
 */
import {
  describeForm,
  displayModelOf,
  memberFor,
  variantById,
  type CreateMode,
  type FieldSpec,
  type ImageField,
  type MediaListField,
  type ModelIcon,
  type RunStyle,
  type SpeedWord,
  type VariantEntry,
} from '../../../../../shared/catalog';
import type { ModelVariant, ModelView } from '../../../../../shared/contract';
import { LOCALE_IDS, sharedTranslator } from '../../../../../shared/i18n/locales';
import { message, say, type Words } from '../../../../../shared/i18n/translate';

/** One way to call a model: a model id and a catalog variant. */
export interface ModelChoice {
  /** `<model>|<variant>`. */
  key: string;
  modelId: string;
  variantId: string;
  kind: 'image' | 'video';
  /** The picker entry it belongs to. */
  entryId: string;
  /** The model's name as the artist knows it ("Image 2"). */
  label: Words;
  /** The catalog variant's own name and help, for the details. */
  variantLabel: Words;
  help: Words;
  /** What it does, in a few words each (text-to-image, edit, durations, references). */
  chips: Words[];
  modes: readonly CreateMode[];
  /** Null where nothing is known (a generic image model). */
  runs: RunStyle | null;
  speed: SpeedWord | null;
  /** What sets it apart among the versions of its entry (`1080p`). */
  versionNote: Words | undefined;
  generic: boolean;
}

/** One entry of the picker: a model, with every way the gateway offers to call it. */
export interface PickerEntry {
  id: string;
  kind: 'image' | 'video';
  name: Words;
  goodAt: Words;
  icon: ModelIcon | 'generic';
  /** Lower-cased text a search looks in: names, what it does, model ids. */
  searchText: string;
  choices: ModelChoice[];
  generic: boolean;
}

export const choiceKey = (modelId: string, variantId: string): string => `${modelId}|${variantId}`;

export function isRemix(entry: Pick<VariantEntry, 'path'>): boolean {
  return entry.path.includes('/remix');
}

function durationChip(entry: VariantEntry): Words | undefined {
  const field = describeForm(entry).fields.find((candidate) => candidate.key === 'duration');
  if (!field) return undefined;
  if (field.choices) {
    const values = field.choices.map((choice) => String(choice.value));
    return message('catalog.chips.seconds', { seconds: values.join(' · ') });
  }
  return field.range ? message('catalog.chips.seconds', { seconds: `${field.range.min}–${field.range.max}` }) : undefined;
}

/** What a variant does, in chips. */
function variantChips(entry: VariantEntry): Words[] {
  const chips: Words[] = [];
  const lists = entry.fields.filter((field: FieldSpec): field is MediaListField | ImageField => field.type === 'image-list' || field.type === 'image');
  const required = lists.find((field) => field.required || (field.type === 'image-list' && field.minCount > 0));
  const hasMask = entry.fields.some((field) => field.type === 'mask');
  if (entry.kind === 'image') {
    if (required) chips.push(hasMask ? 'catalog.chips.editMask' : 'catalog.chips.edit');
    else chips.push('catalog.chips.textToImage');
    if (!required && hasMask) chips.push('catalog.chips.mask');
  } else {
    chips.push(required ? 'catalog.chips.imageToVideo' : lists.length > 0 ? 'catalog.chips.textOrImageToVideo' : 'catalog.chips.textToVideo');
    const duration = durationChip(entry);
    if (duration) chips.push(duration);
    if (entry.fields.some((field) => field.key === 'audio')) chips.push('catalog.chips.sound');
  }
  const max = Math.max(0, ...lists.map((field) => (field.type === 'image' ? 1 : (field.maxCount ?? 0))));
  if (max > 0) chips.push(message('catalog.chips.references', { count: max }));
  if (entry.rules.some((rule) => rule.kind === 'placeholders')) chips.push('catalog.chips.omniReferences');
  if (entry.fields.some((field) => field.type === 'prompt' && field.syntax === 'mentions')) chips.push('catalog.chips.characters');
  if (entry.fields.some((field) => field.type === 'search-tools')) chips.push('catalog.chips.webSearch');
  if (entry.generic) chips.push('catalog.chips.genericForm');
  return chips;
}

/** What a search finds an entry by: its words in every language the studio ships. */
const words = (texts: readonly Words[]): string =>
  texts
    .flatMap((text) => LOCALE_IDS.map((id) => say(text, sharedTranslator(id))))
    .join(' ')
    .toLowerCase();

function choiceOf(model: ModelView, variant: ModelVariant, purpose: 'generate' | 'remix'): ModelChoice | undefined {
  const entry = variantById(variant.id);
  if (!entry || entry.kind === 'character' || isRemix(entry) !== (purpose === 'remix') || (model.type !== 'image' && model.type !== 'video')) return undefined;
  const display = displayModelOf(variant.id);
  return {
    key: choiceKey(model.id, variant.id),
    modelId: model.id,
    variantId: variant.id,
    kind: model.type,
    entryId: display?.model.id ?? (purpose === 'remix' ? `remix:${variant.id}` : `model:${model.id}`),
    label: display?.model.name ?? variant.label,
    variantLabel: variant.label,
    help: variant.help,
    chips: variantChips(entry),
    modes: display?.member.modes ?? ['create'],
    runs: display?.member.runs ?? (variant.channel === null ? null : variant.channel.usually === 'direct' ? 'instant' : 'queued'),
    speed: display?.member.speed ?? null,
    versionNote: display?.member.versionNote,
    generic: variant.generic,
  };
}

/** The order of a variant's model ids in the catalog (its default first); unknown ids last. */
function idRank(choice: ModelChoice): number {
  const ids: readonly string[] = variantById(choice.variantId)?.modelIds ?? [];
  const index = ids.indexOf(choice.modelId);
  return index < 0 ? ids.length : index;
}

/**
 * The picker's entries: one per display model the gateway offers something of (in the catalog's
 * order), then the models the catalog does not know, images before videos. For `remix`, one entry
 * per remix variant (remix and character creation start from a video, elsewhere).
 */
export function pickerEntries(models: readonly ModelView[], purpose: 'generate' | 'remix'): PickerEntry[] {
  const byEntry = new Map<string, ModelChoice[]>();
  for (const model of models) {
    for (const variant of model.variants) {
      const choice = choiceOf(model, variant, purpose);
      if (choice) byEntry.set(choice.entryId, [...(byEntry.get(choice.entryId) ?? []), choice]);
    }
  }
  const entries = [...byEntry.values()].map((choices): PickerEntry => {
    const first = choices[0] as ModelChoice;
    const display = displayModelOf(first.variantId)?.model;
    // Variants in the display model's order, each variant's catalog default id first.
    const order = (choice: ModelChoice): number => display?.members.findIndex((member) => member.variantId === choice.variantId) ?? 0;
    const sorted = [...choices].sort((a, b) => order(a) - order(b) || idRank(a) - idRank(b));
    const ids = [...new Set(sorted.map((choice) => choice.modelId))];
    const name = display?.name ?? first.variantLabel;
    const goodAt = display?.goodAt ?? first.help;
    return {
      id: first.entryId,
      kind: first.kind,
      name,
      goodAt,
      icon: display?.icon ?? 'generic',
      searchText: `${words([name, goodAt, ...(display?.searchWords ?? []), ...sorted.flatMap((choice) => choice.chips)])} ${ids.join(' ')}`,
      choices: sorted,
      generic: display === undefined && first.generic,
    };
  });
  const rank = (entry: PickerEntry): number => {
    const display = displayModelOf(entry.choices[0]?.variantId ?? '')?.model;
    return (entry.kind === 'image' ? 0 : 1000) + (display ? 0 : 500);
  };
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** Every choice of every entry (what forms, fan-out and addresses look up). */
export function modelChoices(models: readonly ModelView[], purpose: 'generate' | 'remix'): ModelChoice[] {
  return pickerEntries(models, purpose).flatMap((entry) => entry.choices);
}

/** The modes an entry offers, in the order its variants name them. */
export function entryModes(entry: PickerEntry): CreateMode[] {
  return [...new Set(entry.choices.flatMap((choice) => choice.modes))];
}

/** How an entry's requests can run in `mode` (one value when there is nothing to choose). */
export function entryRuns(entry: PickerEntry, mode: CreateMode): RunStyle[] {
  return [...new Set(entry.choices.filter((choice) => choice.modes.includes(mode) && choice.runs !== null).map((choice) => choice.runs as RunStyle))];
}

/** The versions (model ids, and variants told apart by a note) of an entry for a mode and run style. */
export function entryVersions(entry: PickerEntry, mode: CreateMode, runs: RunStyle | null): ModelChoice[] {
  return entry.choices.filter((choice) => choice.modes.includes(mode) && (runs === null || choice.runs === runs));
}

/**
 * The choice for `mode` in an entry: how it runs (`runs`) and the version (`modelId`) kept where
 * the entry has them, else the mode's default (the display model's first variant serving it, at
 * the variant's default model id). Falls back to the entry's first mode when it lacks `mode`.
 */
export function resolveChoice(
  entry: PickerEntry,
  want: { mode: CreateMode; runs?: RunStyle | null; modelId?: string | null },
): { choice: ModelChoice; mode: CreateMode } | undefined {
  const modes = entryModes(entry);
  const mode = modes.includes(want.mode) ? want.mode : modes[0];
  if (mode === undefined) return undefined;
  const display = displayModelOf(entry.choices[0]?.variantId ?? '')?.model;
  const offered = (variantId: string): boolean => entry.choices.some((choice) => choice.variantId === variantId);
  const serving = entry.choices.filter((choice) => choice.modes.includes(mode));
  // The display model's own default for the mode and run style, among what the gateway offers.
  const member = display ? memberFor({ members: display.members.filter((m) => offered(m.variantId)) }, mode, want.runs ?? undefined) : undefined;
  const variantId = member?.variantId ?? serving.find((choice) => want.runs === undefined || choice.runs === want.runs)?.variantId ?? serving[0]?.variantId;
  const versions = serving.filter((choice) => choice.variantId === variantId);
  const choice = versions.find((candidate) => candidate.modelId === want.modelId) ?? versions[0];
  return choice ? { choice, mode } : undefined;
}

/** The entry a choice belongs to. */
export function entryOf(entries: readonly PickerEntry[], choice: Pick<ModelChoice, 'key'> | undefined): PickerEntry | undefined {
  return choice === undefined ? undefined : entries.find((entry) => entry.choices.some((candidate) => candidate.key === choice.key));
}

/** Entries matching every word of a search over names, what they do and model ids, in either language. */
export function filterEntries(entries: readonly PickerEntry[], query: string): PickerEntry[] {
  const found = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (found.length === 0) return [...entries];
  return entries.filter((entry) => found.every((word) => entry.searchText.includes(word)));
}
