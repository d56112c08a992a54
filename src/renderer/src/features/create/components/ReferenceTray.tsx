import { ChevronLeft, ChevronRight, Brush, ImagePlus, Quote, X } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { displayModelOf, variantById, type FormFieldDescription, type Locale } from '../../../../../shared/catalog';
import { carriesAsset, readAssetDrag } from '../../../entities/asset-drag';
import { ErrorMessage } from '../../../errors/ErrorMessage';
import { IconButton } from '../../../ui';
import type { ReferenceItem } from '../store/references-slice';
import { REFERENCE_FIELD_ATTRIBUTE } from '../use-paste-references';
import { sayWords } from '../../../i18n/use-words';

const REF_DRAG_TYPE = 'application/x-atelier-reference';

export interface ReferenceTrayProps {
  field: FormFieldDescription;
  items: readonly ReferenceItem[];
  locale: Locale;
  error?: string | undefined;
  onFiles: (files: File[]) => void;
  onAsset: (assetId: string, name: string) => void;
  onRemove: (id: string) => void;
  onMove: (id: string, toIndex: number) => void;
  /** Omni lists: inserts this item's placeholder at the prompt's caret. */
  placeholderToken?: string | undefined;
  onInsertPlaceholder?: ((index: number) => void) | undefined;
  /** The first image takes a mask: its tile offers the painter. */
  onPaintMask?: ((item: ReferenceItem) => void) | undefined;
}

function describe(item: ReferenceItem): string {
  const size = item.width !== null && item.height !== null ? `${item.width}×${item.height}` : '';
  const type = item.mime.replace(/^\w+\//, '').toUpperCase();
  return [size, type].filter(Boolean).join(' · ');
}

const typeName = (mime: string): string => mime.replace(/^\w+\//, '').toUpperCase();
const fileSize = (bytes: number, mime: string): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB ${typeName(mime)}`;

/** What fitting did to a picture over the model's limits, e.g. "Fitted for Image 2: 3.0 MB PNG → 1.4 MB JPEG, same size". */
function fittedNote(item: ReferenceItem, locale: Locale, t: TFunction): string | undefined {
  if (item.fitted === null) return undefined;
  const { from, variantId } = item.fitted;
  const model = sayWords(displayModelOf(variantId)?.model.name) ?? sayWords(variantById(variantId)?.label) ?? variantId;
  const sizes = { model, from: fileSize(from.size, from.mimeType), to: fileSize(item.bytes, item.mime) };
  const sameSize = from.width === item.width && from.height === item.height;
  if (sameSize || from.width === null || from.height === null || item.width === null || item.height === null) return t('create.refs.fittedSameSize', sizes);
  return t('create.refs.fittedScaled', { ...sizes, fromPixels: `${from.width}×${from.height}`, toPixels: `${item.width}×${item.height}` });
}

/**
 * Reference images of one field: drop files or library items here, paste, or pick files; each
 * tile shows the image, its pixel size and its upload state (and what was done to fit it to
 * the model, when it was over its limits), and can move or go. Limits of the
 * model (count, type, size) are said under the tray.
 */
export function ReferenceTray(props: ReferenceTrayProps) {
  const { field, items, locale, error, onFiles, onAsset, onRemove, onMove, placeholderToken, onInsertPlaceholder, onPaintMask } = props;
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const label = sayWords(field.label);
  const limits = field.files;
  const max = field.control === 'image' ? 1 : limits?.maxCount;
  const types = (limits?.mimeTypes ?? []).map((mime) => mime.replace(/^\w+\//, '').toUpperCase()).join(', ');
  const live = items.filter((item) => item.state !== 'failed');

  const accepts = (event: DragEvent): boolean => event.dataTransfer.types.includes('Files') || carriesAsset(event.dataTransfer);
  const drop = (event: DragEvent<HTMLElement>, atIndex?: number): void => {
    event.preventDefault();
    setOver(false);
    const moving = event.dataTransfer.getData(REF_DRAG_TYPE);
    if (moving !== '') {
      onMove(moving, atIndex ?? items.length);
      return;
    }
    const asset = readAssetDrag(event.dataTransfer);
    if (asset) {
      if (asset.kind === 'image') onAsset(asset.id, asset.name);
      return;
    }
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <section
      className={`tray${over ? ' tray-over' : ''}${items.length === 0 ? ' tray-empty' : ''}`}
      aria-labelledby={`${id}-label`}
      {...{ [REFERENCE_FIELD_ATTRIBUTE]: field.key }}
      aria-describedby={`${id}-limits${error ? ` ${id}-error` : ''}`}
      onDragOver={(event) => {
        const reordering = event.dataTransfer.types.includes(REF_DRAG_TYPE);
        if (!accepts(event) && !reordering) return;
        event.preventDefault();
        // A library item allows only a copy: a drop effect it does not allow would cancel the drop.
        event.dataTransfer.dropEffect = reordering ? 'move' : 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => drop(event)}
    >
      <div className="tray-head">
        <h3 id={`${id}-label`} className="tray-title">
          {label}
          {field.required && <span className="tray-required">{t('create.refs.required')}</span>}
        </h3>
        <p id={`${id}-limits`} className="tray-limits">
          {max === undefined ? t('create.refs.limitsAny', { types }) : t('create.refs.limits', { count: live.length, max, types })}
        </p>
      </div>
      <ul className="tray-list" aria-label={label}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={`tray-item tray-item-${item.state}`}
            draggable={item.state !== 'uploading'}
            onDragStart={(event) => event.dataTransfer.setData(REF_DRAG_TYPE, item.id)}
            onDrop={(event) => {
              event.stopPropagation();
              drop(event, index);
            }}
          >
            <div className="tray-thumb">
              {item.previewUrl ? <img src={item.previewUrl} alt={item.name} /> : <ImagePlus aria-hidden="true" size={22} />}
              {item.state === 'uploading' && <span className="tray-spinner spinner" aria-hidden="true" />}
              {placeholderToken && item.state !== 'failed' && <span className="tray-index">{`${placeholderToken}_${index + 1}`}</span>}
            </div>
            <div className="tray-meta">
              <p className="tray-name" title={item.name}>
                {item.name}
              </p>
              <p className="tray-state" role="status">
                {item.state === 'uploading'
                  ? t('create.refs.uploading')
                  : item.state === 'ready'
                    ? describe(item) || t('create.refs.ready')
                    : t('create.refs.refused')}
              </p>
              {item.state === 'ready' && item.fitted !== null && (
                <p className="tray-fitted" title={t('create.refs.fittedOriginal')}>
                  {fittedNote(item, locale, t)}
                </p>
              )}
              {item.error && (
                <div className="tray-error">
                  <ErrorMessage error={item.error} />
                </div>
              )}
            </div>
            <div className="tray-actions">
              {onPaintMask && index === 0 && item.state === 'ready' && (
                <IconButton label={t('create.mask.paint')} icon={Brush} size="sm" onClick={() => onPaintMask(item)} disabled={item.width === null} />
              )}
              {placeholderToken && onInsertPlaceholder && item.state !== 'failed' && (
                <IconButton
                  label={t('create.refs.insert', { token: `<<<${placeholderToken}_${index + 1}>>>` })}
                  icon={Quote}
                  size="sm"
                  onClick={() => onInsertPlaceholder(index)}
                />
              )}
              {items.length > 1 && item.state !== 'failed' && (
                <>
                  <IconButton
                    label={t('create.refs.earlier', { name: item.name })}
                    icon={ChevronLeft}
                    size="sm"
                    disabled={index === 0}
                    onClick={() => onMove(item.id, index - 1)}
                  />
                  <IconButton
                    label={t('create.refs.later', { name: item.name })}
                    icon={ChevronRight}
                    size="sm"
                    disabled={index === items.length - 1}
                    onClick={() => onMove(item.id, index + 1)}
                  />
                </>
              )}
              <IconButton label={t('create.refs.remove', { name: item.name })} icon={X} size="sm" onClick={() => onRemove(item.id)} />
            </div>
          </li>
        ))}
        <li className="tray-add">
          <label className="tray-add-button">
            <ImagePlus aria-hidden="true" size={20} />
            <span>{t('create.refs.add')}</span>
            <input
              type="file"
              className="visually-hidden"
              aria-label={t('create.refs.addTo', { field: label })}
              accept={(limits?.mimeTypes ?? ['image/*']).join(',')}
              multiple={max !== 1}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (files.length > 0) onFiles(files);
              }}
            />
          </label>
          <span className="tray-hint">{t('create.refs.dropHint')}</span>
        </li>
      </ul>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </section>
  );
}
