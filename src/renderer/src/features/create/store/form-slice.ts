import type { StateCreator } from 'zustand';
import { describeForm, variantById, type FormDescription, type LocalizedText } from '../../../../../shared/catalog';
import type { RecipeForm } from '../model/form-values';

export type CreatePurpose = 'generate' | 'remix';

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

export interface FormSlice {
  /** `remix` while the form remixes a finished video (its variants only). */
  purpose: CreatePurpose;
  remixSource: RemixSource | null;
  variantId: string | null;
  modelId: string | null;
  prompt: string;
  /** What the artist chose, by field key; controls show defaults for the rest. */
  values: Record<string, unknown>;
  /** Options left behind by the last switch of model (their labels), for a short note. */
  leftBehind: LocalizedText[];
  setPrompt: (prompt: string) => void;
  forgetLeftBehind: () => void;
  setValue: (key: string, value: unknown) => void;
  /** Fills the form with a recipe (reuse, remix). */
  loadRecipe: (variantId: string, recipe: Pick<RecipeForm, 'modelId' | 'prompt' | 'values'>, purpose?: CreatePurpose) => void;
  /** Opens the remix form for a finished video, on the remix variant that applies. */
  startRemix: (source: RemixSource, choice: { variantId: string; modelId: string }) => void;
  /** Back to generating, on the given model. */
  stopRemix: (choice: { variantId: string; modelId: string } | null) => void;
}

/** The Create form's model, prompt and options (switching model is the store's `chooseModel`). */
export const createFormSlice: StateCreator<FormSlice> = (set) => ({
  purpose: 'generate',
  remixSource: null,
  variantId: null,
  modelId: null,
  prompt: '',
  values: {},
  leftBehind: [],
  setPrompt: (prompt) => set({ prompt }),
  forgetLeftBehind: () => set({ leftBehind: [] }),
  setValue: (key, value) => set((state) => ({ values: { ...state.values, [key]: value } })),
  loadRecipe: (variantId, recipe, purpose = 'generate') =>
    set({ purpose, remixSource: null, variantId, modelId: recipe.modelId, prompt: recipe.prompt, values: { ...recipe.values }, leftBehind: [] }),
  startRemix: (source, { variantId, modelId }) =>
    set({ purpose: 'remix', remixSource: source, variantId, modelId, prompt: '', values: { video_id: source.taskId }, leftBehind: [] }),
  stopRemix: (choice) =>
    set({ purpose: 'generate', remixSource: null, variantId: choice?.variantId ?? null, modelId: choice?.modelId ?? null, values: {}, leftBehind: [] }),
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
