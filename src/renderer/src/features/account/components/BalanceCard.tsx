import { useTranslation } from 'react-i18next';
import type { BalanceView } from '../../../../../shared/contract';
import { readBalance } from '../account-model';
import { useMoney } from './use-money';

export interface BalanceCardProps {
  /** "This key" or "Whole account". */
  title: string;
  help: string;
  /** Null when the gateway would not tell; `problem` then says why. */
  balance: BalanceView | null;
  problem: string | null;
}

/** One level of the balance: what is left in credits (and in dollars and the gateway's unit), what was used, the limits. */
export function BalanceCard({ title, help, balance, problem }: BalanceCardProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const reading = balance === null ? null : readBalance(balance);
  const limit = (value: number | null): string | null =>
    value === null ? null : value <= 0 ? t('account.noLimit') : t('account.creditsAmount', { credits: money.credits(value) });
  const daily = limit(balance?.dailyLimitCredits ?? null);
  const monthly = limit(balance?.monthlyLimitCredits ?? null);
  const used = reading !== null && reading.kind !== 'unknown' ? reading.usedCredits : null;

  return (
    <section className="balance-card" aria-label={title}>
      <h2 className="balance-title">{title}</h2>
      <p className="balance-help">{help}</p>
      {reading === null && <p className="balance-problem">{problem ?? t('account.notReported')}</p>}
      {reading?.kind === 'unknown' && <p className="balance-problem">{t('account.notReported')}</p>}
      {reading?.kind === 'unlimited' && (
        <p className="balance-amount">
          <span className="balance-figure">{t('account.unlimited')}</span>
        </p>
      )}
      {reading?.kind === 'amount' && (
        <>
          <p className="balance-amount">
            <span className="balance-figure">{money.credits(reading.credits)}</span> <span className="balance-unit">{t('account.credits')}</span>
          </p>
          <p className="balance-other">
            {t('account.inDollars', { amount: money.usd(reading.usd) })}
            {reading.unitAmount !== null && <> · {t('account.inUnit', { amount: money.plain(reading.unitAmount) })}</>}
          </p>
        </>
      )}
      <dl className="balance-facts">
        {used !== null && (
          <div>
            <dt>{t('account.used')}</dt>
            <dd>{t('account.creditsAmount', { credits: money.credits(used) })}</dd>
          </div>
        )}
        {daily !== null && (
          <div>
            <dt>{t('account.dailyLimit')}</dt>
            <dd>{daily}</dd>
          </div>
        )}
        {monthly !== null && (
          <div>
            <dt>{t('account.monthlyLimit')}</dt>
            <dd>{monthly}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
