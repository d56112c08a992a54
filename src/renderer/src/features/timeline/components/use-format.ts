import { useTranslation } from 'react-i18next';
import { durationParts } from '../timeline-model';

/** Durations and credit amounts in the UI language ("3 min 05 s", "1,234.5"), by its locale files and number formats. */
export function useFormat(): { duration: (ms: number) => string; credits: (value: number) => string; time: (at: number) => string } {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const clock = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return {
    duration: (ms) => {
      if (ms < 1000) return t('time.underSecond');
      const { hours, minutes, seconds } = durationParts(ms);
      if (hours > 0) return t('time.hoursMinutes', { hours, minutes });
      if (minutes > 0) return t('time.minutesSeconds', { minutes, seconds: String(seconds).padStart(2, '0') });
      return t('time.seconds', { seconds });
    },
    credits: (value) => number.format(value),
    time: (at) => clock.format(at),
  };
}
