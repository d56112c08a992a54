import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchView, JobView } from '../../../../shared/contract';
import { isOnGateway, mayBeCharged } from '../../../../shared/jobs/job-states';
import { useJobsStore, type CancelReport } from '../../entities/jobs-store';
import { useErrorAlert } from '../../errors/alert-store';
import { ConfirmDialog, showToast } from '../../ui';

type Question =
  | { kind: 'resubmit'; job: JobView }
  | { kind: 'submit-again'; job: JobView }
  | { kind: 'discard'; job: JobView }
  | { kind: 'cancel-job'; job: JobView }
  | { kind: 'cancel-batch'; batch: BatchView };

export interface TimelineActions {
  cancelJob: (job: JobView) => void;
  retryJob: (job: JobView) => void;
  resubmitJob: (job: JobView) => void;
  discardJob: (job: JobView) => void;
  /** Polls a job's task at once (one still running past its usual time). */
  checkNow: (job: JobView) => void;
  downloadAgain: (job: JobView) => void;
  /** Asks first: a new submission of a job still running is charged again. */
  submitAgain: (job: JobView) => void;
  /** Asks the gateway whether a job of unknown outcome arrived. */
  lookUp: (job: JobView) => void;
  pauseBatch: (batch: BatchView) => void;
  resumeBatch: (batch: BatchView) => void;
  cancelBatch: (batch: BatchView) => void;
  /** The open question, if any (a confirmation before something paid or final). */
  dialog: ReactNode;
}

/** What the timeline's buttons do: main's answer goes to the page alert when it fails, a short note when it worked. */
export function useTimelineActions(): TimelineActions {
  const { t } = useTranslation();
  const alert = useErrorAlert();
  const store = useJobsStore.getState;
  const [question, setQuestion] = useState<Question | null>(null);

  const canceled = (reports: readonly CancelReport[]): void => {
    const pending = reports.filter((r) => r.outcome === 'pending').length;
    const refused = reports.filter((r) => r.outcome === 'not-cancelable').length;
    if (refused > 0) showToast((t) => t('timeline.toast.notCancelable', { count: refused }), 'error');
    else if (pending > 0) showToast((t) => t('timeline.toast.cancelPending', { count: pending }), 'info');
    else showToast((t) => t('timeline.toast.canceled'), 'success');
  };
  const cancelJobNow = async (job: JobView): Promise<void> => {
    const answer = alert.track(await store().cancelJob(job.id));
    if (answer.ok) canceled([answer.value]);
  };

  const answer = async (current: Question): Promise<void> => {
    setQuestion(null);
    if (current.kind === 'cancel-job') return cancelJobNow(current.job);
    if (current.kind === 'cancel-batch') {
      const reports = alert.track(await store().cancelBatch(current.batch.id));
      if (reports.ok) canceled(reports.value);
      return;
    }
    if (current.kind === 'submit-again') {
      if (alert.track(await store().submitAgain(current.job.id)).ok) showToast((t) => t('timeline.toast.submittedAgain'), 'success');
      return;
    }
    const choice = current.kind === 'resubmit' ? 'resubmit' : 'discard';
    if (alert.track(await store().resolveUnknown(current.job.id, choice)).ok) {
      showToast((t) => t(choice === 'resubmit' ? 'timeline.toast.resubmitted' : 'timeline.toast.discarded'), 'success');
    }
  };

  const words = (current: Question): { title: string; body: string; confirm: string; danger: boolean } => {
    const prompt = current.kind === 'cancel-batch' ? current.batch.name : current.job.prompt.slice(0, 60);
    switch (current.kind) {
      case 'resubmit':
        return {
          title: t('timeline.confirm.resubmitTitle'),
          body: t('timeline.confirm.resubmitBody', { prompt }),
          confirm: t('timeline.confirm.resubmit'),
          danger: false,
        };
      case 'discard':
        return {
          title: t('timeline.confirm.discardTitle'),
          body: t('timeline.confirm.discardBody', { prompt }),
          confirm: t('timeline.confirm.discard'),
          danger: true,
        };
      case 'submit-again':
        return {
          title: t('timeline.confirm.submitAgainTitle'),
          body: t('timeline.confirm.submitAgainBody', { prompt }),
          confirm: t('timeline.confirm.submitAgain'),
          danger: false,
        };
      case 'cancel-job':
        return {
          title: t('timeline.confirm.cancelJobTitle'),
          body: t('timeline.confirm.cancelJobBody', { prompt }),
          confirm: t('timeline.confirm.cancelJob'),
          danger: true,
        };
      case 'cancel-batch':
        return {
          title: t('timeline.confirm.cancelBatchTitle', { name: prompt }),
          body: t('timeline.confirm.cancelBatchBody'),
          confirm: t('timeline.confirm.cancelBatch'),
          danger: true,
        };
    }
  };
  const shown = question === null ? null : words(question);

  return {
    // The gateway has it or may have it: canceling stops following it, and what it cost stays spent.
    cancelJob: (job) => (mayBeCharged(job.state) ? setQuestion({ kind: 'cancel-job', job }) : void cancelJobNow(job)),
    retryJob: (job) =>
      void store()
        .retryJob(job.id)
        .then((result) => {
          if (alert.track(result).ok) showToast((t) => t('timeline.toast.retried'), 'success');
        }),
    resubmitJob: (job) => setQuestion({ kind: 'resubmit', job }),
    discardJob: (job) => setQuestion({ kind: 'discard', job }),
    checkNow: (job) =>
      void store()
        .checkNow(job.id)
        .then((result) => {
          if (!alert.track(result).ok) return;
          const waitsForKey = result.ok && result.value.waitingFor === 'key';
          const stillLate = result.ok && isOnGateway(result.value.state);
          showToast((t) => t(waitsForKey ? 'timeline.toast.stillNoKey' : stillLate ? 'timeline.toast.stillRunning' : 'timeline.toast.checked'), 'info');
        }),
    downloadAgain: (job) =>
      void store()
        .downloadAgain(job.id)
        .then((result) => {
          if (alert.track(result).ok) showToast((t) => t('timeline.toast.downloadingAgain'), 'info');
        }),
    submitAgain: (job) => setQuestion({ kind: 'submit-again', job }),
    lookUp: (job) =>
      void store()
        .lookUp(job.id)
        .then((result) => {
          if (alert.track(result).ok && result.ok)
            showToast((t) => t(`timeline.toast.lookUp.${result.value.outcome}`), result.value.outcome === 'found' ? 'success' : 'info');
        }),
    pauseBatch: (batch) => void store().pauseBatch(batch.id).then(alert.track),
    resumeBatch: (batch) => void store().resumeBatch(batch.id).then(alert.track),
    cancelBatch: (batch) => setQuestion({ kind: 'cancel-batch', batch }),
    dialog: (
      <ConfirmDialog
        open={question !== null}
        title={shown?.title ?? ''}
        body={shown?.body ?? ''}
        confirmLabel={shown?.confirm ?? ''}
        cancelLabel={t('timeline.confirm.keep')}
        danger={shown?.danger ?? true}
        onConfirm={() => question && void answer(question)}
        onCancel={() => setQuestion(null)}
      />
    ),
  };
}
