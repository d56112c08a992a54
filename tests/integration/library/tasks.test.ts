import { describe, expect, it } from 'vitest';
import {
  deleteJob,
  getTask,
  insertJob,
  insertTask,
  listDueTasks,
  listJobTasks,
  listPendingTasks,
  nextPollTime,
  recordPoll,
  transitionJob,
} from '../../../src/main/core/jobs/store';
import { manualClock, openLibrary } from './helpers';

function submittedJob(db: Parameters<typeof insertJob>[0]) {
  const job = insertJob(db, { variantId: 'video.vid-2.task', model: 'vid-2', request: { model: 'vid-2', prompt: 'waves' } });
  transitionJob(db, job.id, ['queued'], 'submitting');
  return job;
}

describe('tasks', () => {
  it('records a submitted task and its job move in one transaction', () => {
    const clock = manualClock();
    const { db } = openLibrary(undefined, { clock: clock.now });
    const job = submittedJob(db);
    db.transaction(() => {
      expect(
        insertTask(db, {
          id: 'task_1',
          jobId: job.id,
          family: 'video',
          pollRoute: '/v1/videos/generations/{id}',
          nextPollAt: clock.now() + 5000,
          deadlineAt: clock.now() + 600_000,
        }),
      ).toBe(true);
      transitionJob(db, job.id, ['submitting'], 'submitted');
    });
    expect(insertTask(db, { id: 'task_1', jobId: job.id, family: 'video', pollRoute: 'x' })).toBe(false);
    expect(getTask(db, 'task_1')).toMatchObject({ state: 'queued', polls: 0, resultUrls: [], family: 'video', pollRoute: '/v1/videos/generations/{id}' });
  });

  it('records polls, schedules the next one and stops offering finished tasks', () => {
    const clock = manualClock();
    const { db, reopen } = openLibrary(undefined, { clock: clock.now });
    const job = submittedJob(db);
    const start = clock.now();
    insertTask(db, { id: 'img_1', jobId: job.id, family: 'image', pollRoute: '/v1/images/generations/{id}', nextPollAt: start + 2000 });
    insertTask(db, { id: 'img_2', jobId: job.id, family: 'image', pollRoute: '/v1/images/generations/{id}', nextPollAt: start + 3000 });

    expect(nextPollTime(db)).toBe(start + 2000);
    expect(listDueTasks(db, { now: start + 1999 })).toEqual([]);
    expect(listDueTasks(db, { now: start + 2500 }).map((t) => t.id)).toEqual(['img_1']);

    clock.advance(2000);
    expect(recordPoll(db, 'img_1', { state: 'running', progress: 65.4, rawStatus: 'IN_PROGRESS', nextPollAt: start + 5000 })).toBe(true);
    expect(getTask(db, 'img_1')).toMatchObject({ state: 'running', progress: 65, rawStatus: 'IN_PROGRESS', polls: 1, updatedAt: start + 2000 });
    expect(nextPollTime(db)).toBe(start + 3000);

    recordPoll(db, 'img_1', {
      state: 'completed',
      progress: 100,
      resultUrls: ['https://cdn.example/a.png', 'https://cdn.example/b.png'],
      expiresAt: start + 86_400_000,
      nextPollAt: null,
    });
    db.close();
    const again = reopen();
    expect(getTask(again, 'img_1')).toMatchObject({
      state: 'completed',
      polls: 2,
      resultUrls: ['https://cdn.example/a.png', 'https://cdn.example/b.png'],
      rawStatus: 'IN_PROGRESS',
    });
    expect(listPendingTasks(again).map((t) => t.id)).toEqual(['img_2']);
    expect(listDueTasks(again, { now: start + 10_000 }).map((t) => t.id)).toEqual(['img_2']);
    expect(listJobTasks(again, job.id).map((t) => t.id)).toEqual(['img_1', 'img_2']);
    expect(recordPoll(again, 'nope', { state: 'failed' })).toBe(false);
  });

  it('goes with its job when the job is deleted', () => {
    const { db } = openLibrary();
    const job = submittedJob(db);
    insertTask(db, { id: 't', jobId: job.id, family: 'character', pollRoute: '/v1/characters_tasks/{id}' });
    deleteJob(db, job.id);
    expect(getTask(db, 't')).toBeUndefined();
  });
});
