/**
 * The prompt history's default listing (newest first, no search) without grouping the whole
 * library: the uses are walked newest first (jobs, and results without a job, side by side) until
 * `limit` different prompts are found, then each is counted along its own index. Grouping every
 * use took 70-460 ms at 44,000 jobs, and the Create page asks for this list as it opens; the walk
 * reads about one row an entry when prompts differ, and never more rows than the grouping did.
 */
import type { LibraryDatabase } from './library-database';

/** An entry as the database gives it, before its thumbnail. */
export interface HistoryEntryRow {
  prompt: string;
  is_template: number;
  model: string;
  variant_id: string | null;
  uses: number;
  last_used_at: number;
}

interface Use {
  prompt: string;
  is_template: number;
  model: string;
  variant_id: string | null;
  created_at: number;
}

// A batch made from a template counts as its template; the same words typed as a plain prompt are another entry.
const JOB_USES = `
  SELECT COALESCE(b.template, j.prompt) AS prompt, b.template IS NOT NULL AS is_template, j.model, j.variant_id, j.created_at
  FROM jobs j LEFT JOIN batches b ON b.id = j.batch_id WHERE trim(j.prompt) <> '' ORDER BY j.created_at DESC, j.id DESC`;
const RESULT_USES = `
  SELECT prompt, 0 AS is_template, model, variant_id, created_at
  FROM assets INDEXED BY assets_without_job_created WHERE job_id IS NULL AND trim(prompt) <> '' ORDER BY created_at DESC`;
const TEMPLATE_USES = `SELECT COUNT(*) AS uses FROM batches b JOIN jobs j ON j.batch_id = b.id WHERE b.template = @prompt AND trim(j.prompt) <> ''`;
const PROMPT_USES = `
  SELECT (SELECT COUNT(*) FROM jobs j LEFT JOIN batches b ON b.id = j.batch_id WHERE j.prompt = @prompt AND b.template IS NULL)
       + (SELECT COUNT(*) FROM assets WHERE prompt = @prompt AND job_id IS NULL) AS uses`;

/** The `limit` most recently used prompts, newest first, each with its model of that use and its count of uses. */
export function newestPromptEntries(db: LibraryDatabase, limit: number): HistoryEntryRow[] {
  const latest = latestUses(db, limit);
  return latest.map((use) => ({
    prompt: use.prompt,
    is_template: use.is_template,
    model: use.model,
    variant_id: use.variant_id,
    uses: db.prepare<[{ prompt: string }], { uses: number }>(use.is_template === 1 ? TEMPLATE_USES : PROMPT_USES).get({ prompt: use.prompt })?.uses ?? 1,
    last_used_at: use.created_at,
  }));
}

/** Each prompt's latest use, newest first, until `limit` prompts: the two walks merged by time. */
function latestUses(db: LibraryDatabase, limit: number): Use[] {
  const jobs = db.prepare<[], Use>(JOB_USES).iterate();
  const results = db.prepare<[], Use>(RESULT_USES).iterate();
  const latest = new Map<string, Use>();
  try {
    let job = nextOf(jobs);
    let result = nextOf(results);
    while (latest.size < limit) {
      const takeJob = job !== undefined && (result === undefined || job.created_at >= result.created_at);
      const use = takeJob ? job : result;
      if (use === undefined) break;
      if (takeJob) job = nextOf(jobs);
      else result = nextOf(results);
      const key = `${String(use.is_template)}:${use.prompt}`;
      if (!latest.has(key)) latest.set(key, use);
    }
  } finally {
    // A walk stopped early gives its statement back; the next call would find it busy otherwise.
    jobs.return?.();
    results.return?.();
  }
  return [...latest.values()];
}

function nextOf(walk: Iterator<Use>): Use | undefined {
  const step = walk.next();
  return step.done === true ? undefined : step.value;
}
