/**
 * Prices a planned batch before it is stored: each request is priced from the measured jobs of
 * its price key on the gateway in use, grouped by kind so the form can say what is known.
 */
import { priceKeyOf, variantById } from '../../../shared/catalog';
import type { CostEstimate } from '../../../shared/contract';
import type { LibraryDatabase } from '../library';
import { estimatedCost } from './store';
import type { EngineJobInput } from './engine-types';

export function estimateBatchCost(db: LibraryDatabase, jobs: readonly EngineJobInput[], profileId: string | null): CostEstimate {
  const kinds = new Map<string, CostEstimate['kinds'][number]>();
  for (const job of jobs) {
    const entry = variantById(job.variantId);
    if (!entry) continue;
    const key = priceKeyOf(entry, job.body);
    const known = kinds.get(key);
    if (known) {
      known.requests += 1;
      continue;
    }
    const estimate = estimatedCost(db, key, profileId);
    const model = typeof job.body.model === 'string' ? job.body.model : entry.modelIds[0];
    kinds.set(key, { variantId: entry.id, model, requests: 1, creditsEach: estimate?.credits ?? null, samples: estimate?.samples ?? 0 });
  }
  const all = [...kinds.values()];
  const priced = all.filter((kind) => kind.creditsEach !== null);
  return {
    requests: all.reduce((sum, kind) => sum + kind.requests, 0),
    credits: priced.length === 0 ? null : round(priced.reduce((sum, kind) => sum + kind.requests * (kind.creditsEach ?? 0), 0)),
    unpricedRequests: all.filter((kind) => kind.creditsEach === null).reduce((sum, kind) => sum + kind.requests, 0),
    kinds: all,
  };
}

function round(credits: number): number {
  return Math.round(credits * 1e6) / 1e6;
}
