import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { AssetView } from '../../../../shared/contract';
import { useCreateParams } from '../../routing/route-hooks';
import { useAssetsStore } from '../../entities/assets-store';
import { useErrorAlert } from '../../errors/alert-store';
import { showToast } from '../../ui';
import { studio } from '../../studio/studio-client';
import { animateFrom, fillForRetry, fillFromRecipe, nameOf, openPainterOn } from './create-address-steps';
import { imageFields } from './model/form-values';
import type { ModelChoice } from './model/model-choices';
import { useCreateStore } from './store/create-store';
import { descriptionOf } from './store/form-slice';
import { PARKED } from './store/references-slice';
import { remixesOfficially } from '../../../../shared/catalog';

/** The remix variant that applies to a finished video: the official one for official videos, else the model's own. */
function remixChoiceFor(asset: AssetView, remixChoices: readonly ModelChoice[]): ModelChoice | undefined {
  const official = remixesOfficially(asset);
  const applicable = remixChoices.filter((choice) => (choice.variantId === 'video.remix.official') === official);
  return applicable.find((choice) => choice.modelId === asset.model) ?? applicable[0];
}

/**
 * Follows Create's address: `?reuse=` fills the form with a result's recipe, `?retry=` with an
 * ended job's and why it ended, `?edit=` opens the mask painter on an image, `?animate=` starts
 * image-to-video from one, `?reference=` adds a library image as a reference, `?remix=` opens the
 * remix form for a finished video, and `?character=` opens "create a character" from one. Each
 * address is followed once.
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
        if (!asset) return;
        if (!(await fillFromRecipe(asset.variantId, asset.request, asset.preset))) showToast((t) => t('create.address.noRecipe'), 'error');
        else showToast((t) => t('create.address.reused'), 'success');
      }
      if (params.retry !== null) {
        const answer = alert.track(await studio().call('jobs.get_jobs', { ids: [params.retry] }));
        const job = answer.ok ? answer.value[0] : undefined;
        if (job && !(await fillForRetry(job))) showToast((t) => t('create.address.noRecipe'), 'error');
      }
      if (params.edit !== null) {
        const asset = await fetchAsset(params.edit);
        if (asset && (asset.kind !== 'image' || !(await openPainterOn(asset, generateChoices)))) showToast((t) => t('stream.address.noEditor'), 'error');
      }
      if (params.animate !== null) {
        const asset = await fetchAsset(params.animate);
        if (asset && (asset.kind !== 'image' || !(await animateFrom(asset, generateChoices)))) showToast((t) => t('stream.address.noAnimator'), 'error');
      }
      if (params.reference !== null) {
        const asset = await fetchAsset(params.reference);
        if (!asset) return;
        if (asset.kind !== 'image') {
          showToast((t) => t('create.address.notImage'), 'error');
          return;
        }
        const current = descriptionOf(useCreateStore.getState().variantId);
        const field = (current ? imageFields(current)[0]?.key : undefined) ?? PARKED;
        if (field === PARKED) showToast((t) => t('create.address.parked'), 'info');
        await store.addAsset(field, asset.id, nameOf(asset), asset.mediaPath);
      }
      if (params.remix !== null) {
        const asset = await fetchAsset(params.remix);
        const choice = asset ? remixChoiceFor(asset, remixChoices) : undefined;
        if (!asset || asset.kind !== 'video' || asset.taskId === null || !choice) {
          if (asset) showToast((t) => t('create.address.notRemixable'), 'error');
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
