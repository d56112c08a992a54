/**
 * An edit's output size follows its source: the size field is set to the option of the chosen
 * tier whose shape is nearest the first image's, not left at a ratio chosen earlier for
 * something else.
 */
import type { FormFieldDescription, SizeChoice } from '../../../../../shared/catalog';

function ratioOf(option: { ratio: string; width?: number | undefined; height?: number | undefined }): number | undefined {
  if (option.width !== undefined && option.height !== undefined && option.height > 0) return option.width / option.height;
  const [w, h] = option.ratio.split(':').map(Number);
  return w !== undefined && h !== undefined && w > 0 && h > 0 ? w / h : undefined;
}

/** The tier of the current value when it is one of the field's, else the field's default tier, else its first. */
function tierOf(field: FormFieldDescription, current: unknown): string | undefined {
  const tiers = field.sizes?.tiers ?? [];
  const named = (value: unknown): string | undefined =>
    typeof value === 'object' && value !== null && 'tier' in value && typeof value.tier === 'string' && tiers.some((tier) => tier.tier === value.tier)
      ? value.tier
      : undefined;
  return named(current) ?? named(field.default) ?? tiers[0]?.tier;
}

/** The size value whose shape is nearest a source of `width`×`height`, in the tier now chosen; undefined when the field has no sizes. */
export function sizeFollowingSource(field: FormFieldDescription, current: unknown, width: number, height: number): Exclude<SizeChoice, 'auto'> | undefined {
  if (!field.sizes || width <= 0 || height <= 0) return undefined;
  const tierName = tierOf(field, current);
  const options = field.sizes.tiers.find((tier) => tier.tier === tierName)?.options ?? [];
  const source = Math.log(width / height);
  let best: { value: Exclude<SizeChoice, 'auto'>; distance: number } | undefined;
  for (const option of options) {
    const ratio = ratioOf(option);
    if (ratio === undefined) continue;
    const distance = Math.abs(Math.log(ratio) - source);
    if (best === undefined || distance < best.distance) best = { value: option.value, distance };
  }
  return best?.value;
}
