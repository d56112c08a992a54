import { useTranslation } from 'react-i18next';
import type { DaySpendView } from '../../../../../shared/contract';
import { Skeleton } from '../../../ui';
import { spendChart } from '../account-model';
import { useMoney } from './use-money';

const HEIGHT = 80;

/** Credits spent per day from the studio’s own records: a small bar chart, the measured part solid. */
export function SpendChart({ days }: { days: DaySpendView[] | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (days === null) return <Skeleton lines={3} width="100%" />;
  const chart = spendChart(days, HEIGHT);
  const width = days.length * 10;
  const summary =
    chart.busiest === null
      ? t('account.spend.none', { days: days.length })
      : t('account.spend.summary', {
          days: days.length,
          total: money.credits(chart.total),
          day: money.day(chart.busiest.start),
          most: money.credits(chart.busiest.credits),
        });
  return (
    <figure className="spend-chart">
      <div className="spend-plot">
        <div className="spend-scale" aria-hidden="true">
          {[...chart.ticks].reverse().map((tick) => (
            <span key={tick}>{money.credits(tick)}</span>
          ))}
        </div>
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
          <line className="spend-axis" x1={0} x2={width} y1={HEIGHT / 2} y2={HEIGHT / 2} />
          {chart.bars.map((bar) => (
            <g key={bar.start}>
              <title>{t('account.spend.bar', { day: money.day(bar.start), credits: money.credits(bar.credits), count: bar.jobs })}</title>
              <rect className="spend-bar" x={bar.x} width={bar.width} y={HEIGHT - bar.barHeight} height={bar.barHeight} />
              {bar.measuredHeight > 0 && (
                <rect className="spend-bar-measured" x={bar.x} width={bar.width} y={HEIGHT - bar.measuredHeight} height={bar.measuredHeight} />
              )}
            </g>
          ))}
        </svg>
      </div>
      <div className="spend-days" aria-hidden="true">
        <span>{days[0] === undefined ? '' : money.day(days[0].start)}</span>
        <span>{t('account.spend.today')}</span>
      </div>
      <figcaption className="spend-caption">
        {summary} <span className="spend-legend">{t('account.spend.legend')}</span>
      </figcaption>
    </figure>
  );
}
