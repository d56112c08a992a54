import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui';

/** Timeline, and one batch (`/timeline/batch/:batchId`, `useBatchId`). */
export function TimelinePage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.timeline.title')} description={t('pages.timeline.description')} icon={ListChecks} />;
}
