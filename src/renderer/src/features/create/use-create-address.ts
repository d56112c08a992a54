import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { AssetView } from '../../../../shared/contract';
import { useCreateParams } from '../../app/route-hooks';
import { useAssetsStore } from '../../entities/assets-store';
import { useErrorAlert } from '../../errors/alert-store';
import { showToast } from '../../ui';
import { imageFields, recipeToForm } from './model/form-values';
import { isRemix, type ModelChoice } from './model/model-choices';
import { useCharacterStore } from './stores/character-store';
import { descriptionOf, useFormStore } from './stores/form-store';
import { useMaskStore } from './stores/mask-store';
import { PARKED, useReferencesStore } from './stores/references-store';
import { remixesOfficially, variantById } from '../../../../shared/catalog';

/** The remix variant that applies to a finished video: the official one for official videos, else the model's own. */
export function remixChoiceFor(asset: AssetView, remixChoices: readonly ModelChoice[]): ModelChoice | undefined {
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
    const form = useFormStore.getState();
    const references = useReferencesStore.getState();
    const mask = useMaskStore.getState();

    const follow = async (): Promise<void> => {
      if (params.reuse !== null) {
        const asset = await fetchAsset(params.reuse);
        const description = descriptionOf(asset?.variantId ?? null);
        const recipe = asset && description ? recipeToForm(description.variantId, asset.request, description) : undefined;
        if (!asset || !description || !recipe) {
          if (asset) showToast(t('create.address.noRecipe'), 'error');
          return;
        }
        const entry = variantById(description.variantId);
        form.loadRecipe(description.variantId, recipe, entry && isRemix(entry) ? 'remix' : 'generate');
        references.clear();
        mask.discard();
        mask.setRecipeUrl(recipe.maskUrl);
        await Promise.all(Object.entries(recipe.references).map(([field, urls]) => references.addKnown(field, urls)));
        showToast(t('create.address.reused'), 'success');
      }
      if (params.reference !== null) {
        const asset = await fetchAsset(params.reference);
        if (!asset) return;
        if (asset.kind !== 'image') {
          showToast(t('create.address.notImage'), 'error');
          return;
        }
        const current = descriptionOf(useFormStore.getState().variantId);
        const field = (current ? imageFields(current)[0]?.key : undefined) ?? PARKED;
        if (field === PARKED) showToast(t('create.address.parked'), 'info');
        await references.addAsset(field, asset.id, nameOf(asset), asset.mediaPath);
      }
      if (params.remix !== null) {
        const asset = await fetchAsset(params.remix);
        const choice = asset ? remixChoiceFor(asset, remixChoices) : undefined;
        if (!asset || asset.kind !== 'video' || asset.taskId === null || !choice) {
          if (asset) showToast(t('create.address.notRemixable'), 'error');
          return;
        }
        form.startRemix(
          { assetId: asset.id, taskId: asset.taskId, official: choice.variantId === 'video.remix.official', prompt: asset.prompt, thumbPath: asset.thumbPath, mediaPath: asset.mediaPath },
          choice,
        );
      }
      if (params.character !== null) {
        const asset = await fetchAsset(params.character);
        if (asset) useCharacterStore.getState().show(asset.kind === 'video' ? asset.id : null);
      }
      // Nothing asked for, or nothing chosen yet: start on the first model.
      if (useFormStore.getState().variantId === null && generateChoices[0]) {
        const preferred = generateChoices.find((choice) => choice.variantId === 'image.gen-image-2.direct') ?? generateChoices[0];
        useFormStore.getState().choose(preferred);
      }
    };
    void follow();
  }, [ready, key, params, generateChoices, remixChoices, alert, t]);
}
