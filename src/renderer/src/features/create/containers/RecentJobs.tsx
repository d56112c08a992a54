import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import type { JobView } from '../../../../../shared/contract';
import { paths } from '../../../routing/paths';
import { useAssetsStore } from '../../../entities/assets-store';
import { useCharactersStore } from '../../../entities/characters-store';
import { useJobsStore } from '../../../entities/jobs-store';
import { useHeldEntities } from '../../../entities/retention';
import { useLocale } from '../../../errors/use-error-wording';
import { studio } from '../../../studio/studio-client';
import { variantById } from '../../../../../shared/catalog';
import { RecentStrip, type RecentItem } from '../components/RecentStrip';
import { useCreateStore } from '../store/create-store';

const SHOWN = 24;

/** The strip of this screen's recent jobs: live from the jobs cache, results from the assets cache. */
export function RecentJobs() {
  const locale = useLocale();
  const navigate = useNavigate();
  const { batchIds, jobIds } = useCreateStore(useShallow((s) => ({ batchIds: s.recentBatchIds, jobIds: s.recentJobIds })));
  const jobs = useJobsStore((s) => s.jobs);
  const assets = useAssetsStore((s) => s.assets);
  const characters = useCharactersStore((s) => s.characters);

  // After a reload the caches are empty: fetch what the strip remembers, and results not seen yet.
  useEffect(() => {
    void useCreateStore
      .getState()
      .fetchRecentJobs()
      .then((found) => useJobsStore.getState().jobsReceived(found));
  }, []);

  const mine = useMemo(() => {
    const batches = new Set(batchIds);
    const singles = new Set(jobIds);
    return Object.values(jobs)
      .filter((job) => (job.batchId !== null && batches.has(job.batchId)) || singles.has(job.id))
      .sort((a, b) => b.createdAt - a.createdAt || b.position - a.position)
      .slice(0, SHOWN);
  }, [jobs, batchIds, jobIds]);

  // The strip reads its jobs and results by id, outside any list: it holds them in the caches while it shows them.
  useHeldEntities('jobs', mine.map((job) => job.id));
  useHeldEntities('assets', mine.flatMap((job) => job.assetIds));
  const missing = mine.flatMap((job) => job.assetIds).filter((id) => assets[id] === undefined);
  useEffect(() => {
    for (const id of missing) void useAssetsStore.getState().fetchAsset(id);
    // Fetch each missing result once: the list of ids is what changes.
  }, [missing.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps

  const items: RecentItem[] = mine.map((job: JobView) => ({
    job,
    assets: job.assetIds.flatMap((id) => (assets[id] ? [assets[id]] : [])),
    modelName: variantById(job.variantId)?.label[locale] ?? job.model,
    characterName: job.taskId === null ? null : (Object.values(characters).find((c) => c.sourceTaskId === job.taskId)?.username ?? null),
  }));

  return (
    <RecentStrip
      items={items}
      mediaUrl={(path) => studio().mediaUrl(path)}
      onReuse={(asset) => void navigate(paths.create({ reuse: asset.id }))}
      onReference={(asset) => void navigate(paths.create({ reference: asset.id }))}
      onRemix={(asset) => void navigate(paths.create({ remix: asset.id }))}
      onCharacter={(asset) => void navigate(paths.create({ character: asset.id }))}
    />
  );
}
