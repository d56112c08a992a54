import { describe, expect, it } from 'vitest';
import type { AccountBalance, BatchView, JobView } from '../../../../shared/contract';
import { budgetLeft, durationParts, jobActions, jobTiming, mergeTimeline, openByDefault, timelineRows, type BatchJobsPart } from './timeline-model';
import { jobView } from '../../../../shared/contract/test-support';

const batch = (id: string, createdAt: number, over: Partial<BatchView> = {}): BatchView => ({
  id,
  name: id,
  status: 'done',
  createdAt,
  updatedAt: createdAt,
  counts: {},
  note: null,
  creditBudget: null,
  dedicatedKeyCredits: null,
  creditsSpent: null,
  ...over,
});

const job = jobView;

const ids = (entries: ReturnType<typeof mergeTimeline>['entries']): string[] => entries.map((e) => (e.kind === 'batch' ? e.batch.id : e.job.id));

describe('merging batches and single jobs newest first', () => {
  it('interleaves both lists by time when both are loaded to the end', () => {
    const merged = mergeTimeline({ items: [batch('b3', 30), batch('b1', 10)], hasMore: false }, { items: [job('j4', 40), job('j2', 20)], hasMore: false });
    expect(ids(merged.entries)).toEqual(['j4', 'b3', 'j2', 'b1']);
    expect(merged.blocked).toEqual([]);
  });

  it('holds back what an unloaded page of the other list could still come before, and names the list to load', () => {
    const merged = mergeTimeline({ items: [batch('b9', 90), batch('b5', 50)], hasMore: true }, { items: [job('j7', 70), job('j1', 10)], hasMore: false });
    expect(ids(merged.entries)).toEqual(['b9', 'j7', 'b5']);
    expect(merged.blocked).toEqual(['batches']);

    const both = mergeTimeline({ items: [batch('b9', 90), batch('b5', 50)], hasMore: true }, { items: [job('j8', 80)], hasMore: true });
    expect(ids(both.entries)).toEqual(['b9', 'j8']);
    expect(both.blocked).toEqual(['singles']);
  });

  it('places nothing while a list with pages to come has none loaded yet', () => {
    expect(mergeTimeline({ items: [], hasMore: true }, { items: [job('j1', 10)], hasMore: false })).toEqual({ entries: [], blocked: ['batches'] });
  });
});

describe('the rows of the list', () => {
  const part = (jobs: JobView[], status: BatchJobsPart['status'], hasMore = false): BatchJobsPart => ({ jobs, status, hasMore });

  it('shows an open batch’s loaded jobs under its header, a row to load more, and folds a closed one', () => {
    const entries = [
      { kind: 'batch' as const, batch: batch('open', 30) },
      { kind: 'batch' as const, batch: batch('closed', 20) },
      { kind: 'job' as const, job: job('single', 10) },
    ];
    const rows = timelineRows(
      entries,
      (b) => b.id === 'open',
      () => part([job('a', 30), job('b', 30)], 'ready', true),
      { hasMore: true, loading: false },
    );
    expect(rows.map((r) => r.key)).toEqual(['batch:open', 'job:a', 'job:b', 'more:open', 'batch:closed', 'job:single', 'end']);
    expect(rows.find((r) => r.kind === 'end')).toMatchObject({ status: 'more' });
    const closed = timelineRows(
      entries.slice(0, 1),
      () => true,
      () => part([job('a', 30), job('b', 30)], 'ready'),
      { hasMore: false, loading: false },
    );
    expect(closed.map((r) => (r.kind === 'job' ? r.closesGroup : r.kind))).toEqual(['batch', false, true, 'end']);
    const unloaded = timelineRows(
      entries.slice(0, 1),
      () => true,
      () => part([], 'unloaded'),
      { hasMore: false, loading: false },
    );
    expect(unloaded.map((r) => (r.kind === 'batch-more' ? r.status : r.kind))).toEqual(['batch', 'unloaded', 'end']);
    expect(
      timelineRows(
        [],
        () => true,
        () => part([], 'ready'),
        { hasMore: false, loading: false },
      ),
    ).toEqual([{ kind: 'end', key: 'end', status: 'empty' }]);
  });

  it('opens batches at work, stopped ones and the newest; folds older finished ones', () => {
    expect(openByDefault(batch('a', 1, { status: 'active' }), false)).toBe(true);
    expect(openByDefault(batch('p', 1, { status: 'paused' }), false)).toBe(true);
    expect(openByDefault(batch('d', 1), true)).toBe(true);
    expect(openByDefault(batch('d', 1), false)).toBe(false);
    expect(openByDefault(batch('u', 1, { counts: { unknown: 1 } }), false)).toBe(true);
  });
});

describe('time', () => {
  it('estimates from the variant’s usual duration, then from the gateway’s progress, and says when it runs long', () => {
    const running = { state: 'running' as const, startedAt: 1_000, submittedAt: 1_500, finishedAt: null, progress: 50 };
    expect(jobTiming(running, 60_000, 21_000)).toEqual({ elapsedMs: 20_000, remainingMs: 40_000, overdue: false });
    expect(jobTiming(running, null, 21_000)).toEqual({ elapsedMs: 20_000, remainingMs: 20_000, overdue: false });
    expect(jobTiming({ ...running, progress: 0 }, null, 21_000)).toEqual({ elapsedMs: 20_000, remainingMs: null, overdue: false });
    expect(jobTiming(running, 10_000, 31_000)).toEqual({ elapsedMs: 30_000, remainingMs: null, overdue: true });
    expect(jobTiming({ ...running, state: 'done', finishedAt: 9_000 }, 60_000, 99_000)).toEqual({ elapsedMs: 8_000, remainingMs: null, overdue: false });
    expect(jobTiming({ ...running, state: 'queued', startedAt: null, submittedAt: null }, 60_000, 99_000).elapsedMs).toBeNull();
    expect(durationParts(3_725_400)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
  });

  it('says what a budget leaves: a dedicated key’s cap less what was spent, or the balance above a floor', () => {
    expect(budgetLeft(batch('k', 1, { dedicatedKeyCredits: 300, creditsSpent: 120 }), null)).toEqual({ kind: 'cap', cap: 300, left: 180 });
    const balance = (token: Partial<AccountBalance['token']>, userCredits: number | null): AccountBalance => {
      const view = {
        unlimited: false,
        remainCredits: null,
        usedCredits: null,
        remainBalance: null,
        usedBalance: null,
        creditsPerUsd: 200,
        dailyLimitCredits: null,
        monthlyLimitCredits: null,
      };
      return { token: { ...view, ...token }, user: { ...view, remainCredits: userCredits }, userError: null, demoMode: true };
    };
    expect(budgetLeft(batch('f', 1, { creditBudget: 100 }), balance({ remainCredits: 350 }, 9_000))).toEqual({ kind: 'floor', floor: 100, left: 250 });
    expect(budgetLeft(batch('f', 1, { creditBudget: 100 }), balance({ unlimited: true }, 400))).toEqual({ kind: 'floor', floor: 100, left: 300 });
    expect(budgetLeft(batch('f', 1, { creditBudget: 100 }), null)).toEqual({ kind: 'floor', floor: 100, left: null });
    expect(budgetLeft(batch('n', 1), null)).toBeNull();
  });

  it('offers the actions a job’s state allows', () => {
    const of = (over: Partial<JobView>) => job('j', 1, over);
    expect(jobActions(of({ state: 'running' }))).toEqual({
      cancel: true,
      retry: false,
      editRetry: false,
      resolve: false,
      open: false,
      checkNow: false,
      submitAgain: false,
      lookUp: false,
      downloadAgain: false,
    });
    expect(jobActions(of({ state: 'unknown' }))).toMatchObject({ resolve: true, cancel: false, lookUp: false });
    expect(jobActions(of({ state: 'done', assetIds: ['a'] }))).toMatchObject({ open: true, retry: false });
    expect(jobActions(of({ state: 'expired' }))).toMatchObject({ retry: true, editRetry: true });
  });

  it('does not resend a request the gateway refused for what it asked: it offers to edit it first', () => {
    for (const errorCode of ['bad_request', 'invalid_request', 'prompt_blocked']) {
      expect(jobActions(job('r', 1, { state: 'failed', errorCode }))).toMatchObject({ retry: false, editRetry: true });
    }
    // A failure on the gateway's side may succeed as it is.
    expect(jobActions(job('t', 1, { state: 'failed', errorCode: 'task_failed' }))).toMatchObject({ retry: true, editRetry: true });
    expect(jobActions(job('c', 1, { state: 'canceled', errorCode: 'canceled' }))).toMatchObject({ retry: true, editRetry: true });
  });

  it('offers "check now" and a new paid submission for a job still running past its usual time', () => {
    const late = job('late', 1, { state: 'running', overdueSince: 1_000, variantId: 'video.clip-3.0-turbo' });
    expect(jobActions(late)).toMatchObject({ cancel: true, checkNow: true, submitAgain: true, retry: false });
    expect(jobActions({ ...late, state: 'done' })).toMatchObject({ checkNow: false, submitAgain: false });
  });

  it('offers "check now" for a job waiting for a usable key, and "download again" while its result is valid', () => {
    const noKey = job('k', 1, { state: 'running', waitingFor: 'key', waitingMessage: '该令牌额度已用尽', retryAt: 5_000 });
    expect(jobActions(noKey)).toMatchObject({ checkNow: true, submitAgain: false, retry: false, cancel: true });
    const retrying = job('d', 1, { state: 'downloading', waitingFor: 'download', retryAt: 5_000, resultValidUntil: 90_000 });
    expect(jobActions(retrying, 2_000)).toMatchObject({ downloadAgain: true, retry: false });
    const failed = job('f', 1, { state: 'failed', errorCode: 'download_failed', resultValidUntil: 90_000 });
    expect(jobActions(failed, 2_000)).toMatchObject({ downloadAgain: true, retry: true });
    expect(jobActions(failed, 90_000)).toMatchObject({ downloadAgain: false, retry: true });
    expect(jobActions(job('e', 1, { state: 'expired', resultValidUntil: 90_000 }), 100_000)).toMatchObject({ downloadAgain: false });
  });

  it('offers "look up on the gateway" for an unknown job whose variant can be found by business id', () => {
    expect(jobActions(job('u', 1, { state: 'unknown', variantId: 'video.clip-v3-omni' }))).toMatchObject({ lookUp: true, resolve: true });
    expect(jobActions(job('f', 1, { state: 'failed', variantId: 'video.clip-v3-omni' })).lookUp).toBe(false);
  });
});
