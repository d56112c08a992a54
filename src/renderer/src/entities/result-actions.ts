/**
 * The next step from a result, wherever it is shown (the gallery, its detail view, Create's
 * results): run its recipe again, vary it (the same prompt with it as the reference), make a
 * larger version, use it as a reference in Create, favourite it, open it. The calls to main and
 * their confirmations and errors live here; each screen draws its own buttons.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { largerTiers, recipeValues, variantById, withReference } from '../../../shared/catalog';
import type { AssetView, BatchView, Envelope, LibraryFilter, RerunMode } from '../../../shared/contract';
import { useErrorAlert } from '../errors/alert-store';
import { paths } from '../routing/paths';
import { studio } from '../studio/studio-client';
import { showToast } from '../ui';
import { useAssetsStore } from './assets-store';
import { useJobsStore } from './jobs-store';

/** What a re-run answers: the new one-job batch. */
export type RerunAnswer = Envelope<{ batch: BatchView; jobCount: number }>;

/** Which next steps a result offers: its recipe must be known to run again, an image to be a reference. */
export interface NextSteps {
  again: boolean;
  vary: boolean;
  reference: boolean;
  /** Larger size tiers of its model at its ratio ("Make a larger version"), smallest first. */
  larger: string[];
}

export function nextSteps(asset: Pick<AssetView, 'kind' | 'variantId' | 'request'>): NextSteps {
  const entry = asset.variantId === null ? undefined : variantById(asset.variantId);
  const image = asset.kind === 'image';
  if (!entry || asset.request === null || typeof asset.request !== 'object') return { again: false, vary: false, reference: image, larger: [] };
  const values = recipeValues(entry, asset.request);
  const takesReference = image && withReference(entry, values, 'https://reference.invalid/') !== undefined;
  return { again: true, vary: takesReference, reference: image, larger: takesReference ? largerTiers(entry, values) : [] };
}

/** The calls behind the next steps, each answering with a toast or the page's alert. */
export function useResultActions() {
  const alert = useErrorAlert();
  const navigate = useNavigate();
  return useMemo(() => {
    const rerun = async (asset: AssetView, mode: RerunMode, tier?: string): Promise<RerunAnswer> => {
      const answer = alert.track(await studio().call('jobs.rerun_asset', { assetId: asset.id, mode, ...(tier === undefined ? {} : { tier }) }));
      if (!answer.ok) return answer;
      // The new batch is known at once, so a screen that follows it (Create's results) shows its card before the first event.
      useJobsStore.getState().batchesReceived([answer.value.batch]);
      const words = { name: answer.value.batch.name, tier: tier ?? '' };
      const said = {
        again: 'resultActions.rerolling',
        vary: 'resultActions.varying',
        vary_strong: 'stream.varyingStrong',
        larger: 'resultActions.enlarging',
      } as const;
      showToast((t) => t(said[mode], words), 'success', {
        action: { label: (t) => t('resultActions.follow'), run: () => void navigate(paths.batch(answer.value.batch.id)) },
      });
      return answer;
    };
    return {
      /** The same recipe again, as a new job. */
      reroll: (asset: AssetView) => rerun(asset, 'again'),
      /** The same prompt and settings with this result as the only reference. */
      vary: (asset: AssetView) => rerun(asset, 'vary'),
      /** The same, with the prompt also asking in words for a bolder change (no model takes a strength). */
      varyStrong: (asset: AssetView) => rerun(asset, 'vary_strong'),
      /** The recipe at a larger size tier with this result as the reference. */
      larger: (asset: AssetView, tier: string) => rerun(asset, 'larger', tier),
      /** Create, with this image as its first reference. */
      useAsReference: (asset: AssetView) => void navigate(paths.create({ reference: asset.id })),
      favourite: async (asset: AssetView, favourite = !asset.favourite): Promise<Envelope<AssetView>> => {
        const answer = alert.track(await useAssetsStore.getState().setFavourite(asset.id, favourite));
        if (answer.ok) showToast((t) => t(favourite ? 'resultActions.favourited' : 'resultActions.unfavourited'), 'success');
        return answer;
      },
      open: (asset: AssetView, filter: LibraryFilter = {}) => void navigate(paths.asset(asset.id, filter)),
    };
  }, [alert, navigate]);
}
