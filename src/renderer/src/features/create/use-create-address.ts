import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { AssetView } from '../../../../shared/contract';
import { useCreateParams } from '../../routing/route-hooks';
import { useAssetsStore } from '../../entities/assets-store';
import { usePromptDraftStore } from '../../entities/prompt-draft-store';
import { useErrorAlert } from '../../errors/alert-store';
import { showToast } from '../../ui';
import { imageFields, recipeToForm } from './model/form-values';
import { isRemix, type ModelChoice } from './model/model-choices';
import { useCreateStore } from './store/create-store';
import { descriptionOf } from './store/form-slice';
import { PARKED } from './store/references-slice';
import { displayModelOf, remixesOfficially, variantById } from '../../../../shared/catalog';

/** The remix variant that applies to a finished video: the official one for official videos, else the model's own. */
function remixChoiceFor(asset: AssetView, remixChoices: readonly ModelChoice[]): ModelChoice | undefined {
  const official = remixesOfficially(asset);
  const applicable = remixChoices.filter((choice) => (choice.variantId === 'video.remix.official') === official);
  return applicable.find((choice) => choice.modelId === asset.model) ?? applicable[0];
}

const nameOf = (asset: AssetView): string => asset.mediaPath.split('/').pop() ?? asset.id;

/**
 * Follows Create's address: `?reuse=` fills the form with a result's recipe, `?reference=` adds
 * a library image as a reference, `?remix=` opens the remix form for a finished video, and
 * `?character=` opens "create a character" from one. Each address is followed once.
 */
export function useCreateAddress(ready: boolean, generateChoices: readonly ModelChoice[], remixChoices: readonly ModelChoice[]): void {
  const params = useCreateParams();
  const { key } = useLocation();
  const done = useRef<string | null>(null);
  const alert = useErrorAlert();
  const { t } = useTranslation();

  useEffect(() => {
    if (!ready || done.current === key) return;
    done.current = key;
    const fetchAsset = async (id: string): Promise<AssetView | undefined> => {
      const answer = alert.track(await useAssetsStore.getState().fetchAsset(id));
      return answer.ok ? answer.value : undefined;
    };
    const store = useCreateStore.getState();

    const follow = async (): Promise<void> => {
      // Nothing chosen yet: start on the first model (a recipe or a remix below chooses its own).
      if (store.variantId === null && generateChoices[0]) {
        store.chooseModel(generateChoices.find((choice) => choice.variantId === 'image.gen-image-2.direct') ?? generateChoices[0], 'create');
      }
      if (params.reuse !== null) {
        const asset = await fetchAsset(params.reuse);
        const description = descriptionOf(asset?.variantId ?? null);
        const recipe = asset && description ? recipeToForm(description.variantId, asset.request, description) : undefined;
        if (!asset || !description || !recipe) {
          if (asset) showToast(t('create.address.noRecipe'), 'error');
          return;
        }
        const entry = variantById(description.variantId);
        // An edit (a mask, or a variant that only edits) reopens in edit mode.
        const modes = displayModelOf(description.variantId)?.member.modes ?? ['create'];
        const createMode = modes.includes('edit') && (recipe.maskUrl !== null || !modes.includes('create')) ? 'edit' : (modes[0] ?? 'create');
        store.loadRecipe(description.variantId, recipe, entry && isRemix(entry) ? 'remix' : 'generate', createMode);
        // The recipe's preset comes back with it (its text is already in the prompt).
        usePromptDraftStore.getState().setPreset(asset.preset);
        store.clearReferences();
        store.discardMask();
        store.setMaskRecipeUrl(recipe.maskUrl);
        await Promise.all(Object.entries(recipe.references).map(([field, urls]) => store.addKnown(field, urls)));
        showToast(t('create.address.reused'), 'success');
      }
      if (params.reference !== null) {
        const asset = await fetchAsset(params.reference);
        if (!asset) return;
        if (asset.kind !== 'image') {
          showToast(t('create.address.notImage'), 'error');
          return;
        }
        const current = descriptionOf(useCreateStore.getState().variantId);
        const field = (current ? imageFields(current)[0]?.key : undefined) ?? PARKED;
        if (field === PARKED) showToast(t('create.address.parked'), 'info');
        await store.addAsset(field, asset.id, nameOf(asset), asset.mediaPath);
      }
      if (params.remix !== null) {
        const asset = await fetchAsset(params.remix);
        const choice = asset ? remixChoiceFor(asset, remixChoices) : undefined;
        if (!asset || asset.kind !== 'video' || asset.taskId === null || !choice) {
          if (asset) showToast(t('create.address.notRemixable'), 'error');
          return;
        }
        store.startRemix(
          {
            assetId: asset.id,
            taskId: asset.taskId,
            official: choice.variantId === 'video.remix.official',
            prompt: asset.prompt,
            thumbPath: asset.thumbPath,
            mediaPath: asset.mediaPath,
          },
          choice,
        );
      }
      if (params.character !== null) {
        const asset = await fetchAsset(params.character);
        if (asset) store.showCharacter(asset.kind === 'video' ? asset.id : null);
      }
    };
    void follow();
  }, [ready, key, params, generateChoices, remixChoices, alert, t]);
}
