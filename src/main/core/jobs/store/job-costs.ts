/**
 * What jobs cost, as the studio has measured it. A measured job is one whose cost was read from
 * the balance around its own submission; estimates come from the latest measured jobs of the same
 * price key on the same gateway profile (null: the demo gateway).
 */
import type { LibraryDatabase } from '../../library';

/** How many measured jobs an estimate looks at (the newest ones: prices change). */
const SAMPLES = 5;

/** Credits of the newest measured jobs of this price key on this profile, newest first. */
function measuredCosts(db: LibraryDatabase, priceKey: string, profileId: string | null, limit = SAMPLES): number[] {
  const sql = `SELECT credits FROM jobs WHERE credits_measured = 1 AND price_key = ? AND profile_id IS ?
               ORDER BY submitted_at DESC, seq DESC LIMIT ?`;
  return db
    .prepare<[string, string | null, number], { credits: number }>(sql)
    .all(priceKey, profileId, limit)
    .map((row) => row.credits);
}

/** The median of the newest measured costs of a price key, or null when none was measured. */
export function estimatedCost(db: LibraryDatabase, priceKey: string, profileId: string | null): { credits: number; samples: number } | null {
  const costs = measuredCosts(db, priceKey, profileId).sort((a, b) => a - b);
  if (costs.length === 0) return null;
  const middle = Math.floor(costs.length / 2);
  const median = costs.length % 2 === 1 ? (costs[middle] ?? 0) : ((costs[middle - 1] ?? 0) + (costs[middle] ?? 0)) / 2;
  return { credits: median, samples: costs.length };
}

/** Records what a job cost (measured, or estimated), and the price key it was priced under. */
export function setJobCost(db: LibraryDatabase, jobId: string, cost: { priceKey: string; credits: number | null; measured: boolean }): void {
  db.prepare('UPDATE jobs SET price_key = ?, credits = ?, credits_measured = ? WHERE id = ?').run(cost.priceKey, cost.credits, cost.measured ? 1 : 0, jobId);
}
