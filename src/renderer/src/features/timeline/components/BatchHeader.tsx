import { ChevronDown, ChevronRight, OctagonX, Pause, Play } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BatchView } from '../../../../../shared/contract';
import { isBatchOpen } from '../../../../../shared/jobs/job-states';
import { paths } from '../../../routing/paths';
import { Badge, Button, type BadgeTone } from '../../../ui';
import type { BatchProgress } from '../../../entities/batch-progress';
import type { BudgetLeft } from '../timeline-model';
import { useFormat } from './use-format';
import './BatchHeader.css';

export interface BatchHeaderProps {
  batch: BatchView;
  progress: BatchProgress;
  budget: BudgetLeft | null;
  /** The whole queue is paused: a running batch waits for it. */
  queuePaused: boolean;
  /** Whether its jobs show under it. */
  open: boolean;
  /** Null on the batch's own page, where it is always open. */
  onToggle: (() => void) | null;
  onPause: () => void;
  onResume: () => void;
  /** Asks first. */
  onCancel: () => void;
}

const statusTone: Record<BatchView['status'], BadgeTone> = { active: 'accent', paused: 'warning', done: 'ok', canceled: 'neutral' };

/** A batch as the head of its group: name, state, how far it came, what it cost and may still spend, and its controls. */
export function BatchHeader({ batch, progress, budget, queuePaused, open, onToggle, onPause, onResume, onCancel }: BatchHeaderProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const nameId = useId();
  const named = { name: batch.name };
  const live = isBatchOpen(batch.status);
  const held = batch.status === 'active' && queuePaused && progress.waiting > 0;
  // "Finished" alone would hide that some of it failed.
  const finishedWithFailures = batch.status === 'done' && progress.failed > 0;
  const Chevron = open ? ChevronDown : ChevronRight;
  const counts = [
    t('timeline.batch.doneOf', { done: progress.done, total: progress.total }),
    progress.running > 0 ? t('timeline.batch.running', { count: progress.running }) : null,
    progress.waiting > 0 ? t('timeline.batch.waiting', { count: progress.waiting }) : null,
    progress.canceled > 0 ? t('timeline.batch.canceled', { count: progress.canceled }) : null,
  ].filter((part) => part !== null);

  return (
    <div className={`batch-head batch-${batch.status}${open ? '' : ' batch-head-closed'}`} role="listitem" aria-labelledby={nameId}>
      <div className="batch-title-row">
        {/* The accordion pattern: the heading holds the button that folds the batch's jobs. */}
        <h2 className="batch-name" id={nameId}>
          {onToggle !== null ? (
            <button type="button" className="batch-toggle" aria-expanded={open} onClick={onToggle}>
              <Chevron aria-hidden="true" size={18} />
              {batch.name}
            </button>
          ) : (
            batch.name
          )}
        </h2>
        {held ? (
          <Badge tone="warning">{t('timeline.batchStatus.held')}</Badge>
        ) : (
          <Badge tone={finishedWithFailures ? 'warning' : statusTone[batch.status]}>
            {finishedWithFailures ? t('stream.timeline.doneWithFailures', { count: progress.failed }) : t(`timeline.batchStatus.${batch.status}`)}
          </Badge>
        )}
        {progress.failed > 0 && !finishedWithFailures && <Badge tone="danger">{t('timeline.batch.failed', { count: progress.failed })}</Badge>}
        {progress.unknown > 0 && <Badge tone="warning">{t('timeline.batch.unknown', { count: progress.unknown })}</Badge>}
        <div className="batch-actions">
          {onToggle !== null && (
            <Link className="batch-link" to={paths.batch(batch.id)} aria-label={t('timeline.batch.openPageNamed', named)}>
              {t('timeline.batch.openPage')}
            </Link>
          )}
          {batch.status === 'active' && (
            <Button size="sm" icon={Pause} onClick={onPause} aria-label={t('timeline.batch.pauseNamed', named)}>
              {t('timeline.batch.pause')}
            </Button>
          )}
          {batch.status === 'paused' && (
            <Button size="sm" variant="primary" icon={Play} onClick={onResume} aria-label={t('timeline.batch.resumeNamed', named)}>
              {t('timeline.batch.resume')}
            </Button>
          )}
          {live && (
            <Button size="sm" variant="quiet" icon={OctagonX} onClick={onCancel} aria-label={t('timeline.batch.cancelNamed', named)}>
              {t('timeline.batch.cancel')}
            </Button>
          )}
        </div>
      </div>
      <div
        className="batch-bar"
        role="progressbar"
        aria-label={t('timeline.batch.progress', named)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress.fraction * 100)}
        aria-valuetext={counts[0]}
      >
        {progress.bar.map(({ share, fraction }) => (
          <span key={share} className={`batch-bar-part batch-bar-${share}`} style={{ width: `${fraction * 100}%` }} />
        ))}
      </div>
      <p className="batch-meta">
        {counts.map((part) => (
          <span key={part}>{part}</span>
        ))}
        <span>{t('timeline.batch.created', { time: format.time(batch.createdAt) })}</span>
        {batch.creditsSpent !== null && <span>{t('timeline.batch.spent', { credits: format.credits(batch.creditsSpent) })}</span>}
        {budget?.kind === 'cap' && (
          <span className="batch-budget">{t('timeline.batch.capLeft', { left: format.credits(budget.left), cap: format.credits(budget.cap) })}</span>
        )}
        {budget?.kind === 'floor' && (
          <span className="batch-budget">
            {budget.left === null
              ? t('timeline.batch.floor', { floor: format.credits(budget.floor) })
              : t('timeline.batch.floorLeft', { left: format.credits(budget.left), floor: format.credits(budget.floor) })}
          </span>
        )}
      </p>
      {batch.note !== null && (
        <p className="batch-note" role="status">
          {t('timeline.batch.stopped', { note: batch.note })}
        </p>
      )}
    </div>
  );
}
