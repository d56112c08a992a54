import { useEffect, useMemo, useState } from 'react';
import type { BatchView, StudioError } from '../../../../shared/contract';
import { batchPages } from '../../entities/batch-pages';
import { jobPages, type JobFilter } from '../../entities/job-pages';
import { useJobsStore } from '../../entities/jobs-store';
import { useHeldEntities } from '../../entities/retention';
import { usePagedLists } from '../../entities/use-paged-queries';
import { usePagedQuery } from '../../entities/use-paged-query';
import { useTimelineStore } from './timeline-store';
import { mergeTimeline, openByDefault, timelineRows, type BatchJobsPart, type TimelineEntry, type TimelineRow } from './timeline-model';

export interface TimelineRows {
  rows: TimelineRow[];
  /** The first page failed (or a later one): shown above the list with a way to try again. */
  error: StudioError | null;
  retry: () => void;
  /** A row that loads something came into view. */
  onReached: (row: TimelineRow) => void;
}

const noFilter = {};
const singlesFilter: JobFilter = { outsideBatches: true };

/** The jobs of the open batches, from their paged lists, as the rows need them. */
function useOpenBatchJobs(batchIds: readonly string[]): { jobsOf: (batchId: string) => BatchJobsPart; load: (batchId: string) => void } {
  const lists = usePagedLists(
    jobPages,
    batchIds.map((batchId): JobFilter => ({ batchId })),
  );
  const jobs = jobPages.useItems(lists.flatMap((list) => list.query?.ids ?? []));
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const byBatch = new Map(lists.map((list, index) => [batchIds[index] ?? '', list]));
  return {
    jobsOf: (batchId) => {
      const query = byBatch.get(batchId)?.query;
      if (query === undefined) return { jobs: [], status: 'unloaded', hasMore: false };
      return {
        jobs: query.ids.flatMap((id) => byId.get(id) ?? []),
        status: query.status === 'ready' && query.error !== null ? 'error' : query.status,
        hasMore: query.nextCursor !== null,
      };
    },
    load: (batchId) => byBatch.get(batchId)?.load(),
  };
}

/** Every batch and single job, newest first, each open batch with its jobs: the whole timeline. */
export function useTimelineRows(): TimelineRows {
  const batches = usePagedQuery(batchPages, noFilter);
  const singles = usePagedQuery(jobPages, singlesFilter);
  const overrides = useTimelineStore((s) => s.open);
  const { entries, blocked } = mergeTimeline(
    { items: batches.items, hasMore: batches.hasMore || batches.status === 'loading' },
    { items: singles.items, hasMore: singles.hasMore || singles.status === 'loading' },
  );
  const newestBatch = entries.find((entry): entry is Extract<TimelineEntry, { kind: 'batch' }> => entry.kind === 'batch')?.batch.id;
  const isOpen = (batch: BatchView): boolean => overrides[batch.id] ?? openByDefault(batch, batch.id === newestBatch);
  const openIds = entries.flatMap((entry) => (entry.kind === 'batch' && isOpen(entry.batch) ? [entry.batch.id] : []));
  const open = useOpenBatchJobs(openIds);
  const loading = batches.loadingMore || singles.loadingMore || batches.status === 'loading' || singles.status === 'loading';
  const rows = timelineRows(entries, isOpen, open.jobsOf, { hasMore: blocked.length > 0, loading });
  return {
    rows,
    error: batches.error ?? singles.error,
    retry: () => {
      if (batches.status === 'error') batches.reload();
      else batches.loadMore();
      if (singles.status === 'error') singles.reload();
      else singles.loadMore();
    },
    onReached: (row) => {
      if (row.kind === 'batch-more' && (row.status === 'unloaded' || row.status === 'more')) open.load(row.batchId);
      if (row.kind === 'end' && row.status === 'more') {
        if (blocked.includes('batches')) batches.loadMore();
        if (blocked.includes('singles')) singles.loadMore();
      }
    },
  };
}

/** One batch on its own page (`/timeline/batch/:id`), always open, its jobs page by page. */
export function useBatchRows(batchId: string): TimelineRows & { missing: boolean } {
  const batch = useJobsStore((s) => s.batches[batchId]);
  useHeldEntities('batches', [batchId]);
  const fetchBatch = useJobsStore((s) => s.fetchBatch);
  const filter = useMemo((): JobFilter => ({ batchId }), [batchId]);
  const jobs = usePagedQuery(jobPages, filter);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let current = true;
    void fetchBatch(batchId).then((answer) => {
      if (current && !answer.ok && answer.error.code === 'not_found') setMissing(true);
    });
    return () => {
      current = false;
    };
  }, [batchId, fetchBatch]);
  const part: BatchJobsPart = {
    jobs: jobs.items,
    status: jobs.status === 'ready' && jobs.error !== null ? 'error' : jobs.status,
    hasMore: jobs.hasMore,
  };
  const rows = timelineRows(
    batch ? [{ kind: 'batch', batch }] : [],
    () => true,
    () => part,
    { hasMore: false, loading: batch === undefined },
  );
  return {
    rows: batch ? rows.filter((row) => row.kind !== 'end') : rows,
    error: jobs.error,
    missing,
    retry: () => (jobs.status === 'error' ? jobs.reload() : jobs.loadMore()),
    onReached: (row) => {
      if (row.kind === 'batch-more' && row.status === 'more') jobs.loadMore();
    },
  };
}
