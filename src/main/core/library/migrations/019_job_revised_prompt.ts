import type { Migration } from './migration';

/**
 * The prompt as the gateway rewrote it, from an answer that carried no image (an edit answered
 * with a summary only), so the window can show what the gateway made of the request.
 */
export const jobRevisedPrompt: Migration = {
  version: 19,
  name: 'job revised prompt',
  up(db) {
    db.exec('ALTER TABLE jobs ADD COLUMN revised_prompt TEXT');
  },
};
