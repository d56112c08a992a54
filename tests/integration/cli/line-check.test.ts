/**
 * Checking jobs-file lines with real image files on disk (no network): variant choice, defaults,
 * path parameters, placement targets, warnings and file problems.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJobsFile } from '../../../src/cli/jobs-file';
import { checkJobLines } from '../../../src/cli/line-check';
import { tempDir, writePng } from './cli-harness';

let folder: { dir: string; cleanup: () => void };

beforeAll(async () => {
  folder = tempDir();
  await writePng(join(folder.dir, 'square.png'), 512, 512);
  await writePng(join(folder.dir, 'mask.png'), 512, 512, { alpha: true });
});

afterAll(() => folder.cleanup());

async function check(...lines: object[]) {
  const parsed = parseJobsFile(lines.map((line) => JSON.stringify(line)).join('\n'));
  expect(parsed.problems).toEqual([]);
  return checkJobLines(parsed.lines, folder.dir);
}

describe('checkJobLines', () => {
  it('fills the variant defaults the line leaves out and keeps what it gives', async () => {
    const { checked, problems } = await check(
      { model: 'clip3-720p', prompt: 'a bridge', references: ['square.png'] },
      { model: 'gen-image-2', prompt: 'a map', size: '3:2', quality: 'low' },
    );
    expect(problems).toEqual([]);
    expect(checked[0]).toMatchObject({ line: 1, body: { model: 'clip3-720p', size: '1280x720', duration: 5, images: [], prompt: 'a bridge' }, count: 1 });
    expect(checked[0]?.references.map((file) => file.absolutePath)).toEqual([join(folder.dir, 'square.png')]);
    expect(checked[1]?.entry.id).toBe('image.gen-image-2.task');
    expect(checked[1]?.body).toEqual({ model: 'gen-image-2', size: '3:2', resolution: '1K', prompt: 'a map', quality: 'low' });
  });

  it('takes a remix video id out of the body into the path', async () => {
    const { checked, problems } = await check({ model: 'vid-2', prompt: 'make it night', video_id: 'task_abc123', duration: 10 });
    expect(problems).toEqual([]);
    expect(checked[0]).toMatchObject({
      path: '/v1/videos/task_abc123/remix',
      pathParams: { video_id: 'task_abc123' },
      body: { model: 'vid-2', prompt: 'make it night', duration: 10 },
    });
    expect(checked[0]?.entry.id).toBe('video.remix.vid-2');
  });

  it('accepts a generic variant for a model the catalog does not know', async () => {
    const { checked, problems } = await check({ model: 'brand-new-image', prompt: 'x', variant: 'image.generic:brand-new-image', style: 'free-form' });
    expect(problems).toEqual([]);
    expect(checked[0]?.entry.id).toBe('image.generic:brand-new-image');
  });

  it('passes warnings on without blocking the line', async () => {
    const { checked } = await check({ model: 'vid-2-official', prompt: 'x', references: ['square.png'] });
    expect(checked[0]?.warnings).toEqual([expect.stringMatching(/512x512 but the video is 1280x720/)]);
  });

  it('names every file problem of a line', async () => {
    const { problems } = await check(
      { model: 'gen-image-2', prompt: 'x', references: ['square.png'], mask: 'mask.png', mask_url: 'https://cdn.example/m.png' },
      { model: 'gen-image-2', prompt: 'x', references: ['nowhere.png', '.'] },
      { model: 'vid-2', prompt: 'x', video_id: 'task_1', references: ['square.png'] },
    );
    expect(problems.map((problem) => problem.line)).toEqual([1, 2, 2, 3]);
    expect(problems[0]?.message).toMatch(/either as "mask".*or as "mask_url"/);
    expect(problems[1]?.message).toMatch(/references\[0\] "nowhere.png": file not found/);
    expect(problems[2]?.message).toMatch(/references\[1\] ".": not a file/);
    expect(problems[3]?.message).toMatch(/video.remix.vid-2 takes no reference images/);
  });
});
