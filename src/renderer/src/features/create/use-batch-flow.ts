import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useJobsStore } from '../../entities/jobs-store';
import { usePromptDraftStore } from '../../entities/prompt-draft-store';
import { useErrorAlert } from '../../errors/alert-store';
import { showToast } from '../../ui';
import { focusField } from './focus-field';
import { createInput, estimateInput, promptsOf, type ComposerSnapshot } from './model/batch-input';
import { formProblems, type FormProblem } from './model/form-problems';
import { positiveNumber } from './store/batch-slice';
import { useCreateStore } from './store/create-store';
import type { CreateForm } from './use-create-form';

const ESTIMATE_DELAY_MS = 350;
const MAX_COUNT = 100;

export interface BatchFlow {
  submit: () => Promise<void>;
  busy: boolean;
  /** The artist tried to submit: required fields left empty now say so too. */
  attempted: boolean;
  /** Problems of the batch controls, in the UI language. */
  errors: { count?: string; creditBudget?: string; keyCredits?: string; csv?: string };
  /** Everything that keeps the form from being sent, in the form's order (shown beside Generate). */
  problems: FormProblem[];
  /** The form can be sent as it is. */
  ready: boolean;
}

/**
 * The estimate while the artist types, and submitting: the batch is queued and the form stays for
 * the next one. A submit that cannot go lists every problem and puts the focus on the first.
 */
export function useBatchFlow(form: CreateForm): BatchFlow {
  const { t } = useTranslation();
  const alert = useErrorAlert();
  const state = useCreateStore(useShallow((s) => ({ modelId: s.modelId, prompt: s.prompt, values: s.values, attempted: s.attempted })));
  const batch = useCreateStore(useShallow((s) => ({ mode: s.mode, count: s.count, csv: s.csv, creditBudget: s.creditBudget, keyCredits: s.keyCredits })));
  // Each job whose cost becomes known may turn an "unknown" estimate into credits.
  const priced = useJobsStore((s) => Object.values(s.jobs).filter((job) => job.creditsSpent !== null).length);
  const [busy, setBusy] = useState(false);

  const errors = useMemo(() => {
    const found: BatchFlow['errors'] = {};
    if (!Number.isInteger(batch.count) || batch.count < 1 || batch.count > MAX_COUNT) found.count = t('create.batch.countRange', { max: MAX_COUNT });
    if (batch.creditBudget.trim() !== '' && positiveNumber(batch.creditBudget) === undefined) found.creditBudget = t('create.batch.notPositive');
    if (batch.keyCredits.trim() !== '' && positiveNumber(batch.keyCredits) === undefined) found.keyCredits = t('create.batch.notPositive');
    if (batch.mode === 'template' && /\{\{\s*\w+\s*\}\}/.test(state.prompt) && batch.csv === null)
      found.csv = t('create.batch.needCsv', { column: '{{column}}' });
    return found;
  }, [batch, state.prompt, t]);

  const problemsFor = useCallback(
    (attempted: boolean): FormProblem[] =>
      formProblems(
        form.description,
        form.check.fields,
        [
          { key: 'batch.count', label: t('create.batch.count'), message: errors.count },
          { key: 'batch.csv', label: t('create.batch.csvPick'), message: errors.csv },
          { key: 'batch.creditBudget', label: t('create.batch.creditBudget'), message: errors.creditBudget },
          { key: 'batch.keyCredits', label: t('create.batch.keyCredits'), message: errors.keyCredits },
        ],
        { attempted, promptLabel: t('create.prompt.label') },
      ),
    [form, errors, t],
  );
  const problems = useMemo(() => problemsFor(state.attempted), [problemsFor, state.attempted]);

  const snapshot = useMemo((): ComposerSnapshot | null => {
    if (!form.description || state.modelId === null) return null;
    return {
      description: form.description,
      modelId: state.modelId,
      prompt: state.prompt,
      values: state.values,
      references: form.references,
      maskUrl: form.maskUrl,
      mode: batch.mode,
      count: batch.count,
      csv: batch.csv?.text ?? null,
      csvName: batch.csv?.name ?? null,
      fanOut: form.fanOutTargets,
      creditBudget: positiveNumber(batch.creditBudget),
      keyCredits: positiveNumber(batch.keyCredits),
    };
  }, [form, state, batch]);

  const hasPrompt = snapshot !== null && (snapshot.mode === 'template' ? snapshot.prompt.trim() !== '' : promptsOf(snapshot.prompt, snapshot.mode).length > 0);
  const ready = snapshot !== null && hasPrompt && form.check.ok && !form.pending && Object.keys(errors).length === 0;
  const question = useMemo(() => (ready ? estimateInput(snapshot) : null), [ready, snapshot]);

  useEffect(() => {
    if (question === null) return;
    const timer = setTimeout(() => void useCreateStore.getState().requestEstimate(question, priced), ESTIMATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [question, priced]);

  const submit = useCallback(async (): Promise<void> => {
    const store = useCreateStore.getState();
    if (!ready) {
      store.setAttempted(true);
      // After the render that shows every message, the focus goes to the first field to change.
      const first = problemsFor(true)[0] ?? (hasPrompt ? undefined : { key: 'prompt' });
      if (first) requestAnimationFrame(() => focusField(first.key));
      return;
    }
    if (busy) return;
    setBusy(true);
    // The preset applied to the form is named in the recipe of every result.
    const preset = usePromptDraftStore.getState().preset;
    const answer = alert.track(await store.submitBatch({ ...createInput(snapshot), ...(preset ? { preset } : {}) }));
    setBusy(false);
    if (!answer.ok) return;
    store.rememberBatch(answer.value.batch.id);
    useJobsStore.getState().batchesReceived([answer.value.batch]);
    store.setAttempted(false);
    // The card in the results shows it; the note is for screen readers and a glance.
    showToast((t) => t('create.submit.queued', { count: answer.value.jobCount }), 'success');
    const notKept = answer.value.csvNotKept;
    if (notKept) showToast((t) => t('create.batch.csvNotKept', { size: Math.ceil(notKept.bytes / 1024), limit: notKept.limit / 1024 }), 'info');
  }, [ready, snapshot, busy, alert, problemsFor, hasPrompt]);

  return { submit, busy, attempted: state.attempted, errors, problems, ready };
}
