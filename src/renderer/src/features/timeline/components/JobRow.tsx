import {
  Ban,
  CircleAlert,
  Clock,
  Download,
  ExternalLink,
  Hourglass,
  ImageOff,
  KeyRound,
  LoaderCircle,
  PencilLine,
  RefreshCw,
  RotateCcw,
  Search,
  Send,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { modelNameOf } from '../../../../../shared/catalog';
import type { JobStateView, JobView } from '../../../../../shared/contract';
import { jobProblem } from '../../../../../shared/contract/job-problems';
import { isActive, isFailure } from '../../../../../shared/jobs/job-states';
import { clockTime, jobWait } from '../../../entities/job-waiting';
import { useLocale } from '../../../errors/use-error-wording';
import { paths } from '../../../routing/paths';
import { Badge, Button, ProgressBar, type BadgeTone } from '../../../ui';
import { jobActions, stillRunningOnGateway, type JobTiming } from '../timeline-model';
import { JobProblem } from './JobProblem';
import { useFormat } from './use-format';
import './JobRow.css';

export interface JobRowProps {
  job: JobView;
  /** Indented under its batch's header. */
  inBatch: boolean;
  /** The last row of its batch's group. */
  closesGroup: boolean;
  timing: JobTiming;
  /** URL of the result's thumbnail, when it has one. */
  thumbUrl: string | null;
  /** Address of the result's detail view, when it has a result. */
  resultHref: string | null;
  onCancel: () => void;
  onRetry: () => void;
  /** Asks first: a job of unknown outcome may be paid twice. */
  onResubmit: () => void;
  onDiscard: () => void;
  /** Polls its task at once (a job still running on the gateway past its usual time). */
  onCheckNow: () => void;
  /** Asks first: a new submission is charged again. */
  onSubmitAgain: () => void;
  /** Asks the gateway whether a job of unknown outcome arrived. */
  onLookUp: () => void;
  /** Fetches its result again, free, while it is valid on the gateway. */
  onDownloadAgain: () => void;
}

const stateTone: Record<JobStateView, BadgeTone> = {
  draft: 'neutral',
  queued: 'neutral',
  submitting: 'accent',
  submitted: 'accent',
  running: 'accent',
  downloading: 'accent',
  done: 'ok',
  failed: 'danger',
  canceled: 'neutral',
  unknown: 'warning',
  expired: 'danger',
};

const stateIcon: Partial<Record<JobStateView, LucideIcon>> = {
  draft: Clock,
  queued: Clock,
  submitting: LoaderCircle,
  submitted: LoaderCircle,
  running: LoaderCircle,
  downloading: LoaderCircle,
  failed: CircleAlert,
  unknown: CircleAlert,
  expired: CircleAlert,
  canceled: Ban,
};

/** One job as a compact row: its result (or state), prompt, model, state, time, cost, problem and actions. */
export function JobRow({
  job,
  inBatch,
  closesGroup,
  timing,
  thumbUrl,
  resultHref,
  onCancel,
  onRetry,
  onResubmit,
  onDiscard,
  onCheckNow,
  onSubmitAgain,
  onLookUp,
  onDownloadAgain,
}: JobRowProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const locale = useLocale();
  const promptId = useId();
  const actions = jobActions(job);
  const problem = job.errorCode === 'canceled' ? null : jobProblem(job);
  const tone = isFailure(job.state) ? 'danger' : job.state === 'unknown' || job.state === 'queued' ? 'warning' : 'note';
  const late = stillRunningOnGateway(job);
  const wait = jobWait(job);
  const Icon = wait?.kind === 'key' ? KeyRound : late ? Hourglass : (stateIcon[job.state] ?? ImageOff);
  const stateLabel =
    wait?.kind === 'key'
      ? t('jobWait.key.label')
      : wait?.kind === 'download'
        ? t('jobWait.download.label', { time: clockTime(wait.retryAt, i18n.language) })
        : late
          ? t('timeline.state.stillRunning')
          : t(`timeline.state.${job.state}`);
  const prompt = job.prompt.trim() === '' ? t('timeline.job.noPrompt') : job.prompt;
  const named = { prompt: prompt.length > 40 ? `${prompt.slice(0, 39)}…` : prompt };
  const inFlight = isActive(job.state);
  const progress = job.state === 'running' && job.progress !== null ? job.progress / 100 : null;

  return (
    <div
      className={`job-row job-${job.state}${inBatch ? ' job-row-in-batch' : ''}${closesGroup ? ' job-row-last' : ''}`}
      role="listitem"
      aria-labelledby={promptId}
    >
      <div className="job-thumb" aria-hidden="true">
        {thumbUrl !== null ? (
          <img src={thumbUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <Icon size={20} strokeWidth={1.75} className={inFlight ? 'job-thumb-spin' : undefined} />
        )}
      </div>
      <div className="job-main">
        <p className="job-prompt" id={promptId} title={prompt}>
          {prompt}
        </p>
        <p className="job-meta">
          <Badge tone={late || wait !== null ? 'warning' : stateTone[job.state]}>{stateLabel}</Badge>
          <span className="job-model" title={job.model}>
            {modelNameOf(job.model, locale, job.variantId)}
          </span>
          {timing.elapsedMs !== null && (
            <span>
              {inFlight
                ? t('timeline.job.elapsed', { time: format.duration(timing.elapsedMs) })
                : t('timeline.job.took', { time: format.duration(timing.elapsedMs) })}
            </span>
          )}
          {timing.remainingMs !== null && <span>{t('timeline.job.remaining', { time: format.duration(timing.remainingMs) })}</span>}
          {timing.overdue && !late && <span className="job-overdue">{t('timeline.job.overdue')}</span>}
          {job.characters.length > 0 && <span>{t('timeline.job.characters', { names: job.characters.map((name) => `@${name}`).join(' ') })}</span>}
          {job.creditsSpent !== null && (
            <span title={job.creditsMeasured ? t('timeline.job.creditsMeasured') : t('timeline.job.creditsEstimated')}>
              {t(job.creditsMeasured ? 'timeline.job.credits' : 'timeline.job.creditsAbout', { credits: format.credits(job.creditsSpent) })}
            </span>
          )}
        </p>
        {inFlight && (
          <ProgressBar
            className="job-progress"
            size="sm"
            label={t('timeline.job.progress', named)}
            value={progress}
            valueText={progress === null ? t(`timeline.state.${job.state}`) : undefined}
          />
        )}
        {late && wait === null && <p className="job-note">{t('timeline.job.stillRunningNote')}</p>}
        {wait !== null && (
          <p className="job-note">
            {t(wait.kind === 'key' ? 'jobWait.key.note' : 'jobWait.download.note')}
            {wait.message !== null && (
              <>
                {' '}
                <span className="job-note-gateway">{t(wait.kind === 'key' ? 'jobWait.said' : 'jobWait.lastProblem', { message: wait.message })}</span>
              </>
            )}
          </p>
        )}
        {problem !== null && <JobProblem problem={problem} details={job.errorMessage} tone={tone} />}
      </div>
      <div className="job-actions">
        {actions.open && resultHref !== null && (
          <Link className="button button-quiet button-sm" to={resultHref} aria-label={t('timeline.job.openNamed', named)}>
            <ExternalLink className="button-icon" aria-hidden="true" size={16} />
            {t('timeline.job.open')}
          </Link>
        )}
        {actions.resolve && (
          <>
            <Button size="sm" variant="primary" icon={Send} onClick={onResubmit} aria-label={t('timeline.job.resubmitNamed', named)}>
              {t('timeline.job.resubmit')}
            </Button>
            <Button size="sm" variant="quiet" icon={Trash2} onClick={onDiscard} aria-label={t('timeline.job.discardNamed', named)}>
              {t('timeline.job.discard')}
            </Button>
          </>
        )}
        {actions.downloadAgain && (
          <Button size="sm" variant="primary" icon={Download} onClick={onDownloadAgain} aria-label={t('timeline.job.downloadAgainNamed', named)}>
            {t('timeline.job.downloadAgain')}
          </Button>
        )}
        {actions.checkNow && (
          <Button size="sm" icon={RefreshCw} onClick={onCheckNow} aria-label={t('timeline.job.checkNowNamed', named)}>
            {t('timeline.job.checkNow')}
          </Button>
        )}
        {actions.submitAgain && (
          <Button size="sm" variant="quiet" icon={Send} onClick={onSubmitAgain} aria-label={t('timeline.job.submitAgainNamed', named)}>
            {t('timeline.job.submitAgain')}
          </Button>
        )}
        {actions.lookUp && (
          <Button size="sm" icon={Search} onClick={onLookUp} aria-label={t('timeline.job.lookUpNamed', named)}>
            {t('timeline.job.lookUp')}
          </Button>
        )}
        {actions.editRetry && (
          <Link
            className={`button button-sm ${actions.retry ? 'button-quiet' : 'button-secondary'}`}
            to={paths.create({ retry: job.id })}
            aria-label={t('stream.timeline.editRetryNamed', named)}
          >
            <PencilLine className="button-icon" aria-hidden="true" size={16} />
            {t('stream.ended.editRetry')}
          </Link>
        )}
        {actions.retry && (
          <Button
            size="sm"
            icon={RotateCcw}
            // A new, paid request is never the first thing offered for a result that was paid for.
            variant={actions.downloadAgain || job.state === 'expired' ? 'quiet' : 'secondary'}
            onClick={onRetry}
            aria-label={t('timeline.job.retryNamed', named)}
          >
            {t('timeline.job.retry')}
          </Button>
        )}
        {actions.cancel && (
          <Button size="sm" variant="quiet" icon={Ban} onClick={onCancel} aria-label={t('timeline.job.cancelNamed', named)}>
            {t('timeline.job.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}
