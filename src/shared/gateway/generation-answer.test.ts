import { describe, expect, it } from 'vitest';
import { classifyGenerationAnswer } from './generation-answer';
import { normalizeTaskRecord } from './task-record';

describe('classifyGenerationAnswer: the answer, not the request, decides the style', () => {
  it.each<[string, unknown, string]>([
    ['data[] with Base64', { created: 1, data: [{ b64_json: 'iVBORw0KGgo=' }] }, 'direct'],
    ['data[] with addresses', { data: [{ url: 'https://cdn.example/a.png' }] }, 'direct'],
    ['data[] that is empty', { created: 1, data: [] }, 'direct'],
    ['the edit summary', { case: 'inpainting', status: 200, data_count: 1, b64_prefix: 'iVBO', b64_length: 99 }, 'summary'],
    ['a generation task', { id: 'task_1', object: 'generation.task', status: 'queued', progress: 0 }, 'task'],
    ['an official video task (task_id)', { id: 'video_1', task_id: 'video_1', object: 'video', status: 'queued' }, 'task'],
    ['a task id without a status', { task_id: 'abc' }, 'task'],
    ['a numeric task id', { id: 42, status: 'submitted' }, 'task'],
    ['a task wrapped as {code, message, data}', { code: 'success', message: '', data: { task_id: 'w1', status: 'SUBMITTED' } }, 'task'],
    ['a task wrapped in a one-item data list', { code: 0, data: [{ id: 'l1', status: 'queued' }] }, 'task'],
    ['a task record with an empty data list', { id: 'task_2', status: 'queued', data: [] }, 'task'],
    ['an object with neither', { ok: true, message: 'accepted' }, 'unreadable'],
    ['a status without an id', { status: 'queued' }, 'unreadable'],
    ['not an object', ['task_1'], 'unreadable'],
  ])('%s is %s', (_name, body, style) => {
    expect(classifyGenerationAnswer(body).style).toBe(style);
  });

  it('names the task id that the normaliser then polls', () => {
    for (const body of [
      { code: 'success', message: '', data: { task_id: 'w1', status: 'SUBMITTED' } },
      { code: 0, data: [{ id: 'w1', status: 'queued' }] },
      { id: 'w1' },
    ]) {
      const answer = classifyGenerationAnswer(body);
      expect(answer).toEqual({ style: 'task', taskId: 'w1' });
      expect(normalizeTaskRecord(body, 'image').taskId).toBe('w1');
    }
  });
});

describe('result addresses in the polling record', () => {
  it('are found in metadata, as one address or a list', () => {
    expect(normalizeTaskRecord({ id: 't', status: 'completed', metadata: { url: 'https://cdn.example/a.mp4' } }, 'video').resultUrls).toEqual([
      'https://cdn.example/a.mp4',
    ]);
    expect(normalizeTaskRecord({ id: 't', status: 'completed', metadata: { video_url: 'https://cdn.example/b.mp4' } }, 'video').resultUrls).toEqual([
      'https://cdn.example/b.mp4',
    ]);
    expect(
      normalizeTaskRecord(
        { id: 't', status: 'completed', metadata: { size: '1280x720', urls: ['https://cdn.example/c.mp4', 'https://cdn.example/d.mp4'] } },
        'video',
      ).resultUrls,
    ).toEqual(['https://cdn.example/c.mp4', 'https://cdn.example/d.mp4']);
    expect(normalizeTaskRecord({ id: 't', status: 'completed', metadata: { size: '1280x720' } }, 'video').resultUrls).toEqual([]);
  });
});
