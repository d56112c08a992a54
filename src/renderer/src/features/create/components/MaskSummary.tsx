import { Brush, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import type { MaskFit } from '../mask/mask-fit';

export interface MaskSummaryProps {
  /** The mask field's key, for focusing it from a problem list. */
  fieldKey: string;
  state: 'ready' | 'unsaved' | 'fromRecipe' | 'none';
  fit: MaskFit;
  error: string | undefined;
  /** Set when the first image can be painted on (its size is known). */
  onPaint: (() => void) | undefined;
  /** Set when there is a mask to remove. */
  onRemove: (() => void) | undefined;
  /** Keeps the mask for a replacement first image of the same size. */
  onKeep: () => void;
  painted: boolean;
}

/** The line under the references that says what the mask is, and at once when it no longer fits the first image. */
export function MaskSummary({ fieldKey, state, fit, error, onPaint, onRemove, onKeep, painted }: MaskSummaryProps) {
  const { t } = useTranslation();
  return (
    <div className="mask-summary" data-field={fieldKey}>
      <Brush size={16} aria-hidden="true" />
      <p role="status">{t(`create.mask.${state}`)}</p>
      {fit.state !== 'fits' && (
        <p className="field-error" role="alert">
          {fit.state === 'no-image'
            ? t('maskTools.fit.noImage', { width: fit.painted.width, height: fit.painted.height })
            : fit.state === 'other-size'
              ? t('maskTools.fit.otherSize', { pw: fit.painted.width, ph: fit.painted.height, name: fit.image.name, w: fit.image.width, h: fit.image.height })
              : t('maskTools.fit.otherImage', { name: fit.image.name })}
        </p>
      )}
      {fit.state === 'fits' && error && <p className="field-error">{error}</p>}
      {fit.state === 'other-image' && (
        <Button size="sm" onClick={onKeep}>
          {t('maskTools.fit.keep')}
        </Button>
      )}
      {onPaint && (
        <Button size="sm" icon={Brush} onClick={onPaint}>
          {painted ? t('create.mask.edit') : t('create.mask.paint')}
        </Button>
      )}
      {onRemove && (
        <Button size="sm" variant="quiet" icon={Trash2} onClick={onRemove}>
          {t('create.mask.remove')}
        </Button>
      )}
    </div>
  );
}
