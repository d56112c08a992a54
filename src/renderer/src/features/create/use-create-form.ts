import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { CreateMode, FormDescription, Locale } from '../../../../shared/catalog';
import type { CharacterView } from '../../../../shared/contract';
import { useCharactersStore } from '../../entities/characters-store';
import { useLocale } from '../../errors/use-error-wording';
import type { FanOutTarget } from './model/batch-input';
import { FORM_WIDE, checkForm, waitsForAttempt, type FormCheck, type FormIssue } from './model/form-check';
import { mentionNames } from './model/prompt-mentions';
import { wordIssue, wordNotice } from './model/form-wording';
import type { WordedProblem } from './model/form-problems';
import { imageFields, maskField } from './model/form-values';
import { choiceKey, entryOf, pickerEntries, resolveChoice, type ModelChoice, type PickerEntry } from './model/model-choices';
import { promptsOf } from './model/batch-input';
import { useCreateStore } from './store/create-store';
import { descriptionOf } from './store/form-slice';
import { maskUrlOf } from './store/mask-slice';
import { maskFit, type MaskFit } from './mask/mask-fit';
import { liveItems, type ReferenceItem } from './store/references-slice';

/** The form's check in the artist's language: each field's first problem, and notes that do not block. */
interface WordedCheck {
  ok: boolean;
  /** By field key (`FORM_WIDE` for the form as a whole); `waits`: shown only once the artist tried to submit. */
  fields: Record<string, WordedProblem>;
  notes: string[];
}

export interface CreateForm {
  locale: Locale;
  /** The picker's entries (one per model) and every choice within them. */
  entries: PickerEntry[];
  choices: ModelChoice[];
  /** The model in use, the way of calling it, and what the artist does with it. */
  entry: PickerEntry | undefined;
  selected: ModelChoice | undefined;
  createMode: CreateMode;
  description: FormDescription | undefined;
  characters: CharacterView[];
  check: WordedCheck;
  /** Uploaded addresses per image field, in order. */
  references: Record<string, string[]>;
  maskUrl: string | null;
  /** The first reference, which a mask belongs to. */
  firstReference: ReferenceItem | undefined;
  /** Whether the painted mask still fits the first image (said beside the mask as soon as it does not). */
  maskFit: MaskFit;
  fanOutChoices: ModelChoice[];
  fanOutTargets: FanOutTarget[];
  /** Uploads or the mask still on their way: the form waits for them before it is sent. */
  pending: boolean;
}

const noCheck: FormCheck = { issues: {}, notices: [], ok: false };

/** What a painted mask still needs, if anything: it was painted on another image, its upload failed, or it is not finished. */
function maskIssue(stale: boolean, painted: boolean, upload: string): FormIssue | undefined {
  if (stale) return { code: 'mask_stale', params: {} };
  if (painted && upload === 'failed') return { code: 'mask_failed', params: {} };
  if (painted && upload === 'idle') return { code: 'mask_unfinished', params: {} };
  return undefined;
}

/** Everything the Create screen derives from its slices, computed once per change. */
export function useCreateForm(): CreateForm {
  const locale = useLocale();
  const { t } = useTranslation();
  const { models, purpose, variantId, modelId, createMode, prompt, values, trays, mode, fanOut, attempted } = useCreateStore(
    useShallow((s) => ({
      models: s.models,
      purpose: s.purpose,
      variantId: s.variantId,
      modelId: s.modelId,
      createMode: s.createMode,
      prompt: s.prompt,
      values: s.values,
      trays: s.trays,
      mode: s.mode,
      fanOut: s.fanOut,
      attempted: s.attempted,
    })),
  );
  const mask = useCreateStore(
    useShallow((s) => ({ maskUpload: s.maskUpload, maskRecipeUrl: s.maskRecipeUrl, maskDoc: s.maskDoc, maskReferenceId: s.maskReferenceId })),
  );
  const characterMap = useCharactersStore((s) => s.characters);

  return useMemo(() => {
    const entries = pickerEntries(models, purpose);
    const choices = entries.flatMap((candidate) => candidate.choices);
    const selected = choices.find((choice) => choice.key === choiceKey(modelId ?? '', variantId ?? ''));
    const entry = entryOf(entries, selected);
    const description = descriptionOf(variantId);
    const characters = Object.values(characterMap);
    const fields = description ? imageFields(description) : [];
    const references = Object.fromEntries(fields.map((field) => [field.key, liveItems(trays[field.key]).flatMap((item) => (item.url ? [item.url] : []))]));
    const firstReference = fields[0] ? liveItems(trays[fields[0].key])[0] : undefined;
    const hasMask = description ? maskField(description) !== undefined : false;
    // A painted mask belongs to the first image; another first image, or another size, makes it stale.
    const fit: MaskFit = hasMask ? maskFit(mask.maskDoc, mask.maskReferenceId, firstReference) : { state: 'fits' };
    const maskStale = fit.state !== 'fits';
    const painted = mask.maskDoc !== null && mask.maskDoc.edits.length > 0 && mask.maskUpload.state !== 'ready' && !maskStale;
    const maskUrl = hasMask && !maskStale && !painted ? maskUrlOf(mask) : null;
    const uploading = fields.some((field) => (trays[field.key] ?? []).some((item) => item.state === 'uploading'));
    const pending = uploading || mask.maskUpload.state === 'uploading';
    // Every other model of the same kind, called the way it is by default for what the artist does.
    const fanOutChoices = entries
      .filter((candidate) => selected !== undefined && candidate.kind === selected.kind && candidate.id !== entry?.id)
      .flatMap((candidate) => resolveChoice(candidate, { mode: createMode })?.choice ?? []);
    const fanOutTargets = fanOut.flatMap((key) => {
      const choice = fanOutChoices.find((candidate) => candidate.key === key);
      const target = choice ? descriptionOf(choice.variantId) : undefined;
      return choice && target ? [{ description: target, modelId: choice.modelId }] : [];
    });
    let check = noCheck;
    if (description && modelId !== null) {
      const files = Object.fromEntries(
        fields.map((field) => [field.key, liveItems(trays[field.key]).map((item) => ({ mime: item.mime, bytes: item.bytes, url: item.url }))]),
      );
      // Every line is a prompt of its own in that mode: check the first one the box holds.
      const checked = mode === 'lines' ? (promptsOf(prompt, 'lines')[0] ?? '') : prompt;
      check = checkForm({
        description,
        modelId,
        prompt: checked,
        values,
        files,
        maskUrl,
        maskPending: painted,
        characters: mentionNames(characters),
        typing: !attempted,
      });
      const masked = maskIssue(maskStale, painted, mask.maskUpload.state);
      if (masked) check = { ...check, ok: false, issues: { ...check.issues, [maskField(description)?.key ?? FORM_WIDE]: masked } };
    }
    const worded: WordedCheck = {
      ok: check.ok,
      fields: Object.fromEntries(
        Object.entries(check.issues).map(([key, issue]) => [key, { text: description ? wordIssue(t, issue, description) : '', waits: waitsForAttempt(issue) }]),
      ),
      notes: description ? check.notices.map((notice) => wordNotice(t, notice, description)).filter((note) => note !== '') : [],
    };
    return {
      locale,
      entries,
      choices,
      entry,
      selected,
      createMode,
      description,
      characters,
      check: worded,
      references,
      maskUrl,
      firstReference,
      maskFit: fit,
      fanOutChoices,
      fanOutTargets,
      pending,
    };
  }, [locale, t, models, purpose, variantId, modelId, createMode, prompt, values, trays, mask, mode, fanOut, attempted, characterMap]);
}
