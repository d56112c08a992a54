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

describe('the newest prompts, walked instead of grouped', () => {
  /** A library of repeated prompts, template batches, plain batches with a template's words and results without a job. */
  function mixedLibrary(seed: number) {
    const clock = manualClock();
    const { db } = openLibrary(tempFolder(), { clock: clock.now });
    let state = seed;
    const random = (below: number): number => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % below;
    };
    const words = ['a red fox', 'a blue owl', '穿汉服的女孩', 'a {red|blue} fox', 'a koi pond', 'a tiny ramen shop', '   ', 'a lighthouse'];
    const models = [variant, { variantId: 'image.gen-image-2.task', model: 'gen-image-2' }];
    const uses: { prompt: string; isTemplate: boolean; model: string; at: number }[] = [];
    for (let step = 0; step < 160; step++) {
      clock.advance(1 + random(5));
      const prompt = `${words[random(words.length)] ?? ''}${random(3) === 0 ? ` ${String(random(12))}` : ''}`;
      const model = models[random(models.length)] ?? variant;
      const choice = random(4);
      if (choice === 0) {
        // A result whose job is gone (a library read back from its files).
        insertAsset(db, sampleAsset({ prompt, model: model.model, variantId: model.variantId, createdAt: clock.now() }));
      } else {
        const template = choice === 1 ? words[3] : undefined;
        const batch = choice === 3 ? undefined : createBatch(db, { name: 'batch', ...(template ? { template } : {}) });
        const made = insertJob(db, { ...model, request: { model: model.model, prompt }, prompt, ...(batch ? { batchId: batch.id } : {}) });
        if (random(2) === 0) insertAsset(db, sampleAsset({ jobId: made.id, prompt, createdAt: clock.now(), filePath: `made-${String(step)}.png` }));
        if (prompt.trim() !== '') uses.push({ prompt: template ?? prompt, isTemplate: template !== undefined, model: model.model, at: clock.now() });
        continue;
      }
      if (prompt.trim() !== '') uses.push({ prompt, isTemplate: false, model: model.model, at: clock.now() });
    }
    return { db, uses };
  }

  /** What the history must say: every use grouped by prompt (a template apart from the same words typed), newest first. */
  function expected(uses: { prompt: string; isTemplate: boolean; model: string; at: number }[], limit: number) {
    const entries = new Map<string, { prompt: string; isTemplate: boolean; model: string; uses: number; lastUsedAt: number }>();
    for (const use of uses) {
      const key = `${String(use.isTemplate)}:${use.prompt}`;
      const entry = entries.get(key);
      if (!entry) entries.set(key, { prompt: use.prompt, isTemplate: use.isTemplate, model: use.model, uses: 1, lastUsedAt: use.at });
      else Object.assign(entry, { uses: entry.uses + 1, ...(use.at >= entry.lastUsedAt ? { lastUsedAt: use.at, model: use.model } : {}) });
    }
    return [...entries.values()].sort((a, b) => b.lastUsedAt - a.lastUsedAt).slice(0, limit);
  }

  it.each([1, 7, 42])('counts every use of each of the newest prompts, with the model of its latest use (library %i)', (seed) => {
    const { db, uses } = mixedLibrary(seed);
    for (const limit of [3, 10, 200]) {
      const history = listPromptHistory(db, { limit }).map(({ prompt, isTemplate, model, uses: count, lastUsedAt }) => ({
        prompt,
        isTemplate,
        model,
        uses: count,
        lastUsedAt,
      }));
      expect(history).toEqual(expected(uses, limit));
    }
    // The same entries, the most used first, come from grouping the whole library.
    const frequent = listPromptHistory(db, { order: 'frequent', limit: 200 });
    expect(new Set(frequent.map((entry) => `${entry.prompt}:${String(entry.uses)}`))).toEqual(
      new Set(expected(uses, 200).map((entry) => `${entry.prompt}:${String(entry.uses)}`)),
    );
  });

  it('lists a result without a job newer than every job before them', () => {
    const clock = manualClock();
    const { db } = openLibrary(tempFolder(), { clock: clock.now });
    job(db, 'an old job');
    clock.advance(10);
    insertAsset(db, sampleAsset({ prompt: 'a loose result', createdAt: clock.now(), filePath: 'loose.png' }));
    clock.advance(10);
    job(db, 'a new job');
    expect(listPromptHistory(db).map((entry) => [entry.prompt, entry.thumbPath])).toEqual([
      ['a new job', null],
      ['a loose result', 'loose.png'],
      ['an old job', null],
    ]);
  });
});
