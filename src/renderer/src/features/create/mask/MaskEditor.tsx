import { Brush, Eraser, FlipHorizontal2, Maximize, Redo2, Trash2, Undo2, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioError } from '../../../../../shared/contract';
import { ErrorMessage } from '../../../errors/ErrorMessage';
import { Button, IconButton, SegmentedControl, Slider, Switch } from '../../../ui';
import { MaskCanvas } from './MaskCanvas';
import {
  canRedo,
  canUndo,
  fittedView,
  MASK_BRUSH_LIMITS,
  MASK_FEATHER_LIMITS,
  zoomAround,
  type MaskBrush,
  type MaskDocument,
  type MaskEdit,
  type MaskView,
} from './mask-model';

export interface MaskEditorProps {
  open: boolean;
  doc: MaskDocument;
  imageUrl: string;
  imageName: string;
  brush: MaskBrush;
  /** The model repaints only the first image with a mask: said in the painter. */
  firstImageOnly: boolean;
  view: MaskView;
  busy: boolean;
  error: StudioError | null;
  onEdit: (edit: MaskEdit) => void;
  onUndo: () => void;
  onRedo: () => void;
  onBrush: (brush: Partial<MaskBrush>) => void;
  onView: (view: MaskView) => void;
  onClose: () => void;
  onApply: () => void;
  /** Shown under the painter's actions: saving the mask and choosing a saved one. */
  children?: ReactNode;
}

/**
 * The mask painter, a focused overlay over the page: paint where the model repaints (brush or
 * eraser, by freehand stroke, rectangle or lasso; size, hardness, feathered edges), undo and
 * redo, clear, invert, zoom and pan, with the painted area shown over the image. Keys: B brush,
 * E eraser, P freehand, R rectangle, L lasso, [ and ] size, Ctrl+Z undo, Ctrl+Shift+Z redo,
 * Space + drag pans.
 */
export function MaskEditor(props: MaskEditorProps) {
  const { open, doc, imageUrl, imageName, brush, firstImageOnly, view, busy, error, onEdit, onUndo, onRedo, onBrush, onView, onClose, onApply, children } =
    props;
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [overlay, setOverlay] = useState(true);
  const [space, setSpace] = useState(false);
  const [share, setShare] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const step = Math.max(2, Math.round(brush.size * 0.15));
  const keys = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if ((event.target as HTMLElement).tagName === 'INPUT' && event.key !== 'Escape') return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (mod && key === 'z') onRedoOrUndo(event.shiftKey);
    else if (mod && key === 'y') onRedo();
    else if (key === 'b') onBrush({ tool: 'brush' });
    else if (key === 'e') onBrush({ tool: 'eraser' });
    else if (key === 'p') onBrush({ shape: 'freehand' });
    else if (key === 'r') onBrush({ shape: 'rect' });
    else if (key === 'l') onBrush({ shape: 'lasso' });
    else if (key === '[') onBrush({ size: Math.max(MASK_BRUSH_LIMITS.minSize, brush.size - step) });
    else if (key === ']') onBrush({ size: Math.min(MASK_BRUSH_LIMITS.maxSize, brush.size + step) });
    else if (key === ' ') setSpace(true);
    else return;
    event.preventDefault();
  };
  const onRedoOrUndo = (redo: boolean): void => (redo ? onRedo() : onUndo());

  return (
    <dialog
      ref={dialog}
      className="mask-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={keys}
      onKeyUp={(event) => event.key === ' ' && setSpace(false)}
    >
      <header className="mask-head">
        <div>
          <h2 id={titleId}>{t('create.mask.title')}</h2>
          <p className="mask-lead">{t('create.mask.lead', { name: imageName, width: doc.width, height: doc.height })}</p>
          {firstImageOnly && <p className="mask-first-only">{t('maskTools.firstImageOnly')}</p>}
        </div>
        <IconButton label={t('create.mask.close')} icon={X} onClick={onClose} />
      </header>
      <div className="mask-toolbar" role="toolbar" aria-label={t('create.mask.tools')}>
        <SegmentedControl
          label={t('create.mask.tool')}
          hideLabel
          value={brush.tool}
          options={[
            { value: 'brush', label: t('create.mask.brush') },
            { value: 'eraser', label: t('create.mask.eraser') },
          ]}
          onChange={(tool) => onBrush({ tool })}
        />
        <SegmentedControl
          label={t('maskTools.shape')}
          hideLabel
          value={brush.shape}
          options={[
            { value: 'freehand', label: t('maskTools.freehand') },
            { value: 'rect', label: t('maskTools.rect') },
            { value: 'lasso', label: t('maskTools.lasso') },
          ]}
          onChange={(shape) => onBrush({ shape })}
        />
        <span className="mask-tool-group">
          <span className="mask-tool-icon" aria-hidden="true">
            {brush.tool === 'brush' ? <Brush size={16} /> : <Eraser size={16} />}
          </span>
          {brush.shape === 'freehand' ? (
            <>
              <Slider
                look={{ inline: true }}
                className="mask-slider"
                valueWidth="4.5em"
                label={t('create.mask.size')}
                value={brush.size}
                min={MASK_BRUSH_LIMITS.minSize}
                max={Math.min(MASK_BRUSH_LIMITS.maxSize, Math.max(doc.width, doc.height))}
                onChange={(size) => onBrush({ size })}
                format={(v) => `${v} px`}
              />
              <Slider
                look={{ inline: true }}
                className="mask-slider"
                valueWidth="4.5em"
                label={t('create.mask.hardness')}
                value={Math.round(brush.hardness * 100)}
                min={0}
                max={100}
                onChange={(v) => onBrush({ hardness: v / 100 })}
                format={(v) => `${v}%`}
              />
            </>
          ) : (
            <Slider
              look={{ inline: true }}
              className="mask-slider"
              valueWidth="4.5em"
              label={t('maskTools.feather')}
              value={brush.feather}
              min={MASK_FEATHER_LIMITS.min}
              max={Math.min(MASK_FEATHER_LIMITS.max, Math.round(Math.max(doc.width, doc.height) / 4))}
              onChange={(feather) => onBrush({ feather })}
              format={(v) => `${v} px`}
            />
          )}
        </span>
        {/* Each group wraps as a whole in a narrow window. */}
        <span className="mask-tool-group">
          <IconButton label={t('create.mask.undo')} icon={Undo2} disabled={!canUndo(doc)} onClick={onUndo} />
          <IconButton label={t('create.mask.redo')} icon={Redo2} disabled={!canRedo(doc)} onClick={onRedo} />
          <IconButton label={t('create.mask.clear')} icon={Trash2} onClick={() => onEdit({ kind: 'clear' })} />
          <IconButton label={t('create.mask.invert')} icon={FlipHorizontal2} onClick={() => onEdit({ kind: 'invert' })} />
        </span>
        <span className="mask-tool-group">
          <IconButton label={t('create.mask.zoomOut')} icon={ZoomOut} onClick={() => onView(zoomAround(view, 1 / 1.25, { x: 0, y: 0 }))} />
          <span className="mask-zoom" aria-live="polite">{`${Math.round(view.zoom * 100)}%`}</span>
          <IconButton label={t('create.mask.zoomIn')} icon={ZoomIn} onClick={() => onView(zoomAround(view, 1.25, { x: 0, y: 0 }))} />
          <IconButton label={t('create.mask.fit')} icon={Maximize} onClick={() => onView(fittedView)} />
        </span>
        <Switch label={t('create.mask.overlay')} checked={overlay} onChange={setOverlay} />
      </div>
      <MaskCanvas
        doc={doc}
        imageUrl={imageUrl}
        imageAlt={imageName}
        brush={brush}
        view={view}
        showOverlay={overlay}
        panning={space}
        onStroke={onEdit}
        onView={onView}
        onShare={setShare}
      />
      <footer className="mask-foot">
        <p className="mask-status" role="status">
          {t('create.mask.share', { percent: Math.round(share * 100) })} · {brush.shape === 'freehand' ? t('create.mask.hint') : t('maskTools.shapeHint')}
        </p>
        {error && <ErrorMessage error={error} />}
        <div className="mask-actions">
          <Button onClick={onClose}>{t('create.mask.later')}</Button>
          <Button variant="primary" busy={busy} disabled={share === 0} onClick={onApply}>
            {t('create.mask.apply')}
          </Button>
        </div>
      </footer>
      {children}
    </dialog>
  );
}
