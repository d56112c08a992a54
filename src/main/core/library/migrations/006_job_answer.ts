import type { Migration } from './migration';

/**
 * What the gateway's answer to a job's submission was. The answer, not the variant, decides how
 * a job is followed, so the style it had is kept (`answer_style`); and a 200 answer the studio
 * could not read is kept as an excerpt (`raw_answer`, bounded and without secrets) so the user
 * can see what came back for a job that may have been paid for.
 */
export const jobAnswer: Migration = {
  version: 6,
  name: 'job answer',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN answer_style TEXT CHECK (answer_style IN ('direct', 'summary', 'task'));
      ALTER TABLE jobs ADD COLUMN raw_answer TEXT;
    `);
  },
};
