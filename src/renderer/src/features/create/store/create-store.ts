/**
 * Create's one store, built from slices (zustand's slices pattern): the form, the models, the
 * reference trays, the mask, the batch controls, the recent strip and the character dialog.
 * Actions that concern several slices live here, so components call one action per intent.
 */
import { create, type StateCreator } from 'zustand';
import type { CreateMode, FormDescription } from '../../../../../shared/catalog';
import { sizeFollowingSource } from '../model/edit-size';
import { carryOver, imageFields } from '../model/form-values';
import { createBatchSlice, type BatchSlice } from './batch-slice';
import { createCharacterSlice, type CharacterSlice } from './character-slice';
import { createFormSlice, descriptionOf, type FormSlice } from './form-slice';
import { createMaskSlice, type MaskSlice } from './mask-slice';
import { createModelsSlice, type ModelsSlice } from './models-slice';
import { createRecentSlice, type RecentSlice } from './recent-slice';
import { adaptTrays, createReferencesSlice, liveItems, type ReferencesSlice } from './references-slice';

/** A model variant of the picker. */
interface ModelChoiceKey {
  variantId: string;
  modelId: string;
}

interface CrossSliceActions {
  /**
   * Switches model and variant: keeps the prompt and every option that still applies (naming
   * what it left behind), moves references to the new form's image fields (fitting again those
   * over its limits), and takes the chosen
   * model out of the fan-out. `createMode` (create, edit, with characters) is kept unless given.
   */
  chooseModel: (choice: ModelChoiceKey, createMode?: CreateMode) => void;
}

export type CreateState = FormSlice & ModelsSlice & ReferencesSlice & MaskSlice & BatchSlice & RecentSlice & CharacterSlice & CrossSliceActions;

const crossSliceActions: StateCreator<CreateState, [], [], CrossSliceActions> = (set, get) => ({
  chooseModel: ({ variantId, modelId }, createMode) => {
    const next = descriptionOf(variantId);
    if (!next) return;
    const state = get();
    const { values, dropped } = carryOver(state.values, next);
    // A remix keeps its source video whichever remix model is chosen.
    const source = state.remixSource;
    const kept = source && state.purpose === 'remix' ? { ...values, video_id: source.taskId } : values;
    const before: FormDescription | undefined = descriptionOf(state.variantId);
    const leftBehind = dropped.filter((key) => key !== 'video_id').flatMap((key) => before?.fields.find((field) => field.key === key)?.label ?? []);
    set({
      variantId,
      modelId,
      createMode: createMode ?? state.createMode,
      values: kept,
      leftBehind,
      trays: adaptTrays(state.trays, next),
      fanOut: state.fanOut.filter((key) => !key.endsWith(`|${variantId}`)),
    });
    // A picture fitted for a looser model, or sent as it was, is fitted again for this one.
    void get().refitReferences(imageFields(next));
  },
});

export const useCreateStore = create<CreateState>()((...store) => ({
  ...createFormSlice(...store),
  ...createModelsSlice(...store),
  ...createReferencesSlice(...store),
  ...createMaskSlice(...store),
  ...createBatchSlice(...store),
  ...createRecentSlice(...store),
  ...createCharacterSlice(...store),
  ...crossSliceActions(...store),
}));

/** The edit's first image once its pixel size is known (with the variant and mode), or undefined when not editing. */
function editSource(state: CreateState): { key: string; width: number; height: number } | undefined {
  if (state.createMode !== 'edit') return undefined;
  const description = descriptionOf(state.variantId);
  const field = description ? imageFields(description)[0] : undefined;
  const first = field ? liveItems(state.trays[field.key])[0] : undefined;
  if (first?.state !== 'ready' || first.width === null || first.height === null) return undefined;
  return { key: `${state.variantId ?? ''}|${first.id}|${first.width}x${first.height}`, width: first.width, height: first.height };
}

// An edit's output takes its source's shape: set when the first image (or the model) changes, so a size the artist picks afterwards stays.
useCreateStore.subscribe((state, previous) => {
  const source = editSource(state);
  if (source === undefined || source.key === editSource(previous)?.key) return;
  const sizeField = descriptionOf(state.variantId)?.fields.find((field) => field.control === 'size');
  const next = sizeField ? sizeFollowingSource(sizeField, state.values[sizeField.key], source.width, source.height) : undefined;
  const current = sizeField ? state.values[sizeField.key] : undefined;
  if (sizeField && next && JSON.stringify(next) !== JSON.stringify(current)) state.setValue(sizeField.key, next);
});
