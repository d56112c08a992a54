import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deleteAsset, insertAsset, listAssets, type LibraryDatabase } from '../../../src/main/core/library';
import { editJobRequest, insertJob, searchJobs } from '../../../src/main/core/jobs/store';
import { openLibrary, sampleAsset } from './helpers';

const prompts = [
  'A red fox jumping over fresh snow, golden hour',
  '一只在雨中奔跑的橘猫，电影感光影',
  '赛博朋克城市夜景，霓虹灯倒映在湿漉漉的街道上',
  'Café crème on a marble table, 35mm film',
  '橘猫 sleeping on a windowsill, soft light',
  'Mountains at dawn; no animals',
];

function seed(db: LibraryDatabase): void {
  db.transaction(() => {
    for (const prompt of prompts) insertAsset(db, sampleAsset({ prompt }));
  });
}

const search = (db: LibraryDatabase, text: string): string[] =>
  listAssets(db, { text, limit: 200 })
    .items.map((a) => a.prompt)
    .sort();

describe('prompt search', () => {
  it('finds English words by prefix, case- and accent-insensitively', () => {
    const { db } = openLibrary();
    seed(db);
    expect(search(db, 'fox')).toEqual([prompts[0]]);
    expect(search(db, 'JUMP')).toEqual([prompts[0]]);
    expect(search(db, 'cafe creme')).toEqual([prompts[3]]);
    expect(search(db, 'red snow')).toEqual([prompts[0]]);
    expect(search(db, 'red cat')).toEqual([]);
  });

  it('finds Chinese words of one, two and more characters anywhere in a prompt', () => {
    const { db } = openLibrary();
    seed(db);
    expect(search(db, '橘猫')).toEqual([prompts[1], prompts[4]].sort());
    expect(search(db, '猫')).toEqual([prompts[1], prompts[4]].sort());
    expect(search(db, '霓虹灯')).toEqual([prompts[2]]);
    expect(search(db, '城市 夜景')).toEqual([prompts[2]]);
    expect(search(db, '湿漉漉的街道')).toEqual([prompts[2]]);
    // Characters must be adjacent and in order, like a substring.
    expect(search(db, '猫橘')).toEqual([]);
    expect(search(db, '橘猫 sleeping')).toEqual([prompts[4]]);
  });

  it('treats FTS5 syntax in user text as plain text', () => {
    const { db } = openLibrary();
    seed(db);
    expect(search(db, 'NOT fox')).toEqual([]);
    expect(search(db, 'no animals')).toEqual([prompts[5]]);
    expect(search(db, '"fox')).toEqual([prompts[0]]);
    expect(search(db, 'fox*')).toEqual([prompts[0]]);
    expect(search(db, 'prompt:fox')).toEqual([]);
    expect(search(db, '(fox) OR')).toEqual([]);
    expect(search(db, '***')).toHaveLength(prompts.length);
  });

  it('never raises an FTS5 syntax error, whatever is typed', () => {
    const { db } = openLibrary();
    seed(db);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('"', '*', '(', ')', ':', '^', '-', '+', 'a', '猫', ' ', 'AND', 'OR', 'NOT', 'NEAR', '{', '}', '\\', "'") }),
        (text) => {
          expect(() => listAssets(db, { text })).not.toThrow();
          expect(() => searchJobs(db, text)).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('follows prompt edits and deletions', () => {
    const { db } = openLibrary();
    const job = insertJob(db, { variantId: 'v', model: 'm', request: { prompt: '一座灯塔' }, state: 'draft' });
    expect(searchJobs(db, '灯塔').map((j) => j.id)).toEqual([job.id]);
    editJobRequest(db, job.id, { request: { prompt: 'a windmill' } });
    expect(searchJobs(db, '灯塔')).toEqual([]);
    expect(searchJobs(db, 'windmill').map((j) => j.id)).toEqual([job.id]);

    const { asset } = insertAsset(db, sampleAsset({ prompt: 'unique zebra' }));
    expect(search(db, 'zebra')).toEqual(['unique zebra']);
    deleteAsset(db, asset.id);
    expect(search(db, 'zebra')).toEqual([]);
  });
});
