import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { displayModelOf, memberFor } from '../../../../shared/catalog';
import type { AssetView, JobView } from '../../../../shared/contract';
import { useJobsStore } from '../../entities/jobs-store';
import { useResultActions, type RerunAnswer } from '../../entities/result-actions';
import { useErrorAlert } from '../../errors/alert-store';
import { paths } from '../../routing/paths';
import { showToast } from '../../ui';
import type { ResultViewerActions } from './components/ResultViewerPanel';
import { useCreateStore } from './store/create-store';

/**
 * What the stream's buttons do: each next step from a result (a new job is remembered, so it
 * appears at the top of the stream), the ways forward from a job that ended without one, and the
 * actions of the view over Create.
 */
export function useStreamActions() {
  const navigate = useNavigate();
  const alert = useErrorAlert();
  const results = useResultActions();
  const models = useCreateStore((s) => s.models);

  const offered = useMemo(() => new Set(models.flatMap((model) => model.variants.map((variant) => `${model.id}|${variant.id}`))), [models]);

  return useMemo(() => {
    const remember = (answer: RerunAnswer): void => {
      if (answer.ok) useCreateStore.getState().rememberBatch(answer.value.batch.id);
    };
    /** The variant of the same model that returns the edited image, when the gateway offers it. */
    const queuedFor = (variantId: string, modelId: string): string | undefined => {
      const display = displayModelOf(variantId)?.model;
      const member = display ? memberFor(display, 'edit', 'queued') : undefined;
      return member && member.variantId !== variantId && offered.has(`${modelId}|${member.variantId}`) ? member.variantId : undefined;
    };
    const reuse = (asset: AssetView): void => void navigate(paths.create({ reuse: asset.id }));
    const reroll = (asset: AssetView): void => void results.reroll(asset).then(remember);
    const vary = (asset: AssetView): void => void results.vary(asset).then(remember);
    const favourite = (asset: AssetView): void => void results.favourite(asset);
    const card = {
      onReference: results.useAsReference,
      onReroll: reroll,
      onVary: vary,
      onFavourite: favourite,
      onRemix: (asset: AssetView) => void navigate(paths.create({ remix: asset.id })),
      onCharacter: (asset: AssetView) => void navigate(paths.create({ character: asset.id })),
      onDownloadAgain: (jobId: string) => void useJobsStore.getState().downloadAgain(jobId).then(alert.track),
      onRunQueued: (jobId: string) => {
        const job = useJobsStore.getState().jobs[jobId];
        const queued = job ? queuedFor(job.variantId, job.model) : undefined;
        if (queued === undefined) return;
        void useCreateStore
          .getState()
          .rerunJob(jobId, queued)
          .then((answer) => {
            if (!alert.track(answer).ok) return;
            remember(answer);
            showToast((t) => t('results.runQueuedStarted'), 'success');
          });
      },
      onEditRetry: (job: JobView) => void navigate(paths.create({ retry: job.id })),
      onRetry: (job: JobView) => void useJobsStore.getState().retryJob(job.id).then(alert.track),
      onRemove: (job: JobView) => useCreateStore.getState().removeFromStream(job.id),
    };
    const viewer: ResultViewerActions = {
      onVary: vary,
      onVaryStrong: (asset) => void results.varyStrong(asset).then(remember),
      onLarger: (asset, tier) => void results.larger(asset, tier).then(remember),
      onEdit: (asset) => void navigate(paths.create({ edit: asset.id })),
      onAnimate: (asset) => void navigate(paths.create({ animate: asset.id })),
      onReference: results.useAsReference,
      onReroll: reroll,
      onReuse: reuse,
      onFavourite: favourite,
      onOpenInGallery: (asset) => results.open(asset),
    };
    return { card, viewer, queuedFor };
  }, [alert, navigate, offered, results]);
}
