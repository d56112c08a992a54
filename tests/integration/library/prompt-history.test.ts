/**
 * The prompt history on a real SQLite file: each prompt with a thumbnail of its newest result
 * (none when it made none), and a batch made from a template listed once, by its template.
 * Migration 26 adds the template to batches written before it, which read as plain prompts.
 */
import { describe, expect, it } from 'vitest';
import { createBatch, insertJob } from '../../../src/main/core/jobs/store';
import { insertAsset } from '../../../src/main/core/library';
import { listPromptHistory } from '../../../src/main/core/library/prompt-history';
import { migrations } from '../../../src/main/core/library/migrations';
import { manualClock, openLibrary, sampleAsset, tempFolder } from './helpers';

const variant = { variantId: 'image.nova-3.1-flash-image', model: 'nova-3.1-flash-image' };

function job(db: Parameters<typeof insertJob>[0], prompt: string, batchId?: string) {
  return insertJob(db, { ...variant, request: { model: variant.model, prompt }, prompt, ...(batchId ? { batchId } : {}) });
}

describe('prompt history thumbnails', () => {
  it('shows the newest result of each prompt, and none for a prompt that made nothing', () => {
    const clock = manualClock();
    const { db } = openLibrary(tempFolder(), { clock: clock.now });
    const kettle = job(db, 'a copper kettle');
    insertAsset(db, sampleAsset({ jobId: kettle.id, prompt: 'a copper kettle', filePath: 'old.png', thumbPath: 'old.thumb.webp', createdAt: clock.now() }));
    clock.advance(1000);
    const again = job(db, 'a copper kettle');
    insertAsset(db, sampleAsset({ jobId: again.id, prompt: 'a copper kettle', filePath: 'new.png', thumbPath: 'new.thumb.webp', createdAt: clock.now() }));
    clock.advance(1000);
    // An image not yet given a thumbnail shows itself.
    const fox = job(db, 'a red fox');
    insertAsset(db, sampleAsset({ jobId: fox.id, prompt: 'a red fox', filePath: 'fox.png', createdAt: clock.now() }));
    clock.advance(1000);
    job(db, 'a failed lantern');

    const history = listPromptHistory(db);
    expect(history.map((entry) => [entry.prompt, entry.thumbPath, entry.isTemplate])).toEqual([
      ['a failed lantern', null, false],
      ['a red fox', 'fox.png', false],
      ['a copper kettle', 'new.thumb.webp', false],
    ]);
  });
});

describe('prompt history of template batches', () => {
  it('lists the template once instead of every prompt it expanded to, with its newest result', () => {
    const clock = manualClock();
    const { db } = openLibrary(tempFolder(), { clock: clock.now });
    const template = 'a {red|blue} fox';
    const batch = createBatch(db, { name: 'foxes', template });
    const red = job(db, 'a red fox', batch.id);
    insertAsset(db, sampleAsset({ jobId: red.id, prompt: 'a red fox', filePath: 'red.png', createdAt: clock.now() }));
    clock.advance(1000);
    job(db, 'a blue fox', batch.id);
    clock.advance(1000);
    // The same words typed as a plain prompt are their own entry.
    const plain = createBatch(db, { name: 'plain' });
    job(db, 'a red fox', plain.id);

    const history = listPromptHistory(db);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ prompt: 'a red fox', isTemplate: false, uses: 1, thumbPath: 'red.png' });
    expect(history[1]).toMatchObject({ prompt: template, isTemplate: true, uses: 2, thumbPath: 'red.png' });
    // Searching for an expanded line finds the template it came from.
    expect(listPromptHistory(db, { query: 'blue' }).map((entry) => entry.prompt)).toEqual([template]);
  });

  it('reads batches stored before migration 26 as plain prompts, and keeps templates stored after it', () => {
    const dir = tempFolder();
    const { db: old } = openLibrary(dir, { migrations: migrations.filter((migration) => migration.version < 26) });
    old.connection.prepare(`INSERT INTO batches (id, name, status, options, created_at, updated_at) VALUES ('b1', 'old', 'done', '{}', 1, 1)`).run();
    old.connection
      .prepare(
        `INSERT INTO jobs (id, batch_id, variant_id, model, request, prompt, state, created_at, updated_at) VALUES ('j1', 'b1', ?, ?, '{}', 'a green owl', 'done', 1, 1)`,
      )
      .run(variant.variantId, variant.model);
    old.close();

    const { db } = openLibrary(dir);
    expect(db.connection.prepare(`SELECT template FROM batches WHERE id = 'b1'`).get()).toEqual({ template: null });
    const batch = createBatch(db, { name: 'owls', template: 'a {green|grey} owl' });
    job(db, 'a grey owl', batch.id);
    expect(listPromptHistory(db).map((entry) => [entry.prompt, entry.isTemplate])).toEqual([
      ['a {green|grey} owl', true],
      ['a green owl', false],
    ]);
  });
});
