import { Columns2, Download, FolderPlus, GripVertical, Star, Tag, Trash2, X } from 'lucide-react';
import { useId, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../../ui';
import './SelectionBar.css';

export interface SelectionBarProps {
  count: number;
  allFavourite: boolean;
  /** Offered for 2 to 4 results (any batches), or for more of one batch. */
  canCompare: boolean;
  /** More than compare takes, from several batches: it is shown unavailable, saying why. */
  compareTooMany: boolean;
  onFavourite: () => void;
  onTag: () => void;
  onBoard: () => void;
  onExport: () => void;
  onDelete: () => void;
  onCompare: () => void;
  onClear: () => void;
  /** The handle: drag the whole selection onto a board. */
  onDragStart: (event: DragEvent) => void;
  exporting: boolean;
}

/** A button whose words fold away in a narrow window (its icon, name and tooltip stay). */
const folding = (label: string) => ({ 'aria-label': label, title: label, children: <span className="selection-label">{label}</span> });

/** The bar that appears while items are selected: what can be done to all of them at once. */
export function SelectionBar(props: SelectionBarProps) {
  const { t } = useTranslation();
  const compareWhy = useId();
  return (
    <div className="selection-bar toast-clear" role="toolbar" aria-label={t('gallery.selected', { count: props.count })}>
      <span className="selection-handle" draggable onDragStart={props.onDragStart} title={t('gallery.dragSelection')}>
        <GripVertical size={16} aria-hidden="true" />
        <span className="selection-count" aria-live="polite">
          {t('gallery.selected', { count: props.count })}
        </span>
      </span>
      <Button size="sm" icon={Star} onClick={props.onFavourite} {...folding(props.allFavourite ? t('gallery.unfavourite') : t('gallery.favourite'))} />
      <Button size="sm" icon={Tag} onClick={props.onTag} {...folding(t('gallery.tag'))} />
      <Button size="sm" icon={FolderPlus} onClick={props.onBoard}>
        {t('gallery.addToBoard')}
      </Button>
      <Button size="sm" icon={Download} onClick={props.onExport} busy={props.exporting} {...folding(t('gallery.export'))} />
      {props.canCompare && (
        <Button size="sm" icon={Columns2} onClick={props.onCompare}>
          {t('gallery.compare')}
        </Button>
      )}
      {!props.canCompare && props.compareTooMany && (
        <>
          <Button size="sm" icon={Columns2} disabled aria-describedby={compareWhy}>
            {t('gallery.compare')}
          </Button>
          <span id={compareWhy} className="selection-note">
            {t('gallery.compareTooMany')}
          </span>
        </>
      )}
      <Button size="sm" variant="danger" icon={Trash2} onClick={props.onDelete}>
        {t('gallery.delete')}
      </Button>
      <IconButton size="sm" label={t('gallery.clearSelection')} icon={X} onClick={props.onClear} />
    </div>
  );
}
