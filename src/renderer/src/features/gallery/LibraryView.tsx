import { BookmarkPlus, Columns2, ImageOff, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import type { AssetView, LibraryFilter } from '../../../../shared/contract';
import { useGalleryFilter } from '../../routing/route-hooks';
import { COMPARE_LIMITS, paths } from '../../routing/paths';
import { assetPages } from '../../entities/asset-pages';
import { useResultActions } from '../../entities/result-actions';
import { usePagedQuery } from '../../entities/use-paged-query';
import { studio } from '../../studio/studio-client';
import { thumbnails } from '../../studio/thumbnails';
import { Button, EmptyState, Skeleton, localShortcutModifier } from '../../ui';
import { AssetGrid } from './components/AssetGrid';
import { BoardHeader } from './components/BoardHeader';
import { FilterPanel } from './components/FilterPanel';
import { GalleryToolbar } from './components/GalleryToolbar';
import { QuickLook } from './components/QuickLook';
import { SelectionBar } from './components/SelectionBar';
import type { TileAction } from './components/TileActions';
import { facetKey, gallerySelectors, useGalleryStore } from './gallery-store';
import { datePresets, presetStart } from './model/date-presets';
import { activeFilterCount, savableSearch, searchSummary } from './model/filter-summary';
import type { SelectionAction } from './model/selection';
import { writeSelectionDrag } from './model/selection-drag';
import { useGalleryActions } from './use-gallery-actions';
import { GalleryDialogs, type GalleryDialog } from './GalleryDialogs';
import { useTileWords } from './use-tile-words';
import { useFacetsFollow, useWideWindow } from './use-library-follow';
import './LibraryView.css';

/** Debounce of the search box before the address (and the query) follows it. */
const SEARCH_DELAY_MS = 250;

/** The gallery: a one-line head, the filters (folding away), a board's header, the grid of results and the selection's bar. */
export function LibraryView() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useGalleryFilter();
  const query = usePagedQuery(assetPages, filter);
  const facets = useGalleryStore(gallerySelectors.facets(filter));
  const board = useGalleryStore(gallerySelectors.board(filter.boardId));
  const { selection, view, preview, boards } = useGalleryStore(
    useShallow((s) => ({ selection: s.selection, view: s.view, preview: s.preview, boards: s.boards })),
  );
  const gallery = useGalleryStore.getState;
  const sidecarRestore = useGalleryStore((state) => state.sidecarRestore);
  useEffect(() => void gallery().loadSidecarRestore(), [gallery]);
  const actions = useGalleryActions();
  const results = useResultActions();
  const words = useTileWords();
  const panelId = useId();
  const wide = useWideWindow();
  const panelOpen = (wide ? view.panel.wide : view.panel.narrow) ?? wide;
  const [dialog, setDialog] = useState<GalleryDialog | null>(null);
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState(filter.text ?? '');
  const [searched, setSearched] = useState(filter.text);
  const now = useMemo(() => new Date(), []);
  const screenKey = facetKey(filter);
  const [drawnFor, setDrawnFor] = useState<string | null>(null);
  const total = useFacetsFollow(
    filter,
    datePresets.map((p) => presetStart(p, now)),
    drawnFor === screenKey,
  );

  // The address changed the search (Back, a link): the box follows it.
  if (searched !== filter.text) {
    setSearched(filter.text);
    if ((filter.text ?? '') !== search.trim()) setSearch(filter.text ?? '');
  }
  // Typing waits for a pause; a word an input method commits (Chinese typed as pinyin) or Enter
  // searches at once, and the letters of a word still being composed are not searched for.
  const composing = useRef(false);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const runSearch = (text: string): void => {
    clearTimeout(searchTimer.current);
    const typed = text.trim() === '' ? undefined : text;
    if (typed !== filter.text) setFilter({ ...filter, text: typed }, { replace: true });
  };
  const onSearch = (text: string, inComposition: boolean): void => {
    composing.current = inComposition;
    setSearch(text);
  };
  const onSearchNow = (text: string): void => {
    composing.current = false;
    setSearch(text);
    runSearch(text);
  };
  useEffect(() => {
    const typed = search.trim() === '' ? undefined : search;
    if (composing.current || typed === filter.text) return;
    searchTimer.current = setTimeout(() => runSearch(search), SEARCH_DELAY_MS);
    return () => clearTimeout(searchTimer.current);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps -- follows the box only; the filter is read when it fires

  const ids = useMemo(() => query.items.map((item) => item.id), [query.items]);
  useEffect(() => gallery().select({ type: 'keep', order: ids }), [ids, gallery]);

  const chosen = useMemo(() => query.items.filter((item) => selection.ids.has(item.id)), [query.items, selection.ids]);
  const chosenIds = useMemo(() => chosen.map((item) => item.id), [chosen]);
  const compareTarget = useMemo(() => compareAddress(chosen, filter), [chosen, filter]);
  const open = useCallback((id: string) => void navigate(paths.asset(id, filter)), [navigate, filter]);
  // Stable, with the panel's other callbacks and its compare link: the panel is memoised, so a page
  // of results arriving while the grid scrolls does not draw it again.
  const change = useCallback((next: LibraryFilter): void => setFilter(next), [setFilter]);
  const createBoard = useCallback(async (name: string) => (await actions.createBoard(name)) !== null, [actions]);
  const dropOnBoard = useCallback((boardId: string, targets: string[]) => void actions.putOnBoard(boardId, targets), [actions]);
  const reorderBoards = useCallback((order: string[]) => void actions.reorderBoards(order), [actions]);
  const compareLink = useMemo(
    () =>
      filter.batchId !== undefined && (
        <Link className="button button-sm button-secondary" to={paths.compare(filter.batchId, filter)}>
          <Columns2 size={16} aria-hidden="true" />
          {t('gallery.compareBatch')}
        </Link>
      ),
    [filter, t],
  );
  const favouriteToggle = useCallback(
    (targets: string[]): void => {
      const items = query.items.filter((item) => targets.includes(item.id));
      void actions.favourite(targets, !items.every((item) => item.favourite));
    },
    [actions, query.items],
  );
  const onAction = useCallback(
    (action: TileAction, asset: AssetView): void => {
      if (action === 'reroll') void results.reroll(asset);
      else if (action === 'vary') void results.vary(asset);
      else if (action === 'reference') results.useAsReference(asset);
      else if (action === 'favourite') void actions.favourite([asset.id], !asset.favourite);
      else if (action === 'board') setDialog({ kind: 'board', ids: [asset.id] });
      else open(asset.id);
    },
    [actions, results, open],
  );
  // Stable callbacks: tiles are memoised, so a re-render of the page (a page loading) leaves them be.
  const select = useCallback((action: SelectionAction) => gallery().select(action), [gallery]);
  const dragTile = useCallback((event: DragEvent, asset: AssetView) => actions.dragStart(event, asset, chosenIds), [actions, chosenIds]);
  const onDragSelection = (event: DragEvent): void => {
    writeSelectionDrag(event.dataTransfer, chosenIds);
    event.dataTransfer.effectAllowed = 'copy';
  };

  const filtered = Object.keys(filter).some((key) => key !== 'order');
  const smartSearch = savableSearch(filter);
  const boardIndex = board ? boards.findIndex((b) => b.id === board.id) : -1;
  const previewIndex = preview === null ? -1 : ids.indexOf(preview);
  const movePreview = (step: -1 | 1): void => {
    const next = query.items[previewIndex + step];
    if (!next) return;
    gallery().setPreview(next.id);
    gallery().select({ type: 'click', id: next.id });
    if (previewIndex + step >= query.items.length - 3 && query.hasMore) query.loadMore();
  };

  return (
    <div className="gallery frame-fill frame-flush">
      <GalleryToolbar
        search={search}
        onSearch={onSearch}
        onSearchNow={onSearchNow}
        order={filter.order ?? 'newest'}
        onOrder={(order) => change({ ...filter, order: order === 'newest' ? undefined : order })}
        tileSize={view.tileSize}
        onTileSize={(tileSize) => gallery().setView({ tileSize })}
        square={view.square}
        onSquare={(square) => gallery().setView({ square })}
        panelOpen={panelOpen}
        activeFilters={activeFilterCount(filter)}
        onPanel={(open) => gallery().setView({ panel: { ...view.panel, [wide ? 'wide' : 'narrow']: open } })}
        panelId={panelId}
      />
      <div className="gallery-body">
        {panelOpen && (
          <FilterPanel
            id={panelId}
            filter={filter}
            facets={facets}
            boards={boards}
            now={now}
            onChange={change}
            onCreateBoard={createBoard}
            onDropOnBoard={dropOnBoard}
            onReorderBoards={reorderBoards}
            compareLink={compareLink}
          />
        )}
        <section className="gallery-main" aria-label={t('gallery.gridLabel')} aria-busy={query.status === 'loading'}>
          {board && (
            <BoardHeader
              board={board}
              searchSummary={board.filter ? searchSummary(board.filter, boards, (key) => t(key), i18n.language) : null}
              coverUrl={board.coverPath ? studio().mediaUrl(board.coverPath) : null}
              canMoveUp={boardIndex > 0}
              canMoveDown={boardIndex >= 0 && boardIndex < boards.length - 1}
              onRename={() => setDialog({ kind: 'rename', board })}
              onMove={(step) => {
                const order = boards.map((b) => b.id);
                const [moved] = order.splice(boardIndex, 1);
                if (moved !== undefined) order.splice(boardIndex + step, 0, moved);
                void actions.reorderBoards(order);
              }}
              onDelete={() => setDialog({ kind: 'deleteBoard', board })}
            />
          )}
          <div className="gallery-status">
            <p className="gallery-count" aria-live="polite">
              {total === undefined ? '\u00a0' : t('gallery.count', { count: total, shown: total.toLocaleString(i18n.language) })}
            </p>
            {filtered && (
              <Button size="sm" variant="quiet" onClick={() => change(filter.order ? { order: filter.order } : {})}>
                {t('gallery.clearFilters')}
              </Button>
            )}
            {smartSearch && (
              <Button size="sm" variant="quiet" icon={BookmarkPlus} onClick={() => setDialog({ kind: 'smart' })}>
                {t('gallery.board.saveSmart')}
              </Button>
            )}
            {query.hasNewer && (
              <Button size="sm" variant="primary" onClick={query.reload}>
                {t('gallery.showNew')}
              </Button>
            )}
            <p className="gallery-hint">{t('gallery.keyboardHelp', { modifier: localShortcutModifier() })}</p>
          </div>
          {sidecarRestore && (
            <div className="gallery-restore" role="status">
              <span>
                {t('gallery.sidecarRestore', {
                  shown: sidecarRestore.restored.toLocaleString(i18n.language),
                  percent: sidecarRestore.days === 0 ? 0 : Math.floor((100 * sidecarRestore.daysRead) / sidecarRestore.days),
                })}
              </span>
              <progress max={Math.max(1, sidecarRestore.days)} value={sidecarRestore.daysRead} aria-label={t('gallery.sidecarRestoreProgress')} />
            </div>
          )}
          {query.error && query.items.length === 0 ? null : query.status === 'loading' && query.items.length === 0 ? (
            <div className="gallery-loading" role="status">
              <span className="visually-hidden">{t('gallery.loading')}</span>
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} shape="block" width={`${view.tileSize}px`} height={`${view.tileSize}px`} />
              ))}
            </div>
          ) : query.items.length === 0 ? (
            filtered ? (
              <EmptyState icon={ImageOff} title={t('gallery.noMatchTitle')} body={t('gallery.noMatchBody')} />
            ) : (
              <EmptyState
                icon={Sparkles}
                title={t('gallery.emptyTitle')}
                body={t('gallery.emptyBody')}
                action={
                  <Link className="button button-primary" to={paths.create()}>
                    {t('gallery.emptyAction')}
                  </Link>
                }
              />
            )
          ) : (
            <AssetGrid
              items={query.items}
              tileSize={view.tileSize}
              square={view.square}
              selection={selection}
              label={t('gallery.gridLabel')}
              words={words}
              mediaUrl={(path) => studio().mediaUrl(path)}
              thumbnails={thumbnails()}
              hasMore={query.hasMore}
              onLoadMore={query.loadMore}
              onSelect={select}
              onOpen={open}
              onPreview={(id) => gallery().setPreview(id)}
              onDelete={(targets) => void actions.remove(targets)}
              onFavourite={favouriteToggle}
              onDragStart={dragTile}
              onAction={onAction}
              screenKey={screenKey}
              onScreenDrawn={setDrawnFor}
            />
          )}
          {query.loadingMore && (
            <p className="gallery-more" role="status">
              {t('gallery.loadingMore')}
            </p>
          )}
          {selection.ids.size > 0 && (
            <SelectionBar
              count={selection.ids.size}
              allFavourite={chosen.length > 0 && chosen.every((item) => item.favourite)}
              canCompare={compareTarget !== null}
              compareTooMany={chosen.length > COMPARE_LIMITS.max}
              exporting={exporting}
              onFavourite={() => favouriteToggle(chosenIds)}
              onTag={() => setDialog({ kind: 'tag', ids: chosenIds })}
              onBoard={() => setDialog({ kind: 'board', ids: chosenIds })}
              onExport={() => {
                setExporting(true);
                void actions.export(chosenIds).finally(() => setExporting(false));
              }}
              onDelete={() => void actions.remove(chosenIds)}
              onCompare={() => compareTarget && void navigate(compareTarget)}
              onClear={() => gallery().select({ type: 'clear' })}
              onDragStart={onDragSelection}
            />
          )}
        </section>
      </div>
      <QuickLook
        asset={previewIndex >= 0 ? query.items[previewIndex] : undefined}
        position={previewIndex >= 0 ? { index: previewIndex, count: query.items.length } : null}
        mediaUrl={(path) => studio().mediaUrl(path)}
        onMove={movePreview}
        onClose={() => gallery().setPreview(null)}
      />
      <GalleryDialogs
        dialog={dialog}
        boards={boards}
        onClose={() => setDialog(null)}
        onSmartSaved={(boardId) => change({ boardId, ...(filter.order ? { order: filter.order } : {}) })}
        onBoardDeleted={() => change({ ...filter, boardId: undefined })}
        smartSearch={smartSearch}
      />
    </div>
  );
}

/** Where Compare goes for a selection: 2-4 results side by side, or a whole batch when more of one batch are chosen. */
function compareAddress(items: readonly AssetView[], filter: LibraryFilter): string | null {
  if (items.length >= COMPARE_LIMITS.min && items.length <= COMPARE_LIMITS.max)
    return paths.compareResults(
      items.map((item) => item.id),
      filter,
    );
  const batch = items[0]?.batchId ?? null;
  return batch !== null && items.length > COMPARE_LIMITS.max && items.every((item) => item.batchId === batch) ? paths.compare(batch, filter) : null;
}
