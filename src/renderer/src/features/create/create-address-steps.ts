/**
 * What Create does for the addresses that come from a result or a job in the stream: fill the
 * form with a recipe (a result's, or an ended job's with why it ended), open the mask painter on
 * an image, or start image-to-video from one. Each takes the store's state as it is when called.
 */
import type { AssetView, JobView, PresetRef } from '../../../../shared/contract';
import { jobProblem } from '../../../../shared/contract/job-problems';
import { displayModelOf, promptAsWritten, variantById } from '../../../../shared/catalog';
import { useCharactersStore } from '../../entities/characters-store';
import { usePromptDraftStore } from '../../entities/prompt-draft-store';
import { imageFields, maskField, recipeToForm } from './model/form-values';
import { isRemix, type ModelChoice } from './model/model-choices';
import { useCreateStore } from './store/create-store';
import { descriptionOf } from './store/form-slice';

/** A recipe in the form: model, mode, prompt, options, preset, references and mask. False when it cannot be read. */
export async function fillFromRecipe(variantId: string | null, request: unknown, preset: PresetRef | null): Promise<boolean> {
  const store = useCreateStore.getState();
  const description = descriptionOf(variantId);
  const sent = description ? recipeToForm(description.variantId, request, description) : undefined;
  if (!description || !sent) return false;
  // The recipe holds the prompt as sent: its characters come back by the names the artist uses now.
  const recipe = { ...sent, prompt: promptAsWritten(sent.prompt, Object.values(useCharactersStore.getState().characters)) };
  const entry = variantById(description.variantId);
  // An edit (a mask, or a variant that only edits) reopens in edit mode.
  const modes = displayModelOf(description.variantId)?.member.modes ?? ['create'];
  const createMode = modes.includes('edit') && (recipe.maskUrl !== null || !modes.includes('create')) ? 'edit' : (modes[0] ?? 'create');
  store.loadRecipe(description.variantId, recipe, entry && isRemix(entry) ? 'remix' : 'generate', createMode);
  // The recipe's preset comes back with it (its text is already in the prompt).
  usePromptDraftStore.getState().setPreset(preset);
  store.clearReferences();
  store.discardMask();
  store.setMaskRecipeUrl(recipe.maskUrl);
  await Promise.all(Object.entries(recipe.references).map(([field, urls]) => store.addKnown(field, urls)));
  return true;
}

/** An ended job's values in the form, with why it ended beside the prompt. */
export async function fillForRetry(job: JobView): Promise<boolean> {
  const filled = await fillFromRecipe(job.variantId, job.request, job.preset);
  if (filled) useCreateStore.getState().setRetryNote({ jobId: job.id, state: job.state, problem: job.state === 'canceled' ? null : jobProblem(job) });
  return filled;
}

/** A library item's file name, as a tray shows it. */
export const nameOf = (asset: AssetView): string => asset.mediaPath.split('/').pop() ?? asset.id;

/** The way of calling a model that returns the edited image first (queued), then any. */
const byRuns = (a: ModelChoice, b: ModelChoice): number => Number(b.runs === 'queued') - Number(a.runs === 'queued');

/**
 * The mask painter on `asset`: a model that edits with a painted mask (the image's own when it
 * can), in edit mode, with the image as the one to edit. False when no model offered can.
 */
export async function openPainterOn(asset: AssetView, choices: readonly ModelChoice[]): Promise<boolean> {
  const editors = choices
    .filter((choice) => choice.kind === 'image' && choice.modes.includes('edit'))
    .filter((choice) => {
      const description = descriptionOf(choice.variantId);
      return description !== undefined && maskField(description) !== undefined && imageFields(description).length > 0;
    })
    .sort(byRuns);
  const choice = editors.find((candidate) => candidate.modelId === asset.model) ?? editors[0];
  if (!choice) return false;
  const store = useCreateStore.getState();
  store.chooseModel(choice, 'edit');
  const description = descriptionOf(useCreateStore.getState().variantId);
  const field = description ? imageFields(description)[0]?.key : undefined;
  if (field === undefined) return false;
  store.clearReferences();
  store.discardMask();
  if (asset.prompt && !useCreateStore.getState().prompt.trim()) store.setPrompt(asset.prompt);
  await store.addAsset(field, asset.id, nameOf(asset), asset.mediaPath);
  const item = useCreateStore.getState().trays[field]?.[0];
  if (!item || item.width === null || item.height === null) return false;
  store.openMask({ id: item.id, width: item.width, height: item.height });
  return true;
}

/** Image-to-video with `asset` as the first frame: the first video model offered that starts from an image. False when none. */
export async function animateFrom(asset: AssetView, choices: readonly ModelChoice[]): Promise<boolean> {
  const choice = choices.find((candidate) => {
    if (candidate.kind !== 'video') return false;
    const description = descriptionOf(candidate.variantId);
    return description !== undefined && imageFields(description).length > 0;
  });
  if (!choice) return false;
  const store = useCreateStore.getState();
  store.chooseModel(choice, choice.modes[0]);
  const description = descriptionOf(useCreateStore.getState().variantId);
  const field = description ? imageFields(description)[0]?.key : undefined;
  if (field === undefined) return false;
  store.clearReferences();
  if (asset.prompt && !useCreateStore.getState().prompt.trim()) store.setPrompt(asset.prompt);
  await store.addAsset(field, asset.id, nameOf(asset), asset.mediaPath);
  return true;
}
