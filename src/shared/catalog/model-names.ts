/**
 * The names artists know results by ("Image 2", "Clip 3 · 1080p"), for the places that show a
 * finished result's model and variant, which are stored as the gateway's ids.
 */
import { displayModelOf } from './display-models';
import { findVariants, variantById } from './registry';
import type { Locale } from './types';

/**
 * The model as the picker names it: by the variant that made the result (when it serves that model id), else by any
 * variant serving the model id, else the id itself.
 */
export function modelNameOf(modelId: string, locale: Locale, variantId?: string | null): string {
  const serving = variantId ? variantById(variantId)?.modelIds.includes(modelId) : false;
  const byVariant = serving && variantId ? displayModelOf(variantId)?.model.name[locale] : undefined;
  if (byVariant !== undefined) return byVariant;
  for (const entry of findVariants(modelId)) {
    const display = displayModelOf(entry.id)?.model.name[locale];
    if (display !== undefined) return display;
  }
  return modelId;
}

/** What a variant is called in the catalog ("Image 2 (official, queued)"), else its id. */
export function variantNameOf(variantId: string, locale: Locale): string {
  return variantById(variantId)?.label[locale] ?? variantId;
}
