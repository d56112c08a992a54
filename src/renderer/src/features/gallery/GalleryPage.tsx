import { Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui';

/** Gallery, and an asset's detail (`/gallery/asset/:assetId`); the filter is in the address (`useGalleryFilter`). */
export function GalleryPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.gallery.title')} description={t('pages.gallery.description')} icon={Images} />;
}
