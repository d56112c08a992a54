/**
 * Migration 25 on a real SQLite file: a remix job written before it kept its `video_id` inside the
 * stored body; afterwards the body is the wire body and the path parameter sits apart, so the job
 * is checked and sent as it is stored. Other rows read as they did.
 */
import { describe, expect, it } from 'vitest';
import { requestPath, variantById } from '../../../src/shared/catalog';
import { getJob, insertJob } from '../../../src/main/core/jobs/store';
import { recipeOf, wireRequestOf } from '../../../src/main/core/jobs/job-request';
import { migrations } from '../../../src/main/core/library/migrations';
import { openLibrary, tempFolder } from './helpers';

const insertOld = `INSERT INTO jobs (id, variant_id, model, request, prompt, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'queued', 1, 1)`;

describe('jobs keep their path parameters apart from the body (migration 25)', () => {
  it('moves the video id of remix jobs stored before it out of the body, and leaves other jobs as they were', () => {
    const dir = tempFolder();
    const before = migrations.filter((migration) => migration.version < 25);
    const { db: old } = openLibrary(dir, { migrations: before });
    const add = old.connection.prepare(insertOld);
    add.run('remix', 'video.remix.vid-2', 'vid-2', JSON.stringify({ model: 'vid-2', prompt: 'rain', video_id: 'task_01HX' }), 'rain');
    add.run('image', 'image.gen-image-2.direct', 'gen-image-2', JSON.stringify({ model: 'gen-image-2', prompt: 'a fox', video_id: 'kept' }), 'a fox');
    add.run('odd', 'video.remix.official', 'vid-2-official', JSON.stringify({ model: 'vid-2-official', prompt: 'p', video_id: 7 }), 'p');
    old.close();

    const { db } = openLibrary(dir);
    const remix = getJob(db, 'remix');
    expect(remix).toMatchObject({ request: { model: 'vid-2', prompt: 'rain' }, pathParams: { video_id: 'task_01HX' } });
    const entry = variantById('video.remix.vid-2');
    if (!remix || !entry) throw new Error('missing');
    expect(requestPath(entry, wireRequestOf(remix))).toBe('/v1/videos/task_01HX/remix');
    expect(recipeOf(remix)).toEqual({ model: 'vid-2', prompt: 'rain', video_id: 'task_01HX' });
    // Only remix variants had a path parameter: a field of the same name elsewhere is body.
    expect(getJob(db, 'image')).toMatchObject({ request: { model: 'gen-image-2', prompt: 'a fox', video_id: 'kept' }, pathParams: {} });
    // A video id that is not text was never sendable: it stays where it was, for the check to name.
    expect(getJob(db, 'odd')).toMatchObject({ request: { video_id: 7 }, pathParams: {} });
  });

  it('stores a new job in the shape it is sent in', () => {
    const { db } = openLibrary();
    const job = insertJob(db, {
      variantId: 'video.remix.vid-2',
      model: 'vid-2',
      request: { model: 'vid-2', prompt: 'snow' },
      pathParams: { video_id: 'task_9' },
    });
    expect(getJob(db, job.id)).toMatchObject({ request: { model: 'vid-2', prompt: 'snow' }, pathParams: { video_id: 'task_9' } });
  });
});
