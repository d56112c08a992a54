import { Pause, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { QueueView } from '../../../../../shared/contract';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../../../../../shared/contract/settings';
import { Button, Select, Switch, type SelectOption } from '../../../ui';
import type { NoticePermission } from '../browser-notices';
import './QueueBar.css';

export interface QueueBarProps {
  queue: QueueView | null;
  /** The concurrency setting (null: the studio's defaults). */
  concurrency: number | null;
  onPause: () => void;
  onResume: () => void;
  onConcurrency: (value: number | null) => void;
  /** Web mode's notifications; null where the desktop app notifies by itself. */
  notices: { enabled: boolean; permission: NoticePermission } | null;
  onNotices: (on: boolean) => void;
}

/** The whole queue: what is in progress, pause or resume everything, how many jobs go at once, notifications. */
export function QueueBar({ queue, concurrency, onPause, onResume, onConcurrency, notices, onNotices }: QueueBarProps) {
  const { t } = useTranslation();
  const options: SelectOption<string>[] = [
    { value: 'auto', label: t('timeline.queue.concurrencyAuto', { total: DEFAULT_CONCURRENCY.maxActive, perModel: DEFAULT_CONCURRENCY.maxActivePerModel }) },
    ...Array.from({ length: MAX_CONCURRENCY }, (_, i) => ({ value: String(i + 1), label: t('timeline.queue.concurrencyValue', { count: i + 1 }) })),
  ];
  const noticeHelp =
    notices?.permission === 'denied'
      ? t('timeline.queue.noticesBlocked')
      : notices?.permission === 'unsupported'
        ? t('timeline.queue.noticesUnsupported')
        : t('timeline.queue.noticesHelp');

  return (
    <section className="queue-bar" aria-label={t('timeline.queue.label')}>
      <div className="queue-state">
        <p className="queue-count" role="status">
          {queue === null
            ? t('app.loading')
            : queue.paused
              ? t('timeline.queue.paused', { count: queue.activeJobs })
              : t('timeline.queue.running', { count: queue.activeJobs })}
        </p>
        {queue?.paused === true && queue.reason !== null && <p className="queue-reason">{queue.reason}</p>}
      </div>
      {queue?.paused === true ? (
        <Button variant="primary" icon={Play} onClick={onResume}>
          {t('timeline.queue.resumeAll')}
        </Button>
      ) : (
        <Button icon={Pause} onClick={onPause} disabled={queue === null}>
          {t('timeline.queue.pauseAll')}
        </Button>
      )}
      <Select
        className="queue-concurrency"
        label={t('timeline.queue.concurrency')}
        value={concurrency === null ? 'auto' : String(concurrency)}
        options={options}
        onChange={(value) => onConcurrency(value === 'auto' ? null : Number(value))}
      />
      {notices !== null && (
        <Switch
          className="queue-notices"
          label={t('timeline.queue.notices')}
          help={noticeHelp}
          checked={notices.enabled}
          disabled={notices.permission === 'unsupported'}
          onChange={onNotices}
        />
      )}
    </section>
  );
}
