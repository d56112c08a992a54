import { ArrowLeft, ListChecks, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JobView } from '../../../../shared/contract';
import { isActive } from '../../../../shared/jobs/job-states';
import { useBatchId } from '../../routing/route-hooks';
import { paths } from '../../routing/paths';
import { useBalanceStore } from '../../entities/balance-store';
import { useJobsStore } from '../../entities/jobs-store';
import { ErrorMessage } from '../../errors/ErrorMessage';
import { useErrorAlert } from '../../errors/alert-store';
import { studio } from '../../studio/studio-client';
import { Button, EmptyState, Page, Skeleton } from '../../ui';
import { desktopSelectors, useDesktopStore } from '../../entities/desktop-store';
import { settingsSelectors, useSettingsStore } from '../../entities/settings-store';
import { BatchHeader } from './components/BatchHeader';
import { JobRow } from './components/JobRow';
import { QueueBar } from './components/QueueBar';
import { TimelineList } from './components/TimelineList';
import { batchProgress } from '../../entities/batch-progress';
import { budgetLeft, jobTiming, type TimelineRow } from './timeline-model';
import { useTimelineStore } from './timeline-store';
import { useTimelineActions } from './use-timeline-actions';
import { useBatchRows, useTimelineRows, type TimelineRows } from './use-timeline-rows';
import './TimelinePage.css';

/** The current time, renewed every second while something runs (elapsed times and estimates move). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** Timeline: every batch and job, newest first (`/timeline`), or one batch (`/timeline/batch/:batchId`). */
export function TimelinePage() {
  const batchId = useBatchId();
  return batchId === null ? <WholeTimeline /> : <BatchTimeline key={batchId} batchId={batchId} />;
}

function WholeTimeline() {
  return <TimelineScreen source={useTimelineRows()} back={false} />;
}

function BatchTimeline({ batchId }: { batchId: string }) {
  const { t } = useTranslation();
  const source = useBatchRows(batchId);
  if (source.missing) {
    return (
      <Page title={t('pages.timeline.title')} width="wide">
        <EmptyState icon={ListChecks} title={t('timeline.batchGone')} action={<Link to={paths.timeline()}>{t('timeline.allBatches')}</Link>} />
      </Page>
    );
  }
  return <TimelineScreen source={source} back />;
}

function TimelineScreen({ source, back }: { source: TimelineRows; back: boolean }) {
  const { t } = useTranslation();
  const alert = useErrorAlert();
  const queue = useJobsStore((s) => s.queue);
  const balance = useBalanceStore((s) => s.balance);
  const concurrency = useSettingsStore(settingsSelectors.concurrency);
  const desktopLoaded = useDesktopStore((s) => s.info !== null);
  const shellNotifies = useDesktopStore(desktopSelectors.systemNotifications);
  const timeline = useTimelineStore();
  const actions = useTimelineActions();
  const jobs = source.rows.flatMap((row) => (row.kind === 'job' ? [row.job] : []));
  const now = useNow(jobs.some((job) => isActive(job.state)));

  const variantKey = [...new Set(jobs.map((job) => job.variantId))].sort().join('\n');
  const { loadDurations, readNotices } = timeline;
  useEffect(() => {
    if (variantKey !== '') void loadDurations(variantKey.split('\n'));
  }, [variantKey, loadDurations]);
  useEffect(() => readNotices(), [readNotices]);
  // A batch with a credit floor shows what it leaves only once a balance was read.
  const needsBalance = balance === null && source.rows.some((row) => row.kind === 'batch' && row.batch.creditBudget !== null);
  useEffect(() => {
    if (needsBalance) void useBalanceStore.getState().refresh();
  }, [needsBalance]);

  const typical = (job: JobView): number | null => timeline.durations[job.variantId]?.medianMs ?? null;
  const renderRow = (row: TimelineRow) => {
    switch (row.kind) {
      case 'batch':
        return (
          <BatchHeader
            batch={row.batch}
            progress={batchProgress(row.batch.counts)}
            budget={budgetLeft(row.batch, balance)}
            queuePaused={queue?.paused === true}
            open={row.open}
            onToggle={back ? null : () => timeline.setOpen(row.batch.id, !row.open)}
            onPause={() => actions.pauseBatch(row.batch)}
            onResume={() => actions.resumeBatch(row.batch)}
            onCancel={() => actions.cancelBatch(row.batch)}
          />
        );
      case 'job':
        return (
          <JobRow
            job={row.job}
            inBatch={row.inBatch}
            closesGroup={row.closesGroup}
            timing={jobTiming(row.job, typical(row.job), now)}
            thumbUrl={row.job.thumbPath === null ? null : studio().mediaUrl(row.job.thumbPath)}
            resultHref={row.job.assetIds[0] === undefined ? null : paths.asset(row.job.assetIds[0])}
            onCancel={() => actions.cancelJob(row.job)}
            onRetry={() => actions.retryJob(row.job)}
            onResubmit={() => actions.resubmitJob(row.job)}
            onDiscard={() => actions.discardJob(row.job)}
            onCheckNow={() => actions.checkNow(row.job)}
            onDownloadAgain={() => actions.downloadAgain(row.job)}
            onSubmitAgain={() => actions.submitAgain(row.job)}
            onLookUp={() => actions.lookUp(row.job)}
          />
        );
      case 'batch-more':
        return (
          <div className="timeline-more" role="listitem">
            {row.status === 'error' ? (
              <Button size="sm" icon={RefreshCw} onClick={() => source.onReached({ ...row, status: 'more' })}>
                {t('timeline.loadJobsAgain')}
              </Button>
            ) : (
              <span className="timeline-more-text">{t('timeline.loadingJobs')}</span>
            )}
          </div>
        );
      case 'end':
        return <TimelineEnd status={row.status} />;
    }
  };

  return (
    <Page
      title={t('pages.timeline.title')}
      lead={back ? undefined : t('pages.timeline.description')}
      width="wide"
      actions={
        back ? (
          <Link className="button button-quiet" to={paths.timeline()}>
            <ArrowLeft className="button-icon" aria-hidden="true" size={16} />
            {t('timeline.allBatches')}
          </Link>
        ) : undefined
      }
    >
      <QueueBar
        queue={queue}
        concurrency={concurrency}
        onPause={() => void useJobsStore.getState().pauseQueue().then(alert.track)}
        onResume={() => void useJobsStore.getState().resumeQueue().then(alert.track)}
        onConcurrency={(value) => void useSettingsStore.getState().update({ concurrency: value }).then(alert.track)}
        notices={desktopLoaded && !shellNotifies ? timeline.notices : null}
        onNotices={(on) => void timeline.setNotices(on)}
      />
      {source.error !== null && (
        <div className="timeline-error" role="alert">
          <ErrorMessage error={source.error} />
          <Button size="sm" icon={RefreshCw} onClick={source.retry}>
            {t('timeline.tryAgain')}
          </Button>
        </div>
      )}
      <TimelineList rows={source.rows} label={t('timeline.listLabel')} renderRow={renderRow} onReached={source.onReached} />
      {actions.dialog}
    </Page>
  );
}

function TimelineEnd({ status }: { status: Extract<TimelineRow, { kind: 'end' }>['status'] }) {
  const { t } = useTranslation();
  if (status === 'empty') {
    return (
      <div role="listitem">
        <EmptyState
          icon={ListChecks}
          title={t('timeline.emptyTitle')}
          body={t('timeline.emptyBody')}
          action={
            <Link className="button button-primary" to={paths.create()}>
              {t('timeline.emptyAction')}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="timeline-end" role="listitem" aria-busy={status !== 'done'}>
      {status === 'done' ? <span className="timeline-more-text">{t('timeline.end')}</span> : <Skeleton lines={2} width="100%" />}
    </div>
  );
}
