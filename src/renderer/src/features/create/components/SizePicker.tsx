import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFieldDescription, Locale } from '../../../../../shared/catalog';
import { sayWords } from '../../../i18n/use-words';

type SizeValue = { tier: string; ratio: string } | 'auto';

export interface SizePickerProps {
  field: FormFieldDescription;
  value: unknown;
  locale: Locale;
  onChange: (value: SizeValue) => void;
  error?: string | undefined;
}

function isChoice(value: unknown): value is { tier: string; ratio: string } {
  return typeof value === 'object' && value !== null && typeof (value as { tier?: unknown }).tier === 'string';
}

/** A ratio drawn as a small frame of its shape, so the choice reads at a glance. */
function RatioShape({ ratio }: { ratio: string }) {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const scale = 16 / Math.max(w, h);
  return <span className="ratio-shape" aria-hidden="true" style={{ width: `${Math.max(4, w * scale)}px`, height: `${Math.max(4, h * scale)}px` }} />;
}

/**
 * Size: the tier (1K, 2K, 4K, 720p…) and the ratios it offers, each with its shape and pixel
 * size, as radio groups; `auto` where the model allows it.
 */
export function SizePicker({ field, value, onChange, error }: SizePickerProps) {
  const { t } = useTranslation();
  const name = useId();
  const sizes = field.sizes;
  if (!sizes) return null;
  // Where the tier is sent apart, auto is chosen at a tier: `{tier, ratio: 'auto'}`.
  const autoAtTier = isChoice(value) && value.ratio === 'auto';
  const isAuto = value === 'auto' || autoAtTier;
  const current = isChoice(value) && !autoAtTier ? value : isAuto ? 'auto' : undefined;
  const tierName = isChoice(value) ? value.tier : sizes.tiers[0]?.tier;
  const tier = sizes.tiers.find((candidate) => candidate.tier === tierName) ?? sizes.tiers[0];
  const pickTier = (next: string): void => {
    const target = sizes.tiers.find((candidate) => candidate.tier === next);
    if (target && isAuto && sizes.autoKeepsTier) {
      onChange({ tier: target.tier, ratio: 'auto' });
      return;
    }
    const ratio = current !== 'auto' && current !== undefined ? current.ratio : undefined;
    const keep = target?.options.find((option) => option.ratio === ratio) ?? target?.options[0];
    if (target && keep) onChange({ tier: target.tier, ratio: keep.ratio });
  };
  const pickAuto = (): void => onChange(sizes.autoKeepsTier && tier ? { tier: tier.tier, ratio: 'auto' } : 'auto');
  const tierChecked = (name: string): boolean => (current !== 'auto' || (autoAtTier && sizes.autoKeepsTier)) && name === tier?.tier;
  return (
    <fieldset className="size-picker" aria-invalid={error ? true : undefined}>
      <legend className="field-legend">{sayWords(field.label)}</legend>
      {sizes.tiers.length > 1 && (
        <div className="segmented-track size-tiers" role="radiogroup" aria-label={sayWords(sizes.tierLabel) ?? t('create.size.tier')}>
          {sizes.tiers.map((candidate) => (
            <label key={candidate.tier} className="segmented-option">
              <input type="radio" name={`${name}-tier`} checked={tierChecked(candidate.tier)} onChange={() => pickTier(candidate.tier)} />
              <span>{candidate.tier}</span>
            </label>
          ))}
        </div>
      )}
      <div className="size-grid" role="radiogroup" aria-label={t('create.size.ratio')}>
        {tier?.options.map((option) => {
          const checked = current !== 'auto' && current?.tier === tier.tier && current.ratio === option.ratio;
          const pixels = option.width === undefined || option.height === undefined ? null : `${option.width}×${option.height}`;
          return (
            <label key={option.ratio} className={`size-option${checked ? ' size-option-checked' : ''}`}>
              <input
                type="radio"
                name={`${name}-ratio`}
                checked={checked}
                onChange={() => onChange({ tier: tier.tier, ratio: option.ratio })}
                aria-label={pixels ? `${option.ratio} · ${pixels}` : option.ratio}
              />
              <RatioShape ratio={option.ratio} />
              <span className="size-ratio">{option.ratio}</span>
              {pixels && <span className="size-pixels">{pixels}</span>}
            </label>
          );
        })}
        {sizes.allowAuto && (
          <label className={`size-option${current === 'auto' ? ' size-option-checked' : ''}`}>
            <input type="radio" name={`${name}-ratio`} checked={current === 'auto'} onChange={pickAuto} />
            <span className="ratio-shape ratio-auto" aria-hidden="true" />
            <span className="size-ratio">{t('create.size.auto')}</span>
          </label>
        )}
      </div>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
