import type { StateCreator } from 'zustand';
import { describeForm, variantById, type CreateMode, type FormDescription } from '../../../../../shared/catalog';
import type { Words } from '../../../../../shared/i18n/translate';
import type { RecipeForm } from '../model/form-values';

type CreatePurpose = 'generate' | 'remix';

/** The finished video a remix changes. */
export interface RemixSource {
  assetId: string;
  taskId: string;
  /** Made on the official channel (`video_…`): only the official remix applies. */
  official: boolean;
  prompt: string;
  thumbPath: string | null;
  mediaPath: string;
}

/** What the form held before a remix started, so "Stop remixing" puts it back. */
interface FormBeforeRemix {
  variantId: string | null;
  modelId: string | null;
  createMode: CreateMode;
  prompt: string;
  values: Record<string, unknown>;
}

export interface FormSlice {
  /** `remix` while the form remixes a finished video (its variants only). */
  purpose: CreatePurpose;
  remixSource: RemixSource | null;
  variantId: string | null;
  modelId: string | null;
  /** What the artist is doing with the model (create, edit, with characters): picks the variant with `chooseModel`. */
  createMode: CreateMode;
  /** The form before the remix in progress started. */
  beforeRemix: FormBeforeRemix | null;
  prompt: string;
  /** What the artist chose, by field key; controls show defaults for the rest. */
  values: Record<string, unknown>;
  /** Options left behind by the last switch of model (their labels), for a short note. */
  leftBehind: Words[];
  setPrompt: (prompt: string) => void;
  forgetLeftBehind: () => void;
  setValue: (key: string, value: unknown) => void;
  /** Fills the form with a recipe (reuse, remix), in the mode it was made in. */
  loadRecipe: (variantId: string, recipe: Pick<RecipeForm, 'modelId' | 'prompt' | 'values'>, purpose?: CreatePurpose, createMode?: CreateMode) => void;
  /** Opens the remix form for a finished video, on the remix variant that applies, remembering the form as it was. */
  startRemix: (source: RemixSource, choice: { variantId: string; modelId: string }) => void;
  /** Back to generating: the model, mode, prompt and options chosen before the remix. */
  stopRemix: () => void;
}

/** The Create form's model, prompt and options (switching model is the store's `chooseModel`). */
export const createFormSlice: StateCreator<FormSlice> = (set) => ({
  purpose: 'generate',
  remixSource: null,
  variantId: null,
  modelId: null,
  createMode: 'create',
  beforeRemix: null,
  prompt: '',
  values: {},
  leftBehind: [],
  setPrompt: (prompt) => set({ prompt }),
  forgetLeftBehind: () => set({ leftBehind: [] }),
  setValue: (key, value) => set((state) => ({ values: { ...state.values, [key]: value } })),
  loadRecipe: (variantId, recipe, purpose = 'generate', createMode = 'create') =>
    set({
      purpose,
      remixSource: null,
      beforeRemix: null,
      variantId,
      modelId: recipe.modelId,
      createMode,
      prompt: recipe.prompt,
      values: { ...recipe.values },
      leftBehind: [],
    }),
  startRemix: (source, { variantId, modelId }) =>
    set((state) => ({
      purpose: 'remix',
      remixSource: source,
      // A remix started from another remix keeps what came before the first one.
      beforeRemix:
        state.purpose === 'remix'
          ? state.beforeRemix
          : { variantId: state.variantId, modelId: state.modelId, createMode: state.createMode, prompt: state.prompt, values: state.values },
      variantId,
      modelId,
      prompt: '',
      values: { video_id: source.taskId },
      leftBehind: [],
    })),
  stopRemix: () =>
    set((state) => ({
      purpose: 'generate',
      remixSource: null,
      beforeRemix: null,
      variantId: state.beforeRemix?.variantId ?? null,
      modelId: state.beforeRemix?.modelId ?? null,
      createMode: state.beforeRemix?.createMode ?? 'create',
      prompt: state.beforeRemix?.prompt ?? '',
      values: state.beforeRemix?.values ?? {},
      leftBehind: [],
    })),
});

/** The form description of the chosen variant (stable per id). */
const descriptions = new Map<string, FormDescription>();
export function descriptionOf(variantId: string | null): FormDescription | undefined {
  if (variantId === null) return undefined;
  const known = descriptions.get(variantId);
  if (known) return known;
  const entry = variantById(variantId);
  if (!entry) return undefined;
  const description = describeForm(entry);
  descriptions.set(variantId, description);
  return description;
}
