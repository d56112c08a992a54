import { ArrowLeft, ChevronLeft, ChevronRight, ImageOff, Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useAssetId, useGalleryFilter } from '../../../routing/route-hooks';
import { paths } from '../../../routing/paths';
import { assetPages } from '../../../entities/asset-pages';
import { assetSelectors, useAssetsStore } from '../../../entities/assets-store';
import { useHeldEntities } from '../../../entities/retention';
import { usePagedQuery } from '../../../entities/use-paged-query';
import { useErrorAlert } from '../../../errors/alert-store';
import { useLocale } from '../../../errors/use-error-wording';
import { studio } from '../../../studio/studio-client';
import { EmptyState, IconButton, showToast } from '../../../ui';
import { nextSteps, useResultActions } from '../../../entities/result-actions';
import { desktopSelectors, useDesktopStore } from '../../../entities/desktop-store';
import { useGalleryStore } from '../gallery-store';
import { sharedFit, type SharedView } from '../model/zoom';
import { useGalleryActions } from '../use-gallery-actions';
import { BoardDialog } from '../components/SelectionDialogs';
import { ZoomPane } from '../components/ZoomPane';
import { RecipePanel } from './RecipePanel';
import { VideoStage } from './VideoStage';
import '../detail.css';

/**
 * One result: mostly the picture (zoom and pan) or the playing video (seek), with the recipe that
 * made it beside it. Left and right go through the gallery list it was opened from.
 */
export function AssetDetailView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useAssetId() ?? '';
  const [filter] = useGalleryFilter();
  const locale = useLocale();
  const asset = useAssetsStore(assetSelectors.asset(id));
  useHeldEntities('assets', [id]);
  const detail = useGalleryStore((s) => s.details[id]);
  const boards = useGalleryStore((s) => s.boards);
  const boardNames = useGalleryStore(useShallow((s) => s.boards.filter((b) => asset?.boardIds.includes(b.id)).map((b) => b.name)));
  const canReveal = useDesktopStore(desktopSelectors.canReveal);
  const list = usePagedQuery(assetPages, filter);
  const actions = useGalleryActions();
  const results = useResultActions();
  const alert = useErrorAlert();
  const [grabbing, setGrabbing] = useState(false);
  const [choosingBoard, setChoosingBoard] = useState(false);
  const [view, setView] = useState<SharedView>(sharedFit);
  const [fit, setFit] = useState(1);
  const [missing, setMissing] = useState(false);

  // The page is keyed by the asset (GalleryPage), so view and `missing` start afresh for each.
  useEffect(() => {
    void useAssetsStore
      .getState()
      .fetchAsset(id)
      .then((answer) => setMissing(!answer.ok));
    void useGalleryStore.getState().loadDetail(id);
    void useGalleryStore.getState().loadBoards();
  }, [id]);

  const index = list.items.findIndex((item) => item.id === id);
  const previous = index > 0 ? list.items[index - 1] : undefined;
  const next = index >= 0 ? list.items[index + 1] : undefined;
  useEffect(() => {
    if (index >= 0 && index >= list.items.length - 3 && list.hasMore) list.loadMore();
  }, [index, list]);
  const go = useCallback((to: string | undefined) => to !== undefined && void navigate(paths.asset(to, filter), { replace: true }), [navigate, filter]);
  const back = useCallback(() => void navigate(paths.gallery(filter)), [navigate, filter]);

  const remove = async (): Promise<void> => {
    if (!asset) return;
    const deleted = await actions.remove([asset.id]);
    if (deleted.length === 0) return;
    if (next) go(next.id);
    else if (previous) go(previous.id);
    else back();
  };

  // In place as the view is drawn, not after it (a passive effect runs later, most of all after a routed transition):
  // an Escape pressed as soon as the view shows would otherwise be lost.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, dialog, [contenteditable="true"]') || event.defaultPrevented) return;
      if (event.key === 'Escape') back();
      else if (event.key === 'ArrowLeft') go(previous?.id);
      else if (event.key === 'ArrowRight') go(next?.id);
      else if (event.key.toLowerCase() === 'f' && asset && !event.ctrlKey && !event.metaKey) void actions.favourite([asset.id], !asset.favourite);
      else if (event.key === 'Delete' && asset) void remove();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (missing && !asset) {
    return (
      <div className="detail frame-fill frame-flush">
        <h1 className="visually-hidden" tabIndex={-1}>
          {t('pages.gallery.title')}
        </h1>
        <EmptyState
          icon={ImageOff}
          title={t('gallery.detail.missingTitle')}
          body={t('gallery.detail.missingBody')}
          action={<IconButton label={t('gallery.detail.back')} icon={ArrowLeft} onClick={back} />}
        />
      </div>
    );
  }
  if (!asset) return <div className="detail frame-fill frame-flush" aria-busy="true" />;

  const picture = { width: asset.width ?? 1024, height: asset.height ?? 1024 };
  const fileUrl = studio().mediaUrl(asset.mediaPath);
  const grab = async (atMs: number): Promise<void> => {
    setGrabbing(true);
    const answer = alert.track(await useGalleryStore.getState().grabFrame(asset.id, atMs));
    setGrabbing(false);
    if (!answer.ok) return;
    showToast((t) => t('gallery.detail.frameGrabbed'), 'success');
    results.useAsReference(answer.value);
  };
  return (
    <div className="detail frame-fill frame-flush">
      <div className="detail-stage">
        <div className="detail-toolbar">
          <IconButton label={t('gallery.detail.back')} icon={ArrowLeft} onClick={back} />
          <h1 className="detail-title" tabIndex={-1} lang={/[\u3400-\u9fff]/.test(asset.prompt) ? 'zh' : undefined}>
            {asset.prompt || t('gallery.untitled')}
          </h1>
          <IconButton label={t('gallery.detail.previous')} icon={ChevronLeft} disabled={!previous} onClick={() => go(previous?.id)} />
          <IconButton label={t('gallery.detail.next')} icon={ChevronRight} disabled={!next} onClick={() => go(next?.id)} />
          {asset.kind === 'image' && (
            <>
              <IconButton label={t('gallery.detail.zoomOut')} icon={ZoomOut} onClick={() => setView({ ...view, zoom: Math.max(0.1, view.zoom / 1.25) })} />
              <output className="detail-zoom" aria-label={t('gallery.detail.zoomLevel', { percent: Math.round(view.zoom * fit * 100) })}>
                {`${Math.round(view.zoom * fit * 100)} %`}
              </output>
              <IconButton label={t('gallery.detail.zoomIn')} icon={ZoomIn} onClick={() => setView({ ...view, zoom: Math.min(64, view.zoom * 1.25) })} />
              <IconButton label={t('gallery.detail.fit')} icon={Maximize} onClick={() => setView(sharedFit)} />
              <button
                type="button"
                className="button button-sm button-quiet detail-actual"
                onClick={() => setView({ zoom: 1 / fit, fx: view.fx, fy: view.fy })}
              >
                {t('gallery.detail.actualSize')}
              </button>
            </>
          )}
        </div>
        <div className="detail-media" draggable title={t('gallery.detail.drag')} onDragStart={(event) => actions.dragStart(event, asset, [asset.id])}>
          {asset.kind === 'video' ? (
            <>
              <VideoStage
                asset={asset}
                fileUrl={fileUrl}
                posterUrl={asset.thumbPath ? studio().mediaUrl(asset.thumbPath) : undefined}
                label={t('gallery.detail.media')}
                grabbing={grabbing}
                onGrab={(atMs) => void grab(atMs)}
              />
              {asset.thumbPath === null && <p className="detail-no-poster">{t('gallery.noPoster')}</p>}
            </>
          ) : (
            <ZoomPane picture={picture} view={view} onView={setView} onFit={setFit} label={asset.prompt || t('gallery.detail.media')}>
              <img src={fileUrl} alt="" draggable={false} width={picture.width} height={picture.height} />
            </ZoomPane>
          )}
        </div>
      </div>
      <RecipePanel
        asset={asset}
        detail={detail}
        canReveal={canReveal}
        fileUrl={fileUrl}
        boardNames={boardNames}
        locale={locale}
        compareLink={asset.batchId ? paths.compare(asset.batchId, filter) : null}
        mediaUrl={(path) => studio().mediaUrl(path)}
        onCopyPrompt={() => {
          void navigator.clipboard.writeText(asset.prompt).then(
            () => showToast((t) => t('gallery.detail.copied'), 'success'),
            () => undefined,
          );
        }}
        steps={nextSteps(asset)}
        onReroll={() => void results.reroll(asset)}
        onVary={() => void results.vary(asset)}
        onLarger={(tier) => void results.larger(asset, tier)}
        onFavourite={() => void actions.favourite([asset.id], !asset.favourite)}
        onAddToBoard={() => setChoosingBoard(true)}
        onReveal={() => void actions.reveal(asset.id)}
        onExport={() => void actions.export([asset.id])}
        onDelete={() => void remove()}
      />
      <BoardDialog
        open={choosingBoard}
        count={1}
        boards={boards}
        onClose={() => setChoosingBoard(false)}
        onChoose={(boardId) => {
          setChoosingBoard(false);
          void actions.putOnBoard(boardId, [asset.id]);
        }}
        onCreate={(name) => {
          setChoosingBoard(false);
          void actions.createBoard(name).then((boardId) => {
            if (boardId !== null) void actions.putOnBoard(boardId, [asset.id]);
          });
        }}
      />
    </div>
  );
}
