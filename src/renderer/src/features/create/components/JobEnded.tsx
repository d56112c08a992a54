import { CircleAlert, CircleSlash, ListChecks, PencilLine, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JobView } from '../../../../../shared/contract';
import { jobProblem } from '../../../../../shared/contract/job-problems';
import { isRequestFault } from '../../../entities/job-fault';
import { paths } from '../../../routing/paths';
import { Button } from '../../../ui';
import { DownloadAgain } from './JobPending';
import { RecentProblem } from './RecentProblem';

export interface JobEndedActions {
  /** Opens the form with the job's values and why it failed, to change and send again. */
  onEditRetry: (job: JobView) => void;
  /** Sends the same request again, as the same job. */
  onRetry: (job: JobView) => void;
  /** Takes the card out of the stream (the job stays on the timeline). */
  onRemove: (job: JobView) => void;
  onDownloadAgain: (jobId: string) => void;
}

/**
 * A job that ended without a result, worded for what happened (failed, canceled, expired, or
 * waiting for a decision), with the ways forward beside it: never a dead end.
 */
export function JobEnded({ job, title, resultStillValid, ...actions }: JobEndedActions & { job: JobView; title: string; resultStillValid: boolean }) {
  const { t } = useTranslation();
  const problem = job.state === 'canceled' ? null : jobProblem(job);
  const requestFault = isRequestFault(job);
  // Retrying a canceled, expired or failed job is a new paid request; after a refusal of the request itself it would only fail again.
  const canRetry = job.state !== 'unknown' && !requestFault;
  const named = { prompt: title };
  return (
    <div className={`result-ended result-ended-${job.state}`}>
      {job.state === 'canceled' ? (
        <p className="result-ended-lead">
          <CircleSlash size={18} aria-hidden="true" /> {t('stream.ended.canceled')}
        </p>
      ) : (
        <div className="result-ended-problem">
          <CircleAlert size={18} aria-hidden="true" />
          {problem ? <RecentProblem problem={problem} /> : <p>{t(`stream.ended.${job.state === 'expired' ? 'expired' : 'failed'}`)}</p>}
        </div>
      )}
      {requestFault && <p className="result-ended-hint">{t('stream.ended.requestFault')}</p>}
      <div className="result-ended-actions">
        {resultStillValid && <DownloadAgain jobId={job.id} onDownloadAgain={actions.onDownloadAgain} />}
        {job.state === 'unknown' ? (
          <Link className="button button-primary button-sm" to={job.batchId ? paths.batch(job.batchId) : paths.timeline()}>
            <ListChecks className="button-icon" aria-hidden="true" size={16} />
            {t('stream.ended.decide')}
          </Link>
        ) : (
          <Button
            size="sm"
            variant={canRetry ? 'secondary' : 'primary'}
            icon={PencilLine}
            onClick={() => actions.onEditRetry(job)}
            aria-label={t('stream.ended.editRetryNamed', named)}
          >
            {t('stream.ended.editRetry')}
          </Button>
        )}
        {canRetry && (
          <Button size="sm" variant="primary" icon={RotateCcw} onClick={() => actions.onRetry(job)} aria-label={t('stream.ended.retryNamed', named)}>
            {t('stream.ended.retry')}
          </Button>
        )}
        <Button size="sm" variant="quiet" icon={Trash2} onClick={() => actions.onRemove(job)} aria-label={t('stream.ended.removeNamed', named)}>
          {t('stream.ended.remove')}
        </Button>
      </div>
    </div>
  );
}
