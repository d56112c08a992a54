import { ArrowLeft, Columns2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../errors/use-error-wording';
import { modelLabels } from '../../../entities/model-names';
import { useBatchId, useGalleryFilter } from '../../../routing/route-hooks';
import { paths } from '../../../routing/paths';
import { assetPages } from '../../../entities/asset-pages';
import { jobSelectors, useJobsStore } from '../../../entities/jobs-store';
import { usePagedQuery } from '../../../entities/use-paged-query';
import { studio } from '../../../studio/studio-client';
import { Button, EmptyState, IconButton, Page } from '../../../ui';
import { useResultActions } from '../../../entities/result-actions';
import { ZoomPane } from '../components/ZoomPane';
import { useGalleryActions } from '../use-gallery-actions';
import { CompareActions } from './CompareActions';
import { compareBatch } from '../model/compare';
import { sharedFit, type SharedView } from '../model/zoom';
import '../detail.css';

/**
 * The results of one fan-out batch side by side: a row per prompt, a column per model or setting,
 * one zoom and pan for every picture, so details can be compared at the same place.
 */
export function CompareView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const batchId = useBatchId() ?? '';
  const [filter] = useGalleryFilter();
  const batch = useJobsStore(jobSelectors.batch(batchId));
  const query = usePagedQuery(assetPages, { batchId });
  const { columns, rows } = useMemo(() => compareBatch(query.items), [query.items]);
  const locale = useLocale();
  const modelNames = useMemo(
    () =>
      // Names, never ids: ids of one name (an alias on another channel) say what sets them apart.
      modelLabels(
        columns.map((column) => column.model),
        locale,
        { standard: t('plainWords.modelStandard'), official: t('plainWords.modelOfficial') },
      ),
    [columns, locale, t],
  );
  const modelName = (model: string | undefined): string => (model === undefined ? '' : (modelNames.get(model) ?? model));
  const [view, setView] = useState<SharedView>(sharedFit);
  const results = useResultActions();
  const actions = useGalleryActions();

  return (
    <div className="compare">
      <Page
        title={t('gallery.compareView.title')}
        lead={batch ? t('gallery.compareView.batch', { name: batch.name }) : t('gallery.compareView.lead')}
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
        {query.status !== 'loading' && rows.length === 0 ? (
          <EmptyState icon={Columns2} title={t('gallery.compareView.empty')} />
        ) : (
          <div
            className="compare-table"
            role="table"
            aria-label={t('gallery.compareView.title')}
            style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(220px, 1fr))` }}
          >
            <div role="row" className="compare-row compare-head">
              {columns.map((column) => (
                <div role="columnheader" key={column.key} className="compare-column-title">
                  <strong>{modelName(column.model)}</strong>
                  {column.differences.map((difference) => (
                    <span key={difference}>{difference}</span>
                  ))}
                </div>
              ))}
            </div>
            {rows.map((row) => (
              <div role="rowgroup" key={row.prompt} className="compare-group">
                <p className="compare-prompt" lang={/[\u3400-\u9fff]/.test(row.prompt) ? 'zh' : undefined}>
                  {row.prompt || t('gallery.untitled')}
                </p>
                <div role="row" className="compare-row">
                  {row.cells.map((cell, index) => {
                    const asset = cell[0];
                    const column = columns[index];
                    return (
                      <div role="cell" key={column?.key ?? index} className="compare-cell">
                        {asset === undefined ? (
                          <p className="compare-none">{t('gallery.compareView.noResult')}</p>
                        ) : asset.kind === 'video' ? (
                          <video
                            src={studio().mediaUrl(asset.mediaPath)}
                            poster={asset.thumbPath ? studio().mediaUrl(asset.thumbPath) : undefined}
                            controls
                            muted
                            loop
                            playsInline
                            aria-label={`${modelName(column?.model)} · ${row.prompt}`}
                          />
                        ) : (
                          <ZoomPane
                            picture={{ width: asset.width ?? 1024, height: asset.height ?? 1024 }}
                            view={view}
                            onView={setView}
                            label={`${modelName(column?.model)} · ${row.prompt}`}
                          >
                            <img src={studio().mediaUrl(asset.mediaPath)} alt="" draggable={false} width={asset.width ?? 1024} height={asset.height ?? 1024} />
                          </ZoomPane>
                        )}
                        {asset && (
                          <CompareActions
                            asset={asset}
                            name={`${modelName(column?.model)} · ${row.prompt}`}
                            onWinner={() => void results.favourite(asset)}
                            onDrop={() => void actions.remove([asset.id])}
                            onOpen={() => results.open(asset, { batchId })}
                          />
                        )}
                      </div>
                    );
                  })}
                </div>
              </div>
            ))}
          </div>
        )}
        {query.hasMore && (
          <Button onClick={query.loadMore} busy={query.loadingMore}>
            {t('gallery.compareView.loadMore')}
          </Button>
        )}
      </Page>
    </div>
  );
}
