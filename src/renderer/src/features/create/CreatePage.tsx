import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui';

/** Create: prompt, model, options and references, then generate. Its address carries `?reuse=` and `?reference=` (`useCreateParams`). */
export function CreatePage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.create.title')} description={t('pages.create.description')} icon={Sparkles} />;
}
