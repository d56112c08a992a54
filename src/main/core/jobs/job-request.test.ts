import { describe, expect, it } from 'vitest';
import { variantById, type VariantEntry } from '../../../shared/catalog';
import type { Job } from './store';
import { businessIdFor, storedRequestOf, supportsBusinessId, wireRequestOf } from './job-request';

function entry(id: string): VariantEntry {
  const found = variantById(id);
  if (!found) throw new Error(id);
  return found;
}

describe('stored requests', () => {
  it("keep a remix's video id beside the body and give it back as the path", () => {
    const remix = entry('video.remix.vid-2');
    const stored = storedRequestOf(remix, { prompt: 'rain', duration: 10 }, { video_id: 'task_abc' });
    expect(stored).toEqual({ prompt: 'rain', duration: 10, video_id: 'task_abc', model: 'vid-2' });
    expect(wireRequestOf(remix, stored)).toEqual({ path: '/v1/videos/task_abc/remix', body: { prompt: 'rain', duration: 10, model: 'vid-2' } });
  });

  it('leave a variant without path parameters as it is', () => {
    const turbo = entry('video.clip-3.0-turbo');
    expect(wireRequestOf(turbo, storedRequestOf(turbo, { model: 'clip-3.0-turbo', prompt: 'p' }))).toEqual({
      path: '/v1/videos/generations',
      body: { model: 'clip-3.0-turbo', prompt: 'p' },
    });
  });
});

describe('business ids', () => {
  const job = (attempts: number): Job => ({ id: 'j1', attempts }) as Job;

  it('are supported by omni only', () => {
    expect(supportsBusinessId(entry('video.clip-v3-omni'))).toBe(true);
    expect(supportsBusinessId(entry('video.clip-3.0-turbo'))).toBe(false);
  });

  it("keep the caller's id on the first attempt and make a new one for every later attempt", () => {
    expect(businessIdFor(job(0), 'mine')).toBe('mine');
    expect(businessIdFor(job(0), undefined)).toBe('atelier-j1-1');
    expect(businessIdFor(job(2), 'mine')).toBe('atelier-j1-3');
  });
});
