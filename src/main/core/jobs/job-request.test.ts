import { describe, expect, it } from 'vitest';
import { requestPath, variantById, type VariantEntry } from '../../../shared/catalog';
import type { Job } from './store';
import { businessIdFor, recipeOf, supportsBusinessId, wireRequestOf } from './job-request';

function entry(id: string): VariantEntry {
  const found = variantById(id);
  if (!found) throw new Error(id);
  return found;
}

describe('stored requests', () => {
  it("give a remix's video id back as a path parameter, apart from the body, and name it in the recipe", () => {
    const job = { request: { model: 'vid-2', prompt: 'rain', duration: 10 }, pathParams: { video_id: 'task_abc' } };
    const request = wireRequestOf(job);
    expect(request).toEqual({ pathParams: { video_id: 'task_abc' }, body: { model: 'vid-2', prompt: 'rain', duration: 10 } });
    expect(requestPath(entry('video.remix.vid-2'), request)).toBe('/v1/videos/task_abc/remix');
    expect(recipeOf(job)).toEqual({ model: 'vid-2', prompt: 'rain', duration: 10, video_id: 'task_abc' });
  });

  it('give a copy, so adding the business id leaves the job as it was', () => {
    const job = { request: { model: 'clip-v3-omni', prompt: 'p' }, pathParams: {} };
    wireRequestOf(job).body.client_business_id = 'b-1';
    expect(job.request).toEqual({ model: 'clip-v3-omni', prompt: 'p' });
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
