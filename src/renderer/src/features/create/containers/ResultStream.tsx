import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { Sparkles } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { SPEED_WORDS, displayModelOf, mentionOf, parseGenericId, variantById } from '../../../../../shared/catalog';
import type { AssetView, CharacterView, TypicalDurationView } from '../../../../../shared/contract';
import { isPending } from '../../../../../shared/jobs/job-states';
import { useAssetsStore } from '../../../entities/assets-store';
import { useCharactersStore } from '../../../entities/characters-store';
import { jobTiming } from '../../../entities/job-timing';
import { useJobsStore } from '../../../entities/jobs-store';
import { useHeldEntities } from '../../../entities/retention';
import { studio } from '../../../studio/studio-client';
import { ResultCard } from '../components/ResultCard';
import type { ResultViewerActions } from '../components/ResultViewerPanel';
import { jobGroups, streamRows, viewOrder, wantedRowHeight, type JobGroup, type StreamGroup } from '../model/stream-layout';
import { useCreateStore } from '../store/create-store';
import { useStreamActions } from '../use-stream-actions';
import { ResultViewer } from './ResultViewer';
import { sayWords } from '../../../i18n/use-words';
import './ResultStream.css';
import { observeInnerWidth } from '../../../ui';

/** Jobs the stream shows at most (the list is virtualised: only what is in view is drawn). */
const SHOWN = 300;
const GAP = 8;
/** Where a DOM without layout (tests) starts, until the real size is known. */
const FALLBACK = { width: 800, height: 700 };

/** A job's model in words when it is none of the models as artists know them: a remix by its catalog name, an unknown model by its id. */
function modelLabel(variantId: string, modelId: string): string {
  return parseGenericId(variantId) ? modelId : (sayWords(variantById(variantId)?.label) ?? modelId);
}

/** Ticks once a second while `running`, for the cards' remaining times. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** The jobs started here, grouped for the stream; the caches they need fetched and held. */
function useStreamGroups(): JobGroup[] {
  const { batchIds, jobIds, removed } = useCreateStore(useShallow((s) => ({ batchIds: s.recentBatchIds, jobIds: s.recentJobIds, removed: s.removedJobIds })));
  const jobs = useJobsStore((s) => s.jobs);
  const assets = useAssetsStore((s) => s.assets);

  // After a reload the caches are empty: fetch what the stream remembers, and results not seen yet.
  useEffect(() => {
    void useCreateStore
      .getState()
      .fetchRecentJobs()
      .then((found) => useJobsStore.getState().jobsReceived(found));
  }, []);

  const mine = useMemo(() => {
    const batches = new Set(batchIds);
    const singles = new Set(jobIds);
    const gone = new Set(removed);
    return Object.values(jobs).filter((job) => !gone.has(job.id) && ((job.batchId !== null && batches.has(job.batchId)) || singles.has(job.id)));
  }, [jobs, batchIds, jobIds, removed]);
  const groups = useMemo(() => jobGroups(mine, assets, SHOWN), [mine, assets]);

  // The stream reads its jobs and results by id, outside any list: it holds them while it shows them.
  useHeldEntities(
    'jobs',
    groups.map((group) => group.job.id),
  );
  const assetIds = groups.flatMap((group) => group.job.assetIds);
  useHeldEntities('assets', assetIds);
  const missing = assetIds.filter((id) => assets[id] === undefined);
  useEffect(() => {
    for (const id of missing) void useAssetsStore.getState().fetchAsset(id);
    // Fetch each missing result once: the list of ids is what changes.
  }, [missing.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  return groups;
}

/** How long each model usually takes, asked again as jobs finish. */
function useTypicalDurations(groups: readonly JobGroup[]): readonly TypicalDurationView[] {
  const variants = [...new Set(groups.map((group) => group.job.variantId))].sort();
  const finished = groups.filter((group) => group.job.state === 'done').length;
  const [typical, setTypical] = useState<readonly TypicalDurationView[]>([]);
  useEffect(() => {
    if (variants.length === 0) return;
    void studio()
      .call('jobs.list_durations', { variantIds: variants })
      .then((answer) => answer.ok && setTypical(answer.value));
  }, [variants.join(','), finished]); // eslint-disable-line react-hooks/exhaustive-deps
  return typical;
}

/**
 * Create's results as a stream beside the form: every job started here, newest first, its results
 * together in their own shape, rows filling the width; only the rows in view are drawn. A result
 * opens in a view over Create. `sending`: a submission is on its way, shown before main answers.
 */
export function ResultStream({ sending }: { sending: boolean }) {
  const { t } = useTranslation();
  const groups = useStreamGroups();
  const characters = useCharactersStore((s) => s.characters);
  const typical = useTypicalDurations(groups);
  const actions = useStreamActions();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK.width);
  const [viewing, setViewing] = useState<string | null>(null);

  const shown: StreamGroup[] = useMemo(
    () => (sending ? [{ kind: 'sending', key: 'sending', tiles: 1, aspect: 1, note: false }, ...groups] : groups),
    [sending, groups],
  );
  const rows = useMemo(() => streamRows(shown, { width, gap: GAP, rowHeight: wantedRowHeight(width) }), [shown, width]);
  const order = useMemo(() => viewOrder(groups), [groups]);

  // The virtualiser keeps its own state outside React's; the compiler leaves this component as written.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.height ?? 200) + GAP,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 3,
    initialRect: FALLBACK,
    observeElementRect: observeInnerWidth(FALLBACK, setWidth),
  });
  useEffect(() => virtualizer.measure(), [rows, virtualizer]);

  const running = groups.some((group) => isPending(group.job.state));
  const now = useNow(running);

  // A new job at the top comes into view where the artist is looking.
  const first = shown[0]?.key;
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0, behavior: 'smooth' });
  }, [first]);

  const characterOf = (taskId: string | null): CharacterView | undefined =>
    taskId === null ? undefined : Object.values(characters).find((c) => c.sourceTaskId === taskId);
  const open = (asset: AssetView): void => setViewing(asset.id);
  // Steps that change the form close the view, so the artist sees the form they changed.
  const viewerActions = useMemo((): ResultViewerActions => {
    const closing = (run: (asset: AssetView) => void) => (asset: AssetView) => {
      setViewing(null);
      run(asset);
    };
    const { viewer } = actions;
    return {
      ...viewer,
      onReuse: closing(viewer.onReuse),
      onReference: closing(viewer.onReference),
      onEdit: closing(viewer.onEdit),
      onAnimate: closing(viewer.onAnimate),
    };
  }, [actions]);
  const viewed = viewing === null ? undefined : order.find((asset) => asset.id === viewing);

  const card = (group: StreamGroup, size: { width: number; height: number }) => {
    if (group.kind === 'sending') {
      return (
        <li key={group.key} className="result-card result-sending" style={size} aria-label={t('results.sending')}>
          <div className="result-pending">
            <span className="spinner" aria-hidden="true" />
            <p className="result-when">{t('results.sending')}</p>
          </div>
        </li>
      );
    }
    const { job } = group;
    const display = displayModelOf(job.variantId);
    const typicalMs = typical.find((entry) => entry.variantId === job.variantId)?.medianMs ?? null;
    const character = characterOf(job.taskId);
    return (
      <ResultCard
        key={group.key}
        group={group}
        size={size}
        modelName={sayWords(display?.model.name) ?? modelLabel(job.variantId, job.model)}
        characterName={character ? mentionOf(character) : null}
        onRenameCharacter={character ? () => useCreateStore.getState().showRename(character.id) : undefined}
        timing={jobTiming(job, typicalMs, now)}
        usualSpeed={display ? sayWords(SPEED_WORDS[display.member.speed]) : null}
        canRunQueued={actions.queuedFor(job.variantId, job.model) !== undefined}
        resultStillValid={job.resultValidUntil !== null && now < job.resultValidUntil}
        mediaUrl={(path) => studio().mediaUrl(path)}
        {...actions.card}
        onOpen={open}
      />
    );
  };

  return (
    <section className="results" aria-labelledby="results-title">
      <h2 id="results-title" className="results-title">
        {t('results.title')}
      </h2>
      <div className="results-scroll" ref={scrollRef}>
        {shown.length === 0 ? (
          <div className="results-empty">
            <Sparkles size={28} aria-hidden="true" />
            <p>{t('results.empty')}</p>
          </div>
        ) : (
          <div className="results-list" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((virtual) => {
              const row = rows[virtual.index];
              if (!row) return null;
              // Each row is a list of its jobs: only the rows in view are in the page.
              return (
                <ul key={row.key} className="results-row" style={{ transform: `translateY(${String(virtual.start)}px)`, height: row.height }}>
                  {row.groups.map((placed) => card(placed.group, { width: placed.width, height: row.height }))}
                </ul>
              );
            })}
          </div>
        )}
      </div>
      {viewed && (
        <ResultViewer
          asset={viewed}
          position={{ index: order.indexOf(viewed), count: order.length }}
          order={order}
          onStep={setViewing}
          onClose={() => setViewing(null)}
          actions={viewerActions}
        />
      )}
    </section>
  );
}
