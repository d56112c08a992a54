/**
 * The renderer's own words for catalog fields whose labels and help speak the gateway's language
 * (task ids). The catalog stays as the interface describes it; the form shows these instead.
 */
import type { FormFieldDescription } from '../../../../../shared/catalog';

/** The i18n keys these words live under. */
type ArtistWordKey = `plainWords.${'characterReference' | 'characterReferenceHelp' | 'characterVideoHelp' | 'characterFromVideo' | 'characterFromVideoHelp'}`;

/** The keys of a field's label (null: keep the catalog's) and help. */
interface ArtistWords {
  label: ArtistWordKey | null;
  help: ArtistWordKey;
}

function artistWordsOf(field: FormFieldDescription): ArtistWords | null {
  if (field.key === 'metadata.character_url')
    return field.text?.format === 'id'
      ? { label: 'plainWords.characterReference', help: 'plainWords.characterReferenceHelp' }
      : { label: null, help: 'plainWords.characterVideoHelp' };
  if (field.key === 'metadata.character_from_task') return { label: 'plainWords.characterFromVideo', help: 'plainWords.characterFromVideoHelp' };
  return null;
}

/** The field as the form shows it: the renderer's words (keys of its locale files) where the catalog's are the gateway's. */
export function inArtistWords(field: FormFieldDescription): FormFieldDescription {
  const words = artistWordsOf(field);
  if (!words) return field;
  return { ...field, ...(words.label === null ? {} : { label: words.label }), help: words.help };
}
