import { ArrowLeft, Columns2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import type { AssetView } from '../../../../../shared/contract';
import { assetSelectors, useAssetsStore } from '../../../entities/assets-store';
import { jobSelectors, useJobsStore } from '../../../entities/jobs-store';
import { useResultActions } from '../../../entities/result-actions';
import { useLocale } from '../../../errors/use-error-wording';
import { modelLabels } from '../../../entities/model-names';
import { useHeldEntities } from '../../../entities/retention';
import { paths } from '../../../routing/paths';
import { useCompareResults, useGalleryFilter } from '../../../routing/route-hooks';
import { studio } from '../../../studio/studio-client';
import { Button, EmptyState, IconButton, Page } from '../../../ui';
import { ZoomPane } from '../components/ZoomPane';
import { sharedFit, type SharedView } from '../model/zoom';
import { useGalleryActions } from '../use-gallery-actions';
import { CompareActions } from './CompareActions';
import '../detail.css';

/** The batch a result came from, by name, when the window knows it. */
function BatchName({ batchId }: { batchId: string | null }) {
  const batch = useJobsStore(jobSelectors.batch(batchId ?? ''));
  return batch ? <span>{batch.name}</span> : null;
}

/**
 * 2-4 chosen results side by side, from any batches (`/gallery/compare?items=`), with one zoom and
 * pan for every picture. The winner is marked from here (a favourite) and the rest dropped
 * (deleted, with undo).
 */
export function CompareResultsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = useCompareResults();
  const [filter] = useGalleryFilter();
  const assets = useAssetsStore(useShallow((state) => ids.map((id) => assetSelectors.asset(id)(state))));
  const results = useResultActions();
  const actions = useGalleryActions();
  const [view, setView] = useState<SharedView>(sharedFit);
  const [dropped, setDropped] = useState<ReadonlySet<string>>(new Set());
  useHeldEntities('assets', ids);

  useEffect(() => {
    for (const id of ids) if (!useAssetsStore.getState().assets[id]) void useAssetsStore.getState().fetchAsset(id);
  }, [ids]);

  const shown = assets.filter((asset): asset is AssetView => asset !== undefined && !dropped.has(asset.id));
  const locale = useLocale();
  // A handful of results: named afresh at each render.
  const modelNames = modelLabels(
    shown.map((asset) => asset.model),
    locale,
    { standard: t('plainWords.modelStandard'), official: t('plainWords.modelOfficial') },
  );
  const drop = async (id: string): Promise<void> => {
    const deleted = await actions.remove([id], (restored) => setDropped((current) => new Set([...current].filter((other) => !restored.includes(other)))));
    if (deleted.length > 0) setDropped((current) => new Set([...current, ...deleted]));
  };

  return (
    <div className="compare">
      <Page
        title={t('gallery.compareView.title')}
        lead={t('gallery.compareView.resultsLead', { count: shown.length })}
        width="wide"
        actions={
          <>
            <Button size="sm" variant="quiet" onClick={() => setView(sharedFit)}>
              {t('gallery.detail.fit')}
            </Button>
            <IconButton label={t('gallery.detail.back')} icon={ArrowLeft} onClick={() => void navigate(paths.gallery(filter))} />
          </>
        }
      >
        {ids.length === 0 ? (
          <EmptyState icon={Columns2} title={t('gallery.compareView.chooseResults')} />
        ) : (
          <div
            className="compare-table"
            role="table"
            aria-label={t('gallery.compareView.title')}
            style={{ gridTemplateColumns: `repeat(${Math.max(1, shown.length)}, minmax(200px, 1fr))` }}
          >
            <div role="row" className="compare-row compare-head">
              {shown.map((asset) => (
                <div role="columnheader" key={asset.id} className="compare-column-title">
                  <strong>{modelNames.get(asset.model) ?? asset.model}</strong>
                  {asset.width !== null && asset.height !== null && <span>{`${asset.width} × ${asset.height}`}</span>}
                  <BatchName batchId={asset.batchId} />
                </div>
              ))}
            </div>
            <div role="row" className="compare-row">
              {shown.map((asset) => {
                const name = `${modelNames.get(asset.model) ?? asset.model} · ${asset.prompt}`;
                return (
                  <div
                    role="cell"
                    key={asset.id}
                    className="compare-cell compare-cell-tall"
                    style={{ aspectRatio: `${asset.width ?? 1} / ${asset.height ?? 1}` }}
                  >
                    {asset.kind === 'video' ? (
                      <video
                        src={studio().mediaUrl(asset.mediaPath)}
                        poster={asset.thumbPath ? studio().mediaUrl(asset.thumbPath) : undefined}
                        controls
                        muted
                        loop
                        playsInline
                        aria-label={name}
                      />
                    ) : (
                      <ZoomPane picture={{ width: asset.width ?? 1024, height: asset.height ?? 1024 }} view={view} onView={setView} label={name}>
                        <img src={studio().mediaUrl(asset.mediaPath)} alt="" draggable={false} width={asset.width ?? 1024} height={asset.height ?? 1024} />
                      </ZoomPane>
                    )}
                    <CompareActions
                      asset={asset}
                      name={name}
                      onWinner={() => void results.favourite(asset)}
                      onDrop={() => void drop(asset.id)}
                      onOpen={() => results.open(asset, filter)}
                    />
                  </div>
                );
              })}
            </div>
            <div role="row" className="compare-row">
              {shown.map((asset) => (
                <p role="cell" key={asset.id} className="compare-caption" lang={/[\u3400-\u9fff]/.test(asset.prompt) ? 'zh' : undefined}>
                  {asset.prompt || t('gallery.untitled')}
                </p>
              ))}
            </div>
          </div>
        )}
      </Page>
    </div>
  );
}
