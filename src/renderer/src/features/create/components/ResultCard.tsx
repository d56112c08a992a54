import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { jobWait } from '../../../entities/job-waiting';
import { Button } from '../../../ui';
import type { JobTiming } from '../../../entities/job-timing';
import type { JobGroup } from '../model/stream-layout';
import { JobEnded, type JobEndedActions } from './JobEnded';
import { JobPending, SummaryNote, useWaitLabel } from './JobPending';
import { ResultTile, type ResultStepActions } from './ResultTile';
import './ResultCard.css';

export interface ResultCardProps extends ResultStepActions, JobEndedActions {
  group: JobGroup;
  /** The box the stream's layout gave it, in pixels. */
  size: { width: number; height: number };
  /** The model's name in the UI language. */
  modelName: string;
  /** For a character job: what prompts mention the character by (its name, else its username) once it is in the registry. */
  characterName: string | null;
  /** For a character job whose character is in the registry: opens "Rename". */
  onRenameCharacter?: (() => void) | undefined;
  timing: JobTiming;
  /** How long the model usually takes, in words, when there is no better estimate. */
  usualSpeed: string | null;
  /** The model has a way of running that returns the edited image (for a summary-only answer). */
  canRunQueued: boolean;
  /** The job's paid result can still be downloaded from the gateway (a failed download offers "Download again"). */
  resultStillValid: boolean;
  /** An edit answered without an image, run again where it returns one. */
  onRunQueued: (jobId: string) => void;
  mediaUrl: (libraryPath: string) => string;
}

const ENDED = new Set(['failed', 'canceled', 'expired', 'unknown']);

/**
 * One job in Create's stream: its results together in their own shape (four as a 2×2), its
 * prompt and next steps on hover or focus; while it runs, its progress in the same place; when it
 * ended without a result, why, with the ways forward.
 */
export function ResultCard(props: ResultCardProps) {
  const { group, size, modelName, characterName, mediaUrl } = props;
  const { job, assets } = group;
  const { t } = useTranslation();
  const waitLabel = useWaitLabel();
  const wait = jobWait(job);
  const state = wait ? waitLabel(wait) : t(`create.jobState.${job.state}`);
  const title = characterName ? `@${characterName}` : job.prompt || modelName;
  const summaryOnly = job.state === 'done' && job.errorCode === 'summary_only' && assets.length === 0;
  const style: CSSProperties = { width: size.width, height: size.height };
  let body;
  if (assets.length > 0) {
    body = (
      <div className={`result-tiles result-tiles-${String(Math.min(assets.length, 4))}`}>
        {assets.map((asset) => (
          <ResultTile key={asset.id} {...props} asset={asset} title={title} mediaUrl={mediaUrl} />
        ))}
      </div>
    );
  } else if (summaryOnly) {
    body = <SummaryNote revisedPrompt={job.revisedPrompt} canRunQueued={props.canRunQueued} onRunQueued={() => props.onRunQueued(job.id)} />;
  } else if (ENDED.has(job.state)) {
    body = <JobEnded {...props} job={job} title={title} resultStillValid={props.resultStillValid} />;
  } else {
    body = <JobPending job={job} title={title} timing={props.timing} usualSpeed={props.usualSpeed} onDownloadAgain={props.onDownloadAgain} />;
  }
  return (
    <li className={`result-card result-${job.state}`} style={style} aria-label={`${job.prompt || modelName} · ${state}`}>
      {body}
      <div className={assets.length > 0 ? 'result-caption result-caption-hover' : 'result-caption'}>
        <p className="result-prompt" title={job.prompt}>
          {title}
        </p>
        <p className="result-state">
          <span>{modelName}</span> · <span>{state}</span>
        </p>
        {characterName && props.onRenameCharacter && (
          <Button size="sm" variant="quiet" onClick={props.onRenameCharacter}>
            {t('create.character.rename', { name: characterName })}
          </Button>
        )}
      </div>
    </li>
  );
}
