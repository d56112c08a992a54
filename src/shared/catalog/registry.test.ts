import { describe, expect, it } from 'vitest';
import { sayInEnglish } from '../i18n/locales';
import {
  CATALOG,
  channelPreference,
  contentPath,
  findVariants,
  pollCadence,
  pollPath,
  remixesOfficially,
  taskPollFor,
  taskPollPath,
  variantById,
  variantsForModel,
} from './registry';
import { buildRequestBody } from './request-body';
import { checkRequest } from './request-check';
import { genericEntry } from './generic';
import { pixelsOf } from './sizes';

describe('catalog registry', () => {
  it('has unique ids and the expected variants', () => {
    const ids = CATALOG.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      'image.gen-image-2.direct',
      'image.gen-image-2.edit',
      'image.gen-image-2.task',
      'image.nova-3.1-flash-image',
      'image.nova-3-pro-image',
      'image.nova-3-pro-image.official',
      'video.vid-2.official',
      'video.clip3-720p',
      'video.clip3-1080p',
      'video.clip-o3-720p',
      'video.clip-o3-1080p',
      'video.clip-3.0-turbo',
      'video.clip-v3-omni',
      'video.vid-2-vvip',
      'video.vid-2.character',
      'video.remix.vid-2',
      'video.remix.vid-2-pro',
      'video.remix.vid-2-vip',
      'video.remix.official',
      'character.vid-2-vvip.create',
    ]);
  });

  it('polls exactly the task variants', () => {
    for (const entry of CATALOG) {
      expect(entry.poll !== undefined, entry.id).toBe(entry.response === 'task');
    }
  });

  it('accepts the defaults of every variant once the required inputs are given', () => {
    const required: Record<string, Record<string, unknown>> = {
      'image.gen-image-2.edit': { image_urls: ['https://cdn.example/a.png'] },
      'video.clip3-720p': { images: ['https://cdn.example/a.png'] },
      'video.clip3-1080p': { images: ['https://cdn.example/a.png'] },
      'video.clip-o3-720p': { images: ['https://cdn.example/a.png'] },
      'video.clip-o3-1080p': { images: ['https://cdn.example/a.png'] },
      'video.vid-2.character': { prompt: '@hero runs' },
      'video.remix.vid-2': { video_id: 'task_1' },
      'video.remix.vid-2-pro': { video_id: 'task_1' },
      'video.remix.vid-2-vip': { video_id: 'task_1' },
      'video.remix.official': { video_id: 'video_1' },
      'character.vid-2-vvip.create': { 'metadata.character_from_task': 'task_1' },
    };
    for (const entry of CATALOG) {
      expect(checkRequest(entry, { prompt: 'a quiet harbour', ...required[entry.id] }).problems, entry.id).toEqual([]);
    }
  });

  // How the gateway picks a channel of gen-image-2 is not shown; the demo gateway's own rule
  // sends a ratio to the task channel and the rest to the direct one, so forms write those.
  it('sends a ratio size (or auto) for every gen-image-2 task request and a pixel size or auto for the others', () => {
    for (const entry of findVariants('gen-image-2')) {
      const size = entry.fields.find((field) => field.type === 'size');
      if (size?.type !== 'size') throw new Error(`${entry.id} has no size`);
      const choices = [
        undefined,
        ...size.tiers.flatMap((tier) => tier.options.map((o) => ({ tier: tier.tier, ratio: o.ratio }))),
        ...(size.allowAuto ? ['auto'] : []),
      ];
      for (const choice of choices) {
        const body = buildRequestBody(entry, { prompt: 'p', size: choice, image_urls: entry.id.endsWith('edit') ? ['https://x/a.png'] : undefined });
        const wire = String(body.size);
        if (entry.response === 'task') expect(wire, entry.id).toMatch(/^(\d+:\d+|auto)$/);
        else expect(wire, entry.id).toMatch(/^(\d+x\d+|auto)$/);
      }
    }
  });

  it('offers the official remix for a video made on the official channel, whatever its task id looks like', () => {
    const video = (variantId: string | null, model: string, taskId: string) => ({ variantId, model, taskId });
    expect(remixesOfficially(video('video.vid-2.official', 'vid-2', 'task_abc'))).toBe(true);
    expect(remixesOfficially(video('video.vid-2.official', 'vid2-pro', 'task_abc'))).toBe(true);
    expect(remixesOfficially(video('video.remix.official', 'vid-2-official', 'video_1'))).toBe(true);
    expect(remixesOfficially(video('video.vid-2-vvip', 'vid-2-vvip', 'video_looks_official'))).toBe(false);
    expect(remixesOfficially(video('video.vid-2.character', 'vid-2', 'task_1'))).toBe(false);
    // Only a video whose variant the catalog does not know falls back to its id and model.
    expect(remixesOfficially(video(null, 'vid-2', 'video_1'))).toBe(true);
    expect(remixesOfficially(video(null, 'vid-2', 'task_1'))).toBe(false);
  });

  it('finds variants by model id', () => {
    expect(findVariants('vid-2').map((e) => e.id)).toEqual(['video.vid-2.official', 'video.vid-2.character', 'video.remix.vid-2']);
    expect(findVariants('gen-image-2').map((e) => e.id)).toEqual(['image.gen-image-2.direct', 'image.gen-image-2.edit', 'image.gen-image-2.task']);
    expect(findVariants('vid-2-vvip').map((e) => e.id)).toEqual(['video.vid-2-vvip', 'character.vid-2-vvip.create']);
    expect(findVariants('nova-3-pro-image-preview').map((e) => e.id)).toEqual(['image.nova-3-pro-image']);
    expect(findVariants('unknown')).toEqual([]);
  });

  it('looks up variants by id, including generic ones', () => {
    expect(variantById('video.clip-v3-omni')?.modelIds).toEqual(['clip-v3-omni']);
    expect(variantById('image.generic:flux-9')?.modelIds).toEqual(['flux-9']);
    expect(variantById('video.generic:wan-3')?.kind).toBe('video');
    expect(variantById('image.generic:')).toBeUndefined();
    expect(variantById('nope')).toBeUndefined();
  });

  it('offers generic variants for unknown listed models', () => {
    expect(variantsForModel('flux-9', 'image').map((e) => e.id)).toEqual(['image.generic:flux-9']);
    expect(variantsForModel('vid-2-vvip', 'video').map((e) => e.id)).toEqual(['video.vid-2-vvip', 'character.vid-2-vvip.create']);
    expect(variantsForModel('gen-image-2', 'image')).toHaveLength(3);
  });

  it('builds poll and content paths and cadences', () => {
    const official = variantById('video.vid-2.official');
    const task = variantById('image.gen-image-2.task');
    const character = variantById('character.vid-2-vvip.create');
    const direct = variantById('image.gen-image-2.direct');
    if (!official || !task || !character || !direct) throw new Error('missing variants');
    expect(pollPath(official, 'video 1/x')).toBe('/v1/video/generations/video%201%2Fx');
    expect(contentPath(official, 'video_1')).toBe('/v1/videos/video_1/content');
    expect(pollPath(direct, 'x')).toBeUndefined();
    expect(pollCadence(official)).toEqual({ initialDelayMs: 5000, intervalMs: 5000, deadlineMs: 1_800_000 });
    expect(pollCadence(variantById('image.nova-3-pro-image.official') ?? direct)).toEqual({ initialDelayMs: 2000, intervalMs: 3000, deadlineMs: 122_000 });
    expect(pollCadence(task)?.deadlineMs).toBe(300_000);
    expect(pollCadence(character)).toEqual({ initialDelayMs: 5000, intervalMs: 5000, deadlineMs: 300_000 });
  });

  it('polls a task answered to any variant on the route of the family that answered', () => {
    const byId = (id: string) => {
      const found = variantById(id);
      if (!found) throw new Error(`missing ${id}`);
      return found;
    };
    // gen-image-2's direct and edit requests answered with a task: the queued channel's route and deadline.
    for (const id of ['image.gen-image-2.direct', 'image.gen-image-2.edit', 'image.gen-image-2.task']) {
      expect(taskPollFor(byId(id)), id).toEqual({
        pathTemplate: '/v1/images/generations/{task_id}',
        recordShape: 'generation-task',
        cadence: 'image',
        deadlineMs: 300_000,
      });
    }
    expect(taskPollPath(byId('image.nova-3.1-flash-image'), 'task_1')).toBe('/v1/images/generations/task_1');
    expect(taskPollFor(byId('image.nova-3.1-flash-image')).deadlineMs).toBeUndefined();
    expect(taskPollPath(byId('video.vid-2.official'), 'video_1')).toBe('/v1/video/generations/video_1');
    expect(taskPollPath(byId('video.clip3-720p'), 'task_1')).toBe('/v1/videos/task_1');
  });

  it('says which channel a variant usually reaches, and why only usually for gen-image-2', () => {
    const of = (id: string) => {
      const found = variantById(id);
      if (!found) throw new Error(`missing ${id}`);
      return channelPreference(found);
    };
    const direct = of('image.gen-image-2.direct');
    expect(direct).toMatchObject({ usually: 'direct', label: 'catalog.channels.direct' });
    expect(direct?.note && sayInEnglish(direct.note)).toMatch(/The gateway, not the request, decides/);
    const queued = of('image.gen-image-2.task');
    expect(queued).toMatchObject({ usually: 'queued', label: 'catalog.channels.queued' });
    expect(of('image.gen-image-2.edit')?.usually).toBe('direct');
    expect(of('video.clip-v3-omni')).toMatchObject({ usually: 'queued', note: undefined });
    expect(of('image.generic:flux-9')).toBeUndefined();
  });

  it('keeps pixel values in the tables consistent with their ratios', () => {
    for (const entry of CATALOG) {
      for (const field of entry.fields) {
        if (field.type !== 'size') continue;
        for (const option of field.tiers.flatMap((tier) => tier.options)) {
          const pixels = pixelsOf(option);
          if (!pixels || option.width === undefined || option.height === undefined) continue;
          const [w = 0, h = 0] = option.ratio.split(':').map(Number);
          expect(Math.abs(option.width / option.height - w / h), `${entry.id} ${pixels} ${option.ratio}`).toBeLessThan(0.06);
        }
      }
    }
  });
});

describe('generic entries', () => {
  it('passes unknown options through for an unknown image model and detects the answer style', () => {
    const entry = genericEntry('flux-9', 'image');
    expect(entry.response).toBe('detect');
    const result = checkRequest(entry, { prompt: 'p', size: '1024x768', n: '2', guidance: 7, image_urls: ['https://x/a.png'] });
    expect(result.request?.body).toEqual({ model: 'flux-9', prompt: 'p', size: '1024x768', n: 2, image_urls: ['https://x/a.png'], guidance: 7 });
  });

  it('still checks the common options', () => {
    const result = checkRequest(genericEntry('wan-3', 'video'), { duration: 90, image_urls: ['data:image/png;base64,AA'] });
    expect(result.problems).toEqual([
      { field: 'prompt', code: 'required', params: {} },
      { field: 'duration', code: 'out_of_range', params: { min: 1, max: 60, value: 90, whole: 1, unit: 'seconds' } },
      { field: 'image_urls', code: 'not_http_url', params: { value: '"data:image/png;base64,AA"', index: 1 } },
    ]);
  });
});
