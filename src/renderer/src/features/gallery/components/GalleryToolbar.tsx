import { ArrowDownWideNarrow, ArrowUpNarrowWide, PanelLeftClose, PanelLeftOpen, Search, SquareDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton, Slider } from '../../../ui';
import { TILE_SIZES } from '../gallery-store';
import './GalleryToolbar.css';

export interface GalleryToolbarProps {
  search: string;
  /** The box changed; `composing`: an input method is still building the word (pinyin, say). */
  onSearch: (text: string, composing: boolean) => void;
  /** Search at once: a word committed by an input method, or Enter. */
  onSearchNow: (text: string) => void;
  order: 'newest' | 'oldest';
  onOrder: (order: 'newest' | 'oldest') => void;
  tileSize: number;
  onTileSize: (size: number) => void;
  square: boolean;
  onSquare: (square: boolean) => void;
  panelOpen: boolean;
  /** How many filters are set (shown on the folded panel's button). */
  activeFilters: number;
  onPanel: (open: boolean) => void;
  panelId: string;
}

/**
 * The gallery's one-line head: its title, the filter panel's fold, the prompt search, the sort,
 * the tile size and square tiles. Kept to one line so the grid gets the window's height.
 */
export function GalleryToolbar(props: GalleryToolbarProps) {
  const { t } = useTranslation();
  const panelLabel = props.activeFilters > 0 ? t('gallery.filtersSet', { count: props.activeFilters }) : t('gallery.filters');
  return (
    <header className="gallery-toolbar">
      <h1 className="gallery-title" tabIndex={-1}>
        {t('pages.gallery.title')}
      </h1>
      <button
        type="button"
        className={props.activeFilters > 0 && !props.panelOpen ? 'gallery-fold has-filters' : 'gallery-fold'}
        aria-expanded={props.panelOpen}
        aria-controls={props.panelId}
        aria-label={panelLabel}
        title={props.panelOpen ? t('gallery.hideFilters') : t('gallery.showFilters')}
        onClick={() => props.onPanel(!props.panelOpen)}
      >
        {props.panelOpen ? <PanelLeftClose size={18} aria-hidden="true" /> : <PanelLeftOpen size={18} aria-hidden="true" />}
        <span aria-hidden="true">{t('gallery.filters')}</span>
        {props.activeFilters > 0 && (
          <span className="gallery-fold-count" aria-hidden="true">
            {props.activeFilters}
          </span>
        )}
      </button>
      <label className="gallery-search">
        <Search size={16} aria-hidden="true" />
        <span className="visually-hidden">{t('gallery.searchLabel')}</span>
        <input
          type="search"
          className="gallery-search-input"
          value={props.search}
          placeholder={t('gallery.searchPlaceholder')}
          onChange={(event) => props.onSearch(event.target.value, (event.nativeEvent as InputEvent).isComposing)}
          onCompositionEnd={(event) => props.onSearchNow(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) props.onSearchNow(event.currentTarget.value);
          }}
          maxLength={500}
        />
      </label>
      <div className="gallery-view-tools">
        <Button
          size="sm"
          variant="quiet"
          icon={props.order === 'newest' ? ArrowDownWideNarrow : ArrowUpNarrowWide}
          aria-label={t('gallery.sortBy', { order: props.order === 'newest' ? t('gallery.newest') : t('gallery.oldest') })}
          title={t('gallery.sortHelp')}
          onClick={() => props.onOrder(props.order === 'newest' ? 'oldest' : 'newest')}
        >
          {props.order === 'newest' ? t('gallery.newest') : t('gallery.oldest')}
        </Button>
        <Slider
          look={{ inline: true, quiet: true }}
          className="gallery-tile-size"
          label={t('gallery.tileSize')}
          value={props.tileSize}
          min={TILE_SIZES.min}
          max={TILE_SIZES.max}
          step={20}
          onChange={props.onTileSize}
          format={(v) => `${v} px`}
          valueWidth="6ch"
        />
        <IconButton label={t('gallery.squareTiles')} icon={SquareDashed} pressed={props.square} onClick={() => props.onSquare(!props.square)} />
      </div>
    </header>
  );
}
