import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { Page } from './Page';

export interface ComingSoonProps {
  title: string;
  /** What the page will hold, in one sentence. */
  description: string;
  icon: LucideIcon;
}

/** A page that is not built yet: its title, what it will hold, and that it is coming. */
export function ComingSoon({ title, description, icon }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <EmptyState icon={icon} title={t('comingSoon.title')} body={description} />
    </Page>
  );
}
