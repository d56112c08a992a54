/**
 * The next step from a result in one click: its recipe again, the same prompt with the result as
 * the reference ("vary", subtle or strong), or the recipe at a larger size tier with the result as the reference.
 * Each becomes an ordinary one-job batch, so the catalog's rules, budgets and the queue apply.
 */
import { atTier, largerTiers, promptAsWritten, recipeOnVariant, recipeValues, variantById, withReference, type NamedCharacter } from '../../../shared/catalog';
import type { AssetView, JobView, PresetRef, RerunMode } from '../../../shared/contract';
import { StudioFailure } from '../router/failure';

/** What a re-run becomes: the batch input `jobs.create_batch` would take for it. */
export interface RerunBatch {
  name: string;
  variantIds: [string];
  prompts: [string];
  countPerPrompt: 1;
  values: Record<string, unknown>;
  /** The style preset the result was made with, named again in the new result's recipe. */
  preset?: PresetRef;
}

/** Uploads a library image to the gateway in use and answers its address. */
export type UploadLibraryImage = (assetId: string) => Promise<string>;

const NAME_LENGTH = 60;

/**
 * What a strong variation adds to the prompt. No model of the interface takes a variation
 * strength, so the request says it in words, where the artist can read it in the new recipe.
 */
export const STRONG_VARIATION = 'Make a clearly different variation of the reference image: change the composition, pose, light and details, keep the subject.';

/** The batch that re-runs `asset` in `mode`; `tier` picks the larger size (the next one by default). */
export async function rerunBatch(asset: AssetView, mode: RerunMode, tier: string | undefined, upload: UploadLibraryImage): Promise<RerunBatch> {
  const entry = asset.variantId === null ? undefined : variantById(asset.variantId);
  if (!entry || asset.request === null || typeof asset.request !== 'object') throw StudioFailure.of('rerun_no_recipe');
  let values = recipeValues(entry, asset.request);
  if (mode === 'larger') {
    const offered = largerTiers(entry, values);
    const chosen = tier ?? offered[0];
    const larger = chosen === undefined ? undefined : atTier(entry, values, chosen);
    if (!larger) throw StudioFailure.of('rerun_no_larger_tier', { tiers: offered.join(', ') });
    values = larger;
  }
  if (mode !== 'again') {
    if (asset.kind !== 'image') throw StudioFailure.of('rerun_no_reference');
    // Checked before uploading: a variant that takes no image would make the upload pointless.
    if (!withReference(entry, values, 'https://placeholder.invalid/')) throw StudioFailure.of('rerun_no_reference');
    values = withReference(entry, values, await upload(asset.id)) ?? values;
  }
  const given = typeof values.prompt === 'string' ? values.prompt : asset.prompt;
  const prompt = mode === 'vary_strong' ? `${given.trim()}\n\n${STRONG_VARIATION}`.trim() : given;
  if (mode === 'vary_strong') values = { ...values, prompt };
  return {
    // Named by the artist's own words, not the instruction added to them.
    name: given.trim().slice(0, NAME_LENGTH) || asset.model,
    variantIds: [entry.id],
    prompts: [prompt],
    countPerPrompt: 1,
    values,
    ...(asset.preset ? { preset: asset.preset } : {}),
  };
}

/**
 * The batch that runs `job`'s request again on `variantId`, another variant of the same model
 * (the queued one, for an edit the direct one answered with a summary): the same prompt, images
 * and mask, the size where that variant has it.
 */
export function rerunJobBatch(job: Pick<JobView, 'variantId' | 'request' | 'prompt' | 'model'>, variantId: string): RerunBatch {
  const from = variantById(job.variantId);
  const to = variantById(variantId);
  if (!from || !to || job.request === null || typeof job.request !== 'object') throw StudioFailure.of('rerun_no_recipe');
  if (!to.modelIds.includes(job.model) || to.kind !== from.kind) throw StudioFailure.of('rerun_other_model');
  const values: Record<string, unknown> = { ...recipeOnVariant(from, to, job.request), model: job.model };
  const prompt = typeof values.prompt === 'string' ? values.prompt : job.prompt;
  return { name: prompt.trim().slice(0, NAME_LENGTH) || job.model, variantIds: [to.id], prompts: [prompt], countPerPrompt: 1, values };
}

/**
 * `batch` with its prompt as the artist writes it: a recipe holds the prompt as sent, so each
 * `@username` of a named character becomes its current name (sent as `@username` again).
 */
export function withNamesWritten(batch: RerunBatch, characters: readonly NamedCharacter[]): RerunBatch {
  const prompt = promptAsWritten(batch.prompts[0], characters);
  const values = typeof batch.values.prompt === 'string' ? { ...batch.values, prompt: promptAsWritten(batch.values.prompt, characters) } : batch.values;
  return { ...batch, prompts: [prompt], values };
}
