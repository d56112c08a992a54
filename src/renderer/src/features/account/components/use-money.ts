import { useTranslation } from 'react-i18next';

/** Credits, dollars and plain amounts in the UI language ("1,234.5", "$6.17"). */
export function useMoney(): {
  credits: (value: number) => string;
  usd: (value: number) => string;
  plain: (value: number) => string;
  day: (at: number) => string;
} {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const credits = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  return { credits: (v) => credits.format(v), usd: (v) => usd.format(v), plain: (v) => plain.format(v), day: (at) => day.format(at) };
}
