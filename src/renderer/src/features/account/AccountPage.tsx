import { CircleUserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui';

/** Account: balance, limits and keys; the balance is kept in `useAccountStore`, fresh from `account.balance`. */
export function AccountPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.account.title')} description={t('pages.account.description')} icon={CircleUserRound} />;
}
