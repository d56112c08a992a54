import { Sparkles } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { SPEED_WORDS, displayModelOf, memberFor, parseGenericId, variantById } from '../../../../../shared/catalog';
import type { AssetView, TypicalDurationView } from '../../../../../shared/contract';
import { useAssetsStore } from '../../../entities/assets-store';
import { useCharactersStore } from '../../../entities/characters-store';
import { jobTiming } from '../../../entities/job-timing';
import { isPending } from '../../../../../shared/jobs/job-states';
import { useJobsStore } from '../../../entities/jobs-store';
import { useResultActions, type RerunAnswer } from '../../../entities/result-actions';
import { useHeldEntities } from '../../../entities/retention';
import { useErrorAlert } from '../../../errors/alert-store';
import { paths } from '../../../routing/paths';
import { studio } from '../../../studio/studio-client';
import { showToast } from '../../../ui';
import { ResultCard } from '../components/ResultCard';
import { resultItems } from '../model/result-items';
import { useCreateStore } from '../store/create-store';
import './ResultStream.css';
import { sayWords } from '../../../i18n/use-words';

const SHOWN = 60;

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

/**
 * Create's results, beside the form: every job started here as a live card, newest first at the
 * top (scrolled into view as it is added), each result taking its card's place as it lands.
 * `sending`: a submission is on its way, shown as a card before main answers.
 */
export function ResultStream({ sending }: { sending: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alert = useErrorAlert();
  const actions = useResultActions();
  const { batchIds, jobIds, models } = useCreateStore(useShallow((s) => ({ batchIds: s.recentBatchIds, jobIds: s.recentJobIds, models: s.models })));
  const jobs = useJobsStore((s) => s.jobs);
  const assets = useAssetsStore((s) => s.assets);
  const characters = useCharactersStore((s) => s.characters);
  const list = useRef<HTMLUListElement>(null);

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
    return Object.values(jobs).filter((job) => (job.batchId !== null && batches.has(job.batchId)) || singles.has(job.id));
  }, [jobs, batchIds, jobIds]);
  const items = useMemo(() => resultItems(mine, assets, SHOWN), [mine, assets]);
  const shownJobs = [...new Set(items.map((item) => item.job))];

  // The stream reads its jobs and results by id, outside any list: it holds them while it shows them.
  useHeldEntities(
    'jobs',
    shownJobs.map((job) => job.id),
  );
  useHeldEntities(
    'assets',
    shownJobs.flatMap((job) => job.assetIds),
  );
  const missing = shownJobs.flatMap((job) => job.assetIds).filter((id) => assets[id] === undefined);
  useEffect(() => {
    for (const id of missing) void useAssetsStore.getState().fetchAsset(id);
    // Fetch each missing result once: the list of ids is what changes.
  }, [missing.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps

  // How long each model usually takes, asked again as jobs finish.
  const variants = [...new Set(shownJobs.map((job) => job.variantId))].sort();
  const finished = shownJobs.filter((job) => job.state === 'done').length;
  const [typical, setTypical] = useState<readonly TypicalDurationView[]>([]);
  useEffect(() => {
    if (variants.length === 0) return;
    void studio()
      .call('jobs.list_durations', { variantIds: variants })
      .then((answer) => answer.ok && setTypical(answer.value));
  }, [variants.join(','), finished]); // eslint-disable-line react-hooks/exhaustive-deps

  const running = shownJobs.some((job) => isPending(job.state));
  const now = useNow(running);

  // A new card at the top comes into view where the artist is looking.
  const first = items[0]?.key;
  useEffect(() => {
    list.current?.scrollTo({ top: 0, behavior: 'smooth' });
  }, [first, sending]);

  const offered = useMemo(() => new Set(models.flatMap((model) => model.variants.map((variant) => `${model.id}|${variant.id}`))), [models]);
  /** The variant of the same model that returns the edited image, when the gateway offers it. */
  const queuedFor = (variantId: string, modelId: string): string | undefined => {
    const display = displayModelOf(variantId)?.model;
    const member = display ? memberFor(display, 'edit', 'queued') : undefined;
    return member && member.variantId !== variantId && offered.has(`${modelId}|${member.variantId}`) ? member.variantId : undefined;
  };
  const remember = (answer: RerunAnswer): void => {
    if (answer.ok) useCreateStore.getState().rememberBatch(answer.value.batch.id);
  };
  const characterOf = (taskId: string | null): string | null =>
    taskId === null ? null : (Object.values(characters).find((c) => c.sourceTaskId === taskId)?.username ?? null);

  return (
    <section className="results" aria-labelledby="results-title">
      <h2 id="results-title" className="results-title">
        {t('results.title')}
      </h2>
      {items.length === 0 && !sending ? (
        <div className="results-empty">
          <Sparkles size={28} aria-hidden="true" />
          <p>{t('results.empty')}</p>
        </div>
      ) : (
        <ul className="results-list" ref={list}>
          {sending && (
            <li className="result-card result-sending" aria-label={t('results.sending')}>
              <div className="result-media result-sending-media">
                <span className="spinner" aria-hidden="true" />
                <p className="result-when">{t('results.sending')}</p>
              </div>
            </li>
          )}
          {items.map((item) => {
            const { job } = item;
            const display = displayModelOf(job.variantId);
            const speed = display ? sayWords(SPEED_WORDS[display.member.speed]) : null;
            const typicalMs = typical.find((entry) => entry.variantId === job.variantId)?.medianMs ?? null;
            const queued = queuedFor(job.variantId, job.model);
            return (
              <ResultCard
                key={item.key}
                item={item}
                modelName={sayWords(display?.model.name) ?? modelLabel(job.variantId, job.model)}
                characterName={characterOf(job.taskId)}
                timing={jobTiming(job, typicalMs, now)}
                usualSpeed={speed}
                canRunQueued={queued !== undefined}
                resultStillValid={job.resultValidUntil !== null && now < job.resultValidUntil}
                mediaUrl={(path) => studio().mediaUrl(path)}
                onReuse={(asset: AssetView) => void navigate(paths.create({ reuse: asset.id }))}
                onReference={actions.useAsReference}
                onReroll={(asset) => void actions.reroll(asset).then(remember)}
                onVary={(asset) => void actions.vary(asset).then(remember)}
                onFavourite={(asset) => void actions.favourite(asset)}
                onRemix={(asset) => void navigate(paths.create({ remix: asset.id }))}
                onCharacter={(asset) => void navigate(paths.create({ character: asset.id }))}
                onDownloadAgain={(jobId) => void useJobsStore.getState().downloadAgain(jobId).then(alert.track)}
                onRunQueued={(jobId) => {
                  if (queued === undefined) return;
                  void useCreateStore
                    .getState()
                    .rerunJob(jobId, queued)
                    .then((answer) => {
                      if (!alert.track(answer).ok) return;
                      remember(answer);
                      showToast(t('results.runQueuedStarted'), 'success');
                    });
                }}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
