import { CircleAlert, Dices, Download, Heart, ImagePlus, RefreshCw, Shuffle, UserRound, Volume2, VolumeX, Wand2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jobProblem, type AssetView } from '../../../../../shared/contract';
import { writeAssetDrag } from '../../../entities/asset-drag';
import { isPending, isWaiting } from '../../../../../shared/jobs/job-states';
import { durationParts, type JobTiming } from '../../../entities/job-timing';
import { clockTime, jobWait, type JobWait } from '../../../entities/job-waiting';
import { paths } from '../../../routing/paths';
import { Button, IconButton, ProgressBar } from '../../../ui';
import { aspectOf, type ResultItem } from '../model/result-items';
import { RecentProblem } from './RecentProblem';
import './ResultCard.css';

interface ResultCardActions {
  onReuse: (asset: AssetView) => void;
  onReference: (asset: AssetView) => void;
  onReroll: (asset: AssetView) => void;
  onVary: (asset: AssetView) => void;
  onFavourite: (asset: AssetView) => void;
  onRemix: (asset: AssetView) => void;
  onCharacter: (asset: AssetView) => void;
  /** An edit answered without an image, run again where it returns one. */
  onRunQueued: (jobId: string) => void;
  /** Fetches a paid result again, free, while it is still valid on the gateway. */
  onDownloadAgain: (jobId: string) => void;
}

export interface ResultCardProps extends ResultCardActions {
  item: ResultItem;
  /** The model's name in the UI language. */
  modelName: string;
  /** For a character job: the character's `@username` once it is in the registry. */
  characterName: string | null;
  timing: JobTiming;
  /** How long the model usually takes, in words, when there is no better estimate. */
  usualSpeed: string | null;
  /** The model has a way of running that returns the edited image (for a summary-only answer). */
  canRunQueued: boolean;
  /** The job's paid result can still be downloaded from the gateway (a failed download offers "Download again"). */
  resultStillValid: boolean;
  mediaUrl: (libraryPath: string) => string;
}

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

/**
 * One job's card in Create's results: waiting, its progress with how long it may still take,
 * then the image or video in the same place, with the next step in one click. A failure says why;
 * an edit answered without an image says so and offers to run it where it returns one.
 */
export function ResultCard(props: ResultCardProps) {
  const { item, modelName, characterName, mediaUrl } = props;
  const { job, asset } = item;
  const { t } = useTranslation();
  const waitLabel = useWaitLabel();
  const active = isPending(job.state);
  const wait = jobWait(job);
  const state = wait ? waitLabel(wait) : t(`create.jobState.${job.state}`);
  const title = characterName ? `@${characterName}` : job.prompt || modelName;
  const summaryOnly = job.state === 'done' && job.errorCode === 'summary_only' && asset === null;
  const problem = job.state === 'failed' ? jobProblem(job) : null;
  return (
    <li className={`result-card result-${job.state}`} aria-label={`${job.prompt || modelName} · ${state}`}>
      <div className="result-media" style={{ aspectRatio: String(aspectOf(job, asset)) }}>
        {asset ? (
          <ResultMedia asset={asset} title={title} mediaUrl={mediaUrl} />
        ) : summaryOnly ? (
          <SummaryNote revisedPrompt={job.revisedPrompt} canRunQueued={props.canRunQueued} onRunQueued={() => props.onRunQueued(job.id)} />
        ) : problem ? (
          <div className="result-problem">
            <CircleAlert size={20} aria-hidden="true" />
            <RecentProblem problem={problem} />
            {props.resultStillValid && <DownloadAgain {...props} />}
          </div>
        ) : (
          <Pending {...props} active={active} />
        )}
      </div>
      <div className="result-meta">
        <p className="result-prompt" title={job.prompt}>
          {title}
        </p>
        <p className="result-state">
          <span>{modelName}</span> · <span>{state}</span>
        </p>
      </div>
      {asset && <Actions {...props} asset={asset} />}
    </li>
  );
}

/** What a card says while its job waits for a usable key or for the next try of its download. */
function useWaitLabel(): (wait: JobWait) => string {
  const { t, i18n } = useTranslation();
  return (wait) => (wait.kind === 'key' ? t('results.waitingForKey') : t('results.downloadRetrying', { time: clockTime(wait.retryAt, i18n.language) }));
}

/** "Download again": free, offered while the paid result is still valid on the gateway. */
function DownloadAgain({ item, onDownloadAgain }: Pick<ResultCardProps, 'item' | 'onDownloadAgain'>) {
  const { t } = useTranslation();
  return (
    <Button size="sm" variant="primary" icon={Download} onClick={() => onDownloadAgain(item.job.id)}>
      {t('timeline.job.downloadAgain')}
    </Button>
  );
}

function Pending({ item, timing, usualSpeed, modelName, active, onDownloadAgain }: ResultCardProps & { active: boolean }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const waitLabel = useWaitLabel();
  const { job } = item;
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
      {wait?.kind === 'download' && <DownloadAgain item={item} onDownloadAgain={onDownloadAgain} />}
      {active && (
        <ProgressBar
          size="sm"
          className="result-progress"
          label={t('create.recent.progress', { prompt: job.prompt || modelName })}
          value={job.progress === null || job.progress === 0 ? null : job.progress / 100}
        />
      )}
    </div>
  );
}

/** The result itself: an image opens in the gallery and drags into a reference tray; a video plays muted on hover. */
function ResultMedia({ asset, title, mediaUrl }: { asset: AssetView; title: string; mediaUrl: (path: string) => string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [sound, setSound] = useState(false);
  const play = (): void => void video.current?.play().catch(() => undefined);
  const stop = (): void => {
    if (!sound) video.current?.pause();
  };
  const poster = asset.thumbPath ? mediaUrl(asset.thumbPath) : undefined;
  return (
    <>
      <Link
        to={paths.asset(asset.id)}
        className="result-link"
        draggable={asset.kind === 'image'}
        onDragStart={(event) => writeAssetDrag(event.dataTransfer, { id: asset.id, kind: asset.kind, name: asset.prompt.slice(0, 40) || asset.id })}
        aria-label={t('create.recent.open', { prompt: title })}
        onMouseEnter={asset.kind === 'video' ? play : undefined}
        onMouseLeave={asset.kind === 'video' ? stop : undefined}
        onFocus={asset.kind === 'video' ? play : undefined}
        onBlur={asset.kind === 'video' ? stop : undefined}
      >
        {asset.kind === 'video' ? (
          <video ref={video} src={mediaUrl(asset.mediaPath)} poster={poster} muted={!sound} loop playsInline preload="none" />
        ) : (
          <img src={poster ?? mediaUrl(asset.mediaPath)} alt="" />
        )}
      </Link>
      {asset.kind === 'video' && (
        <IconButton
          size="sm"
          variant="secondary"
          className="result-sound"
          label={sound ? t('results.mute') : t('results.sound')}
          icon={sound ? Volume2 : VolumeX}
          pressed={sound}
          onClick={() => {
            setSound(!sound);
            if (!sound) play();
          }}
        />
      )}
    </>
  );
}

/** An edit answered with a description only: what happened, the gateway's reading of the prompt, and the way to the image. */
function SummaryNote({ revisedPrompt, canRunQueued, onRunQueued }: { revisedPrompt: string | null; canRunQueued: boolean; onRunQueued: () => void }) {
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

function Actions(props: ResultCardProps & { asset: AssetView }) {
  const { t } = useTranslation();
  const { asset } = props;
  return (
    <div className="result-actions">
      {asset.kind === 'image' && <IconButton size="sm" label={t('create.recent.reference')} icon={ImagePlus} onClick={() => props.onReference(asset)} />}
      <IconButton size="sm" label={t('results.reroll')} icon={Dices} onClick={() => props.onReroll(asset)} />
      {asset.kind === 'image' && <IconButton size="sm" label={t('results.vary')} icon={Shuffle} onClick={() => props.onVary(asset)} />}
      {asset.kind === 'video' && <IconButton size="sm" label={t('create.recent.remix')} icon={Wand2} onClick={() => props.onRemix(asset)} />}
      {asset.kind === 'video' && <IconButton size="sm" label={t('create.recent.character')} icon={UserRound} onClick={() => props.onCharacter(asset)} />}
      <IconButton size="sm" label={t('create.recent.reuse')} icon={RefreshCw} onClick={() => props.onReuse(asset)} />
      <IconButton
        size="sm"
        className="result-favourite"
        label={asset.favourite ? t('results.unfavourite') : t('results.favourite')}
        icon={Heart}
        pressed={asset.favourite}
        onClick={() => props.onFavourite(asset)}
      />
    </div>
  );
}
