/**
 * The names artists know results by ("Image 2", "Clip 3 · 1080p"), for the places that show a
 * finished result's model and variant, which are stored as the gateway's ids.
 */
import { displayModelOf } from './display-models';
import { findVariants, variantById } from './registry';
import { translatorOf, type Reader } from '../i18n/locales';
import { say } from '../i18n/translate';

/**
 * The model as the picker names it: by the variant that made the result (when it serves that model id), else by any
 * variant serving the model id, else the id itself.
 */
export function modelNameOf(modelId: string, reader: Reader, variantId?: string | null): string {
  const translate = translatorOf(reader);
  const serving = variantId ? variantById(variantId)?.modelIds.includes(modelId) : false;
  const byVariant = serving && variantId ? displayModelOf(variantId)?.model.name : undefined;
  if (byVariant !== undefined) return translate(byVariant);
  for (const entry of findVariants(modelId)) {
    const display = displayModelOf(entry.id)?.model.name;
    if (display !== undefined) return translate(display);
  }
  return modelId;
}

/** What a variant is called in the catalog ("Image 2 (official, queued)"), else its id. */
export function variantNameOf(variantId: string, reader: Reader): string {
  const label = variantById(variantId)?.label;
  return label === undefined ? variantId : say(label, translatorOf(reader));
}
