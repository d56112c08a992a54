import { ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssetReference } from '../../../../../shared/contract';
import { useLocale } from '../../../errors/use-error-wording';
import { paths } from '../../../routing/paths';
import { referenceName } from '../model/reference-names';

export interface ReferenceStripProps {
  references: readonly AssetReference[];
  /** The variant that made the result, whose form names the references. */
  variantId: string | null;
  mediaUrl: (path: string) => string;
}

/** The last part of an address's path, to name a reference that is not in the library. */
function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? url);
  } catch {
    return url;
  }
}

/**
 * The images the request was given, in its order: one from the library shows as its picture and
 * opens it; another (a file uploaded from elsewhere, a web address) shows its field and name.
 */
export function ReferenceStrip({ references, variantId, mediaUrl }: ReferenceStripProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (references.length === 0) return null;
  return (
    <section aria-label={t('gallery.detail.references')}>
      <h2 className="recipe-heading">{t('gallery.detail.references')}</h2>
      <ul className="reference-strip">
        {references.map((reference) => {
          const field = referenceName(reference.field, variantId, locale, t('plainWords.reference'));
          const label = t('gallery.detail.referenceLabel', { field, name: fileName(reference.url) });
          return (
            <li key={`${reference.field} ${reference.url}`}>
              {reference.assetId !== null && reference.previewPath !== null ? (
                <Link className="reference-item" to={paths.asset(reference.assetId)} aria-label={label} title={label}>
                  <img src={mediaUrl(reference.previewPath)} alt="" loading="lazy" />
                  <span className="reference-field">{field}</span>
                </Link>
              ) : (
                <a
                  className="reference-item reference-external"
                  href={reference.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  title={label}
                >
                  <ImageIcon size={20} aria-hidden="true" />
                  <span className="reference-name">{fileName(reference.url)}</span>
                  <span className="reference-field">{field}</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
