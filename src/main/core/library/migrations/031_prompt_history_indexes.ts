import type { Migration } from './migration';

/**
 * The prompt history's newest entries without reading every job: jobs by prompt and batches by
 * template (to count one prompt's uses), and results made without a job by age (walked newest
 * first beside the jobs). Before, the Create page's history grouped the whole library as it
 * opened: 70-460 ms at 44,000 jobs, with main answering nothing else meanwhile.
 */
export const promptHistoryIndexes: Migration = {
  version: 31,
  name: 'prompt history indexes',
  up(db) {
    db.exec(`
      CREATE INDEX jobs_prompt ON jobs (prompt);
      CREATE INDEX batches_template ON batches (template) WHERE template IS NOT NULL;
      CREATE INDEX assets_without_job_created ON assets (created_at) WHERE job_id IS NULL;
    `);
  },
};
