import { Download, ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../../../shared/contract';
import { isPending, isWaiting } from '../../../../../shared/jobs/job-states';
import { durationParts, type JobTiming } from '../../../entities/job-timing';
import { clockTime, jobWait, type JobWait } from '../../../entities/job-waiting';
import { Button, ProgressBar } from '../../../ui';

/** A duration in the UI language: "12 s", "2 min 5 s". */
function useDuration(): (ms: number) => string {
  const { t } = useTranslation();
  return (ms) => {
    const { hours, minutes, seconds } = durationParts(ms);
    if (hours > 0) return t('results.time.hours', { hours, minutes });
    if (minutes > 0) return t('results.time.minutes', { minutes, seconds });
    return t('results.time.seconds', { seconds });
  };
}

/** What a card says while its job waits for a usable key or for the next try of its download. */
export function useWaitLabel(): (wait: JobWait) => string {
  const { t, i18n } = useTranslation();
  return (wait) => (wait.kind === 'key' ? t('results.waitingForKey') : t('results.downloadRetrying', { time: clockTime(wait.retryAt, i18n.language) }));
}

/** "Download again": free, offered while the paid result is still valid on the gateway. */
export function DownloadAgain({ jobId, onDownloadAgain }: { jobId: string; onDownloadAgain: (jobId: string) => void }) {
  const { t } = useTranslation();
  return (
    <Button size="sm" variant="primary" icon={Download} onClick={() => onDownloadAgain(jobId)}>
      {t('timeline.job.downloadAgain')}
    </Button>
  );
}

interface JobPendingProps {
  job: JobView;
  title: string;
  timing: JobTiming;
  /** How long the model usually takes, in words, when there is no better estimate. */
  usualSpeed: string | null;
  onDownloadAgain: (jobId: string) => void;
}

/** A job on its way: waiting, its progress and how long it may still take. */
export function JobPending({ job, title, timing, usualSpeed, onDownloadAgain }: JobPendingProps) {
  const { t } = useTranslation();
  const duration = useDuration();
  const waitLabel = useWaitLabel();
  const active = isPending(job.state);
  const wait = jobWait(job);
  let when: string;
  if (wait) when = waitLabel(wait);
  else if (isWaiting(job.state)) when = t('results.waiting');
  else if (job.state === 'downloading') when = t('results.saving');
  else if (timing.overdue && timing.elapsedMs !== null) when = t('results.overdue', { elapsed: duration(timing.elapsedMs) });
  else if (timing.remainingMs !== null) when = t('results.remaining', { time: duration(timing.remainingMs) });
  else if (usualSpeed !== null) when = t('results.usually', { speed: usualSpeed });
  else when = t('results.working');
  return (
    <div className="result-pending">
      {active ? <span className="spinner" aria-hidden="true" /> : <ImagePlus size={22} aria-hidden="true" />}
      <p className="result-when" role="status">
        {when}
      </p>
      {wait?.message != null && (
        <p className="result-wait-said">{t(wait.kind === 'key' ? 'jobWait.said' : 'jobWait.lastProblem', { message: wait.message })}</p>
      )}
      {wait?.kind === 'download' && <DownloadAgain jobId={job.id} onDownloadAgain={onDownloadAgain} />}
      {active && (
        <ProgressBar
          size="sm"
          className="result-progress"
          label={t('create.recent.progress', { prompt: title })}
          value={job.progress === null || job.progress === 0 ? null : job.progress / 100}
        />
      )}
    </div>
  );
}

/** An edit answered with a description only: what happened, the gateway's reading of the prompt, and the way to the image. */
export function SummaryNote({ revisedPrompt, canRunQueued, onRunQueued }: { revisedPrompt: string | null; canRunQueued: boolean; onRunQueued: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="result-summary">
      <p className="result-summary-lead">{t('results.summaryOnly')}</p>
      {revisedPrompt && (
        <p className="result-summary-prompt">
          {t('results.revisedPrompt')} <q>{revisedPrompt}</q>
        </p>
      )}
      {canRunQueued && (
        <Button size="sm" variant="primary" onClick={onRunQueued}>
          {t('results.runQueued')}
        </Button>
      )}
    </div>
  );
}
