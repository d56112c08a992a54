import { describe, expect, it } from 'vitest';
import type { NormalizedTask, TaskFamily } from './task-record';
import { mapTaskStatus, normalizeTaskRecord, parseProgress, parseTimestamp, tryNormalizeTaskRecord } from './task-record';

interface Case {
  name: string;
  family: TaskFamily;
  body: unknown;
  expected: Partial<NormalizedTask>;
}

const cases: Case[] = [
  {
    name: 'image task at submission (queued, progress 0, empty metadata)',
    family: 'image',
    body: { id: 'task_img1', object: 'generation.task', model: 'gen-image-2', status: 'queued', progress: 0, created_at: 1767000000, metadata: {} },
    expected: { taskId: 'task_img1', state: 'queued', rawStatus: 'queued', progress: 0, createdAt: 1767000000, resultUrls: [], model: 'gen-image-2' },
  },
  {
    name: 'image task running with integer progress',
    family: 'image',
    body: { id: 't', status: 'in_progress', progress: 42 },
    expected: { state: 'running', progress: 42 },
  },
  {
    name: 'image task completed: result.data[].url, completed_at, expires_at',
    family: 'image',
    body: {
      id: 't',
      status: 'completed',
      progress: 100,
      created_at: 1767000000,
      completed_at: 1767000030,
      expires_at: 1767086430,
      result: { data: [{ url: 'https://cdn.example/a.png' }, { url: 'https://cdn.example/b.png' }] },
    },
    expected: {
      state: 'completed',
      progress: 100,
      completedAt: 1767000030,
      expiresAt: 1767086430,
      resultUrls: ['https://cdn.example/a.png', 'https://cdn.example/b.png'],
    },
  },
  {
    name: 'image task completed with inline Base64',
    family: 'image',
    body: { id: 't', status: 'completed', result: { data: [{ b64_json: 'iVBORw0KGgo=' }] } },
    expected: { state: 'completed', resultB64: ['iVBORw0KGgo='], resultUrls: [] },
  },
  {
    name: 'image task failed with error.message and code',
    family: 'image',
    body: { id: 't', status: 'failed', error: { message: 'mask size mismatch', code: 422 } },
    expected: { state: 'failed', errorMessage: 'mask size mismatch', errorCode: '422' },
  },
  {
    name: 'failed task whose error is a plain string',
    family: 'video',
    body: { id: 't', status: 'failed', error: '内容违规' },
    expected: { state: 'failed', errorMessage: '内容违规' },
  },
  {
    name: 'official video submission (task_id, object video, seconds string)',
    family: 'video',
    body: {
      id: 'video_1',
      task_id: 'video_1',
      object: 'video',
      model: 'vid-2',
      status: 'queued',
      progress: 0,
      created_at: 1767000000,
      seconds: '4',
      size: '1280x720',
    },
    expected: { taskId: 'video_1', state: 'queued', progress: 0 },
  },
  {
    name: 'official polling record, wrapped, SUCCESS with data.result_url',
    family: 'video',
    body: {
      code: 'success',
      message: '',
      data: {
        task_id: 'video_1',
        status: 'SUCCESS',
        progress: '100%',
        result_url: 'https://cdn.example/v.mp4',
        submit_time: 1767000000,
        finish_time: 1767000090,
      },
    },
    expected: {
      taskId: 'video_1',
      state: 'completed',
      rawStatus: 'SUCCESS',
      progress: 100,
      resultUrls: ['https://cdn.example/v.mp4'],
      createdAt: 1767000000,
      completedAt: 1767000090,
    },
  },
  {
    name: 'official polling record, wrapped, FAILURE with data.fail_reason',
    family: 'video',
    body: { code: 'success', message: '', data: { task_id: 'video_1', status: 'FAILURE', fail_reason: 'upstream rejected the image', progress: '100%' } },
    expected: { state: 'failed', errorMessage: 'upstream rejected the image' },
  },
  {
    name: 'official polling record, wrapped, IN_PROGRESS with "65%"',
    family: 'video',
    body: { code: 'success', data: { task_id: 'v', status: 'IN_PROGRESS', progress: '65%' } },
    expected: { state: 'running', progress: 65 },
  },
  ...['NOT_START', 'SUBMITTED', 'QUEUED'].map((status): Case => ({
    name: `official polling record, wrapped, ${status}`,
    family: 'video',
    body: { code: 'success', data: { task_id: 'v', status } },
    expected: { state: 'queued', rawStatus: status, progress: undefined },
  })),
  {
    name: 'official polling record, wrapped, UNKNOWN stays pending as unknown',
    family: 'video',
    body: { code: 'success', data: { task_id: 'v', status: 'UNKNOWN', progress: '' } },
    expected: { state: 'unknown', progress: undefined },
  },
  {
    name: 'numeric code and wrapper message on failure without fail_reason',
    family: 'video',
    body: { code: 0, message: 'generation failed upstream', data: { task_id: 'v', status: 'FAILURE' } },
    expected: { state: 'failed', errorMessage: 'generation failed upstream' },
  },
  {
    name: 'clip3 style record polled at /v1/videos/{id}: succeeded + video_url',
    family: 'video',
    body: { id: 'kl_1', object: 'video', status: 'succeeded', progress: 100, video_url: 'https://cdn.example/k.mp4', seconds: '10' },
    expected: { state: 'completed', resultUrls: ['https://cdn.example/k.mp4'] },
  },
  {
    name: 'record with processing status and float progress',
    family: 'video',
    body: { id: 'x', status: 'processing', progress: 33.6 },
    expected: { state: 'running', progress: 34 },
  },
  {
    name: 'plural video task with top-level url and metadata.url',
    family: 'video',
    body: { id: 'x', status: 'completed', url: 'https://cdn.example/1.mp4', metadata: { url: 'https://cdn.example/2.mp4', size: '1280x720' } },
    expected: { resultUrls: ['https://cdn.example/1.mp4', 'https://cdn.example/2.mp4'] },
  },
  {
    name: 'result_url at top level, duplicated in result.url',
    family: 'video',
    body: { id: 'x', status: 'completed', result_url: 'https://cdn.example/r.mp4', result: { url: 'https://cdn.example/r.mp4' } },
    expected: { resultUrls: ['https://cdn.example/r.mp4'] },
  },
  {
    name: 'completed without any address (content endpoint deployments)',
    family: 'video',
    body: { id: 'video_9', object: 'video', status: 'completed', progress: 100 },
    expected: { state: 'completed', resultUrls: [], resultType: undefined },
  },
  {
    name: 'a video record saying what it is, with no address',
    family: 'video',
    body: { id: 'task_v', status: 'completed', result: { type: 'Video' } },
    expected: { state: 'completed', resultUrls: [], resultType: 'video' },
  },
  {
    name: 'omni task with client_business_id and missing progress',
    family: 'video',
    body: { id: 'om_1', client_business_id: 'job-123', object: 'generation.task', model: 'clip-v3-omni', status: 'queued', created_at: 1767000000 },
    expected: { clientBusinessId: 'job-123', progress: undefined, state: 'queued' },
  },
  {
    name: 'remix task (remixed_from_video_id)',
    family: 'video',
    body: { id: 'video_r', object: 'video', model: 'vid-2-official', status: 'in_progress', progress: 10, remixed_from_video_id: 'video_1' },
    expected: { taskId: 'video_r', state: 'running', progress: 10 },
  },
  {
    name: 'character task completed with characters',
    family: 'character',
    body: {
      id: 'char_1',
      status: 'completed',
      progress: 100,
      result: {
        type: 'character',
        data: { characters: [{ id: 'c1', username: 'mira.v', display_name: 'Mira', profile_picture_url: 'https://cdn.example/p.png' }, { id: 'c2' }] },
      },
    },
    expected: {
      state: 'completed',
      characters: [{ id: 'c1', username: 'mira.v', display_name: 'Mira', profile_picture_url: 'https://cdn.example/p.png' }],
      resultUrls: [],
      resultType: 'character',
    },
  },
  {
    name: 'character task failed',
    family: 'character',
    body: { id: 'char_2', status: 'failed', error: { message: 'no person found in the segment' } },
    expected: { state: 'failed', errorMessage: 'no person found in the segment', characters: [] },
  },
  {
    name: 'progress out of range is clamped and millisecond timestamps become seconds',
    family: 'image',
    body: { id: 't', status: 'in_progress', progress: 140, created_at: 1767000000123 },
    expected: { progress: 100, createdAt: 1767000000 },
  },
  {
    name: 'negative progress clamps to 0, ISO timestamp is accepted',
    family: 'image',
    body: { id: 't', status: 'pending', progress: -5, created_at: '2026-01-01T00:00:00Z' },
    expected: { state: 'queued', progress: 0, createdAt: 1767225600 },
  },
  {
    name: 'unmapped status and junk progress',
    family: 'image',
    body: { id: 't', status: 'warming_up', progress: 'soon' },
    expected: { state: 'unknown', rawStatus: 'warming_up', progress: undefined },
  },
  {
    name: 'fields of unexpected types are ignored, not fatal',
    family: 'image',
    body: {
      id: 't',
      status: 'completed',
      progress: { v: 1 },
      created_at: true,
      result: 'https://cdn.example/direct.png',
      metadata: [1],
      extra: { anything: 1 },
    },
    expected: { state: 'completed', progress: undefined, createdAt: undefined, resultUrls: ['https://cdn.example/direct.png'] },
  },
];

describe('normalizeTaskRecord', () => {
  it.each(cases)('$name', ({ body, family, expected }) => {
    const task = normalizeTaskRecord(body, family);
    expect(task.family).toBe(family);
    expect(task).toMatchObject(expected);
  });

  it.each([
    ['a string', 'not json'],
    ['null', null],
    ['an array', [1, 2]],
    ['an object without task fields', { code: 'task_not_exist', message: '任务不存在', data: null }],
  ])('rejects %s with a TaskRecordError', (_label, body) => {
    const result = tryNormalizeTaskRecord(body, 'video');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/task record/);
  });

  it('keeps the gateway message of a non-task answer in the error', () => {
    const result = tryNormalizeTaskRecord({ code: 'task_not_exist', message: '任务不存在' }, 'video');
    expect(result).toEqual({ ok: false, error: 'The answer is not a task record (no status or id): 任务不存在' });
  });
});

describe('mapTaskStatus', () => {
  it.each([
    ['queued', 'queued'],
    ['in_progress', 'running'],
    ['completed', 'completed'],
    ['failed', 'failed'],
    ['NOT_START', 'queued'],
    ['SUBMITTED', 'queued'],
    ['QUEUED', 'queued'],
    ['IN_PROGRESS', 'running'],
    ['SUCCESS', 'completed'],
    ['FAILURE', 'failed'],
    ['UNKNOWN', 'unknown'],
    ['succeeded', 'completed'],
    ['processing', 'running'],
    ['In Progress', 'running'],
    ['cancelled', 'failed'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%s -> %s', (raw, state) => {
    expect(mapTaskStatus(raw)).toBe(state);
  });
});

describe('parseProgress and parseTimestamp', () => {
  it.each([
    [65, 65],
    ['65%', 65],
    ['65', 65],
    [' 7 % ', 7],
    ['12.4%', 12],
    [101, 100],
    [-1, 0],
    [undefined, undefined],
    ['abc', undefined],
    [Number.NaN, undefined],
    [null, undefined],
  ] as const)('progress %s -> %s', (raw, value) => {
    expect(parseProgress(raw)).toBe(value);
  });

  it.each([
    [1767000000, 1767000000],
    ['1767000000', 1767000000],
    [1767000000999, 1767000000],
    [0, undefined],
    ['', undefined],
    ['not a date', undefined],
  ] as const)('timestamp %s -> %s', (raw, value) => {
    expect(parseTimestamp(raw)).toBe(value);
  });
});
