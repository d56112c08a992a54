import { useTranslation } from 'react-i18next';

/** The pages still to be built: their title and one sentence of what they will hold. */
export type PlaceholderName = 'create' | 'gallery' | 'timeline' | 'account';

export function PlaceholderPage({ name }: { name: PlaceholderName }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1 id="page-title" tabIndex={-1}>
        {t(`pages.${name}.title`)}
      </h1>
      <p className="page-lead">{t(`pages.${name}.description`)}</p>
    </div>
  );
}
