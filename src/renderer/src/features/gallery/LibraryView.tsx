import { Columns2, ImageOff, Search, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import type { AssetView, LibraryFilter } from '../../../../shared/contract';
import { useGalleryFilter } from '../../routing/route-hooks';
import { paths } from '../../routing/paths';
import { assetPages } from '../../entities/asset-pages';
import { usePagedQuery } from '../../entities/use-paged-query';
import { studio } from '../../studio/studio-client';
import { Button, EmptyState, Page, Select, Skeleton, Slider, localShortcutModifier } from '../../ui';
import { AssetGrid } from './components/AssetGrid';
import { FilterPanel } from './components/FilterPanel';
import { QuickLook } from './components/QuickLook';
import { SelectionBar } from './components/SelectionBar';
import { BoardDialog, TagDialog } from './components/SelectionDialogs';
import { gallerySelectors, TILE_SIZES, useGalleryStore } from './gallery-store';
import { datePresets, presetStart } from './model/date-presets';
import { useGalleryActions } from './use-gallery-actions';
import './LibraryView.css';

/** Debounce of the search box before the address (and the query) follows it. */
const SEARCH_DELAY_MS = 250;

/** The gallery: filters with counts at the side, the virtualised grid, and the selection's bar. */
export function LibraryView() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useGalleryFilter();
  const query = usePagedQuery(assetPages, filter);
  const facets = useGalleryStore(gallerySelectors.facets(filter));
  const { selection, tileSize, preview, boards, version } = useGalleryStore(
    useShallow((s) => ({ selection: s.selection, tileSize: s.tileSize, preview: s.preview, boards: s.boards, version: s.version })),
  );
  const gallery = useGalleryStore.getState;
  const actions = useGalleryActions();
  const [dialog, setDialog] = useState<'tag' | 'board' | null>(null);
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState(filter.text ?? '');
  const [searched, setSearched] = useState(filter.text);
  const now = useMemo(() => new Date(), []);

  // The address changed the search (Back, a link): the box follows it.
  if (searched !== filter.text) {
    setSearched(filter.text);
    if ((filter.text ?? '') !== search.trim()) setSearch(filter.text ?? '');
  }
  useEffect(() => {
    const typed = search.trim() === '' ? undefined : search;
    if (typed === filter.text) return;
    const timer = setTimeout(() => setFilter({ ...filter, text: typed }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps -- follows the box only; the filter is read when it fires

  // Counts follow the filter and every change of the library (debounced while a batch lands).
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    const timer = setTimeout(() => void gallery().loadFacets(filter, datePresets.map((p) => presetStart(p, now))), version === 0 ? 0 : 400);
    return () => clearTimeout(timer);
  }, [filterKey, version]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by the filter's text
  useEffect(() => void gallery().loadBoards(), [gallery]);

  const ids = useMemo(() => query.items.map((item) => item.id), [query.items]);
  useEffect(() => gallery().select({ type: 'keep', order: ids }), [ids, gallery]);

  const chosen = useMemo(() => query.items.filter((item) => selection.ids.has(item.id)), [query.items, selection.ids]);
  const chosenIds = chosen.map((item) => item.id);
  const batchOfSelection = useMemo(() => commonBatch(chosen), [chosen]);
  const open = useCallback((id: string) => void navigate(paths.asset(id, filter)), [navigate, filter]);
  const change = (next: LibraryFilter): void => setFilter(next);
  const favouriteToggle = (targets: string[]): void => {
    const items = query.items.filter((item) => targets.includes(item.id));
    void actions.favourite(targets, !items.every((item) => item.favourite));
  };
  const words = useMemo(
    () => ({
      tile: (asset: AssetView) => t('gallery.tileLabel', { prompt: asset.prompt || t('gallery.untitled'), model: asset.model }),
      video: t('gallery.video'),
      noPoster: t('gallery.noPoster'),
      favourite: t('gallery.favourite'),
      select: t('gallery.select'),
    }),
    [t],
  );
  const total = facets?.total;
  const filtered = Object.keys(filter).some((key) => key !== 'order');

  return (
    <div className="gallery frame-fill">
      <Page
        title={t('pages.gallery.title')}
        width="wide"
        layout="fill"
        actions={
          <div className="gallery-tools">
            <label className="gallery-search">
              <Search size={16} aria-hidden="true" />
              <span className="visually-hidden">{t('gallery.searchLabel')}</span>
              <input type="search" className="gallery-search-input" value={search} placeholder={t('gallery.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} maxLength={500} />
            </label>
            <Select
              label={t('gallery.sort')}
              value={filter.order ?? 'newest'}
              options={[
                { value: 'newest', label: t('gallery.newest') },
                { value: 'oldest', label: t('gallery.oldest') },
              ]}
              onChange={(order) => change({ ...filter, order: order === 'newest' ? undefined : order })}
              look={{ inline: true, quiet: true }}
            />
            <Slider look={{ inline: true, quiet: true }} className="gallery-tile-size" label={t('gallery.tileSize')} value={tileSize} min={TILE_SIZES.min} max={TILE_SIZES.max} step={20} onChange={(size) => gallery().setTileSize(size)} format={(v) => `${v} px`} />
          </div>
        }
      >
        <div className="gallery-body">
          <FilterPanel
            filter={filter}
            facets={facets}
            now={now}
            onChange={change}
            onCreateBoard={async (name) => (await actions.createBoard(name)) !== null}
            compareLink={
              filter.batchId !== undefined && (
                <Link className="button button-sm button-secondary" to={paths.compare(filter.batchId, filter)}>
                  <Columns2 size={16} aria-hidden="true" />
                  {t('gallery.compareBatch')}
                </Link>
              )
            }
          />
          <section className="gallery-main" aria-label={t('gallery.gridLabel')} aria-busy={query.status === 'loading'}>
            <div className="gallery-status">
              <p className="gallery-count" aria-live="polite">
                {total === undefined ? '\u00a0' : t('gallery.count', { count: total, shown: total.toLocaleString(i18n.language) })}
              </p>
              {filtered && (
                <Button size="sm" variant="quiet" onClick={() => change(filter.order ? { order: filter.order } : {})}>
                  {t('gallery.clearFilters')}
                </Button>
              )}
              {query.hasNewer && (
                <Button size="sm" variant="primary" onClick={query.reload}>
                  {t('gallery.showNew')}
                </Button>
              )}
              <p className="gallery-hint">{t('gallery.keyboardHelp', { modifier: localShortcutModifier() })}</p>
            </div>
            {selection.ids.size > 0 && (
              <SelectionBar
                count={selection.ids.size}
                allFavourite={chosen.length > 0 && chosen.every((item) => item.favourite)}
                canCompare={batchOfSelection !== null}
                exporting={exporting}
                onFavourite={() => favouriteToggle(chosenIds)}
                onTag={() => setDialog('tag')}
                onBoard={() => setDialog('board')}
                onExport={() => {
                  setExporting(true);
                  void actions.export(chosenIds).finally(() => setExporting(false));
                }}
                onDelete={() => void actions.remove(chosenIds)}
                onCompare={() => batchOfSelection && void navigate(paths.compare(batchOfSelection, filter))}
                onClear={() => gallery().select({ type: 'clear' })}
              />
            )}
            {query.error && query.items.length === 0 ? null : query.status === 'loading' && query.items.length === 0 ? (
              <div className="gallery-loading" role="status">
                <span className="visually-hidden">{t('gallery.loading')}</span>
                {Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} shape="block" width={`${tileSize}px`} height={`${tileSize}px`} />
                ))}
              </div>
            ) : query.items.length === 0 ? (
              filtered ? (
                <EmptyState icon={ImageOff} title={t('gallery.noMatchTitle')} body={t('gallery.noMatchBody')} />
              ) : (
                <EmptyState icon={Sparkles} title={t('gallery.emptyTitle')} body={t('gallery.emptyBody')} action={<Link className="button button-primary" to={paths.create()}>{t('gallery.emptyAction')}</Link>} />
              )
            ) : (
              <AssetGrid
                items={query.items}
                tileSize={tileSize}
                selection={selection}
                label={t('gallery.gridLabel')}
                words={words}
                mediaUrl={(path) => studio().mediaUrl(path)}
                hasMore={query.hasMore}
                onLoadMore={query.loadMore}
                onSelect={(action) => gallery().select(action)}
                onOpen={open}
                onPreview={(id) => gallery().setPreview(id)}
                onDelete={(targets) => void actions.remove(targets)}
                onFavourite={favouriteToggle}
                onDragStart={(event, asset) => actions.dragStart(event, asset, chosenIds)}
              />
            )}
            {query.loadingMore && <p className="gallery-more" role="status">{t('gallery.loadingMore')}</p>}
          </section>
        </div>
      </Page>
      <QuickLook asset={query.items.find((item) => item.id === preview)} mediaUrl={(path) => studio().mediaUrl(path)} onClose={() => gallery().setPreview(null)} />
      <TagDialog
        open={dialog === 'tag'}
        count={chosenIds.length}
        onClose={() => setDialog(null)}
        onApply={(tags) => {
          setDialog(null);
          void actions.tag(chosenIds, tags);
        }}
      />
      <BoardDialog
        open={dialog === 'board'}
        count={chosenIds.length}
        boards={boards}
        onClose={() => setDialog(null)}
        onChoose={(boardId) => {
          setDialog(null);
          void actions.putOnBoard(boardId, chosenIds);
        }}
        onCreate={(name) => {
          setDialog(null);
          void actions.createBoard(name).then((boardId) => {
            if (boardId !== null) void actions.putOnBoard(boardId, chosenIds);
          });
        }}
      />
    </div>
  );
}

/** The batch every selected item came from, when there is one (so they can be compared). */
function commonBatch(items: readonly AssetView[]): string | null {
  const batch = items[0]?.batchId ?? null;
  return batch !== null && items.length > 1 && items.every((item) => item.batchId === batch) ? batch : null;
}
