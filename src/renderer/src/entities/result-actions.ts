/**
 * The next step from a result, wherever it is shown: re-roll (its recipe again), vary (the same
 * prompt with this result as the reference), favourite, use as a reference, open. Each is one
 * call with its toast or error; the screens keep their own buttons and layout.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AssetView, BatchView, Envelope } from '../../../shared/contract';
import { useErrorAlert } from '../errors/alert-store';
import { paths } from '../routing/paths';
import { studio } from '../studio/studio-client';
import { showToast } from '../ui';
import { useAssetsStore } from './assets-store';
import { useJobsStore } from './jobs-store';

export type RerunAnswer = Envelope<{ batch: BatchView; jobCount: number }>;

export interface ResultActions {
  /** The same recipe again, as a new job. */
  reroll: (asset: Pick<AssetView, 'id'>) => Promise<RerunAnswer>;
  /** The same prompt with this result as the only reference (images only). */
  vary: (asset: Pick<AssetView, 'id'>) => Promise<RerunAnswer>;
  favourite: (asset: Pick<AssetView, 'id' | 'favourite'>) => Promise<Envelope<AssetView>>;
  /** Opens Create with this image among the references. */
  useAsReference: (asset: Pick<AssetView, 'id'>) => void;
  /** Opens the result in the gallery's detail view. */
  open: (asset: Pick<AssetView, 'id'>) => void;
}

/** The result actions, worded in the UI language, with failures in the page's alert. */
export function useResultActions(): ResultActions {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alert = useErrorAlert();
  return useMemo(() => {
    const rerun = async (assetId: string, mode: 'again' | 'vary'): Promise<RerunAnswer> => {
      const answer = alert.track(await studio().call('jobs.rerun_asset', { assetId, mode }));
      if (answer.ok) {
        useJobsStore.getState().batchesReceived([answer.value.batch]);
        showToast(mode === 'again' ? t('results.rerolled') : t('results.varied'), 'success');
      }
      return answer;
    };
    return {
      reroll: (asset) => rerun(asset.id, 'again'),
      vary: (asset) => rerun(asset.id, 'vary'),
      favourite: async (asset) => alert.track(await useAssetsStore.getState().setFavourite(asset.id, !asset.favourite)),
      useAsReference: (asset) => void navigate(paths.create({ reference: asset.id })),
      open: (asset) => void navigate(paths.asset(asset.id)),
    };
  }, [t, navigate, alert]);
}
