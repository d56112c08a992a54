/**
 * The prompt history as the Create page asks for it when it opens (the 50 newest prompts, each
 * with its count of uses, the model of its latest use and its newest result's picture) over the
 * shared library, against reading the 50 newest jobs by hand (the least that list can cost) and,
 * for scale, the same entries by grouping every use (how it was found before migration 031).
 */
import { listPromptHistory } from '../src/main/core/library/prompt-history';
import { sized, type BenchContext } from './context';
import { sharedLibrary, LIBRARY_SIZE, QUICK_LIBRARY_SIZE } from './library-fixture';
import { compare } from './measure';
import type { Table } from './table';

const ENTRIES = 50;

const NEWEST_JOBS = `SELECT j.prompt, j.model, j.variant_id, j.created_at FROM jobs j ORDER BY j.created_at DESC, j.id DESC LIMIT ${String(ENTRIES)}`;

const EVERY_USE_GROUPED = `
  WITH uses AS (
    SELECT COALESCE(b.template, j.prompt) AS prompt, b.template IS NOT NULL AS is_template, j.model, j.variant_id, j.created_at
    FROM jobs j LEFT JOIN batches b ON b.id = j.batch_id WHERE trim(j.prompt) <> ''
    UNION ALL
    SELECT prompt, 0, model, variant_id, created_at FROM assets WHERE job_id IS NULL AND trim(prompt) <> ''
  )
  SELECT prompt, is_template, model, variant_id, COUNT(*) AS uses, MAX(created_at) AS last_used_at
  FROM uses GROUP BY prompt, is_template ORDER BY last_used_at DESC LIMIT ${String(ENTRIES)}`;

export async function run(context: BenchContext): Promise<Table[]> {
  const fixture = sharedLibrary(sized(context, LIBRARY_SIZE, QUICK_LIBRARY_SIZE));
  const connection = fixture.db.connection;
  const jobs = connection.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM jobs').get()?.n ?? 0;
  const newest = connection.prepare(NEWEST_JOBS);
  const grouped = connection.prepare(EVERY_USE_GROUPED);
  const [raw, everyUse, history] = await compare(
    [
      { label: `the ${String(ENTRIES)} newest jobs read by hand`, operation: () => newest.all() },
      { label: 'every use grouped by prompt (before migration 031)', operation: () => grouped.all() },
      { label: `listPromptHistory, the ${String(ENTRIES)} newest prompts`, operation: () => listPromptHistory(fixture.db, { limit: ENTRIES }) },
    ],
    { iterations: sized(context, 100, 20), budgetMs: 3000 },
  );
  return [
    {
      title: `Prompt history as Create opens (${fixture.assets.toLocaleString('en-US')} assets, ${jobs.toLocaleString('en-US')} jobs)`,
      rows: [{ stats: raw }, { stats: everyUse, raw }, { stats: history, raw, target: { atMost: 20 } }],
      notes: [
        'main answers nothing else while a route runs: the target is the event loop’s (a turn of at most 20 ms)',
        'listPromptHistory walks the uses newest first until it has its prompts, then counts and pictures each along an index',
      ],
    },
  ];
}
