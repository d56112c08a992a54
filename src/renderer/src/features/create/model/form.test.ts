import { beforeAll, describe, expect, it } from 'vitest';
import { buildRequestBody, describeForm, variantById, type FormDescription, type Locale } from '../../../../../shared/catalog';
import type { ModelView } from '../../../../../shared/contract';
import { sayInEnglish } from '../../../../../shared/i18n/locales';
import i18next from 'i18next';
import { WINDOW_RESOURCES } from '../../../i18n';
import { checkForm, type FormCheck, type FormInput } from './form-check';
import { wordIssue } from './form-wording';
import { carryOver, recipeToForm, requestValues } from './form-values';
import { filterEntries, modelChoices, pickerEntries } from './model-choices';

const form = (id: string): FormDescription => {
  const entry = variantById(id);
  if (!entry) throw new Error(`no variant ${id}`);
  return describeForm(entry);
};

describe('switching models', () => {
  it('keeps every option the new model has and allows, and says what it left behind', () => {
    const values = { size: { tier: '1K', ratio: '16:9' }, quality: 'low', n: 3 };
    expect(carryOver(values, form('image.gen-image-2.task'))).toEqual({ values, dropped: [] });
    // Nova flash has sizes (1K 16:9 too) but neither quality nor a count.
    expect(carryOver(values, form('image.nova-3.1-flash-image'))).toEqual({ values: { size: { tier: '1K', ratio: '16:9' } }, dropped: ['quality', 'n'] });
  });

  it('drops a value outside the new model’s limits: 8 s from Vid 2 is not a Clip 3 duration', () => {
    expect(carryOver({ duration: 8, size: { tier: '720p', ratio: '16:9' } }, form('video.clip3-720p'))).toEqual({
      values: { size: { tier: '720p', ratio: '16:9' } },
      dropped: ['duration'],
    });
    expect(carryOver({ duration: 10 }, form('video.clip-3.0-turbo')).values).toEqual({ duration: 10 });
  });

  it('drops a size whose tier the new model lacks', () => {
    expect(carryOver({ size: { tier: '4K', ratio: '16:9' } }, form('image.nova-3.1-flash-image')).values).toEqual({ size: { tier: '4K', ratio: '16:9' } });
    expect(carryOver({ size: { tier: '2K', ratio: '3:2' } }, form('image.nova-3.1-flash-image')).dropped).toEqual(['size']);
  });
});

describe('a recipe read back into the form', () => {
  it('gives back the model, prompt, options, references and mask of a stored request', () => {
    const description = form('image.gen-image-2.task');
    const values = {
      model: 'gen-image-2',
      prompt: 'a fox',
      size: { tier: '2K', ratio: '3:2' },
      quality: 'medium',
      n: 2,
      image_urls: ['https://gw/a.png', 'https://gw/b.png'],
      mask_url: 'https://gw/m.png',
    };
    const entry = variantById('image.gen-image-2.task');
    if (!entry) throw new Error('catalog');
    const request = buildRequestBody(entry, values);
    expect(recipeToForm('image.gen-image-2.task', request, description)).toEqual({
      modelId: 'gen-image-2',
      prompt: 'a fox',
      values: { size: { tier: '2K', ratio: '3:2' }, quality: 'medium', n: 2 },
      references: { image_urls: ['https://gw/a.png', 'https://gw/b.png'] },
      maskUrl: 'https://gw/m.png',
    });
  });

  it('reads object-shaped reference items and the pixel size of a direct request', () => {
    const description = form('image.nova-3.1-flash-image');
    const request = {
      model: 'nova-3.1-flash-image',
      prompt: 'p',
      size: '1360x768',
      image_urls: [{ url: 'https://gw/x.png' }],
      n: 1,
      response_format: 'b64_json',
    };
    expect(recipeToForm('image.nova-3.1-flash-image', request, description)).toMatchObject({
      modelId: 'nova-3.1-flash-image',
      values: { size: { tier: '1K', ratio: '16:9' } },
      references: { image_urls: ['https://gw/x.png'] },
    });
  });

  it('round-trips the options it reads into the same request', () => {
    const entry = variantById('video.vid-2-vvip');
    if (!entry) throw new Error('catalog');
    const description = describeForm(entry);
    const original = buildRequestBody(entry, {
      prompt: 'p',
      duration: 8,
      aspect_ratio: '9:16',
      'metadata.n': 2,
      'metadata.style': 'anime',
      image_urls: ['https://gw/r.png'],
    });
    const back = recipeToForm(entry.id, original, description);
    if (!back) throw new Error('unread');
    const rebuilt = buildRequestBody(entry, { ...requestValues(description, back, back.references, back.maskUrl), prompt: back.prompt });
    expect(rebuilt).toEqual(original);
  });
});

const input = (id: string, patch: Partial<FormInput> = {}): FormInput => ({
  description: form(id),
  modelId: variantById(id)?.modelIds[0] ?? '',
  prompt: 'a prompt',
  values: {},
  files: {},
  maskUrl: null,
  characters: [],
  ...patch,
});

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: WINDOW_RESOURCES.en }, 'zh-CN': { translation: WINDOW_RESOURCES['zh-CN'] } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
});

/** The form's problem of one field, worded in a language from the locale files. */
function said(check: FormCheck, id: string, key: string, locale: Locale = 'en'): string | undefined {
  const issue = check.issues[key];
  return issue && wordIssue(i18n.getFixedT(locale), issue, form(id));
}

/** The problem of one option value, checked the way the form checks it. */
function valueSaid(id: string, key: string, value: unknown, locale: Locale = 'en', others: Record<string, unknown> = {}): string | undefined {
  return said(checkForm(input(id, { values: { ...others, [key]: value } })), id, key, locale);
}

describe('field limits in both languages', () => {
  it('refuses a duration outside the allowed set or range, saying what is allowed', () => {
    expect(valueSaid('video.clip3-720p', 'duration', 8)).toBe('Choose one of: 5, 10, 15 seconds');
    expect(valueSaid('video.clip3-720p', 'duration', 8, 'zh-CN')).toBe('请选择：5、10、15（秒）');
    expect(valueSaid('video.clip-3.0-turbo', 'duration', '20')).toBe('Choose a whole number from 3 to 15 seconds');
    expect(valueSaid('video.clip-3.0-turbo', 'duration', '20', 'zh-CN')).toBe('请输入 3 到 15 之间的整数（秒）');
    expect(valueSaid('video.clip-3.0-turbo', 'duration', '7')).toBeUndefined();
    expect(valueSaid('video.clip-3.0-turbo', 'duration', '7.5')).toBe('Enter a whole number');
  });

  it('checks file counts, types and sizes of a reference list', () => {
    const id = 'image.gen-image-2.edit';
    const png = { mime: 'image/png', bytes: 1000, url: 'https://gw/a.png' };
    const filesSaid = (files: FormInput['files'][string], locale: Locale = 'en') =>
      said(checkForm(input(id, { files: { image_urls: files } })), id, 'image_urls', locale);
    expect(filesSaid([])).toBe('Add at least 1 (now 0)');
    expect(filesSaid([png, png, png, png, png], 'zh-CN')).toBe('最多 4 项（现在 5 项）');
    expect(filesSaid([{ ...png, mime: 'image/webp' }])).toBe('WEBP is not taken here; use PNG, JPEG');
    expect(filesSaid([{ ...png, bytes: 3 * 1024 * 1024 }])).toBe('At most 2 MB per image (one is 3 MB)');
    expect(filesSaid([png])).toBeUndefined();
  });

  it('checks a character segment and a remix source id', () => {
    const reference = { 'metadata.character_url': 'https://cdn.example/hero.mp4' };
    expect(valueSaid('video.vid-2-vvip', 'metadata.character_timestamps', '3,6', 'en', reference)).toMatch(/2-second segment/);
    expect(valueSaid('video.vid-2-vvip', 'metadata.character_timestamps', '3,5', 'en', reference)).toBeUndefined();
    expect(valueSaid('video.vid-2-vvip', 'metadata.character_timestamps', '3,5')).toBe('Needs Character reference video');
    expect(valueSaid('video.remix.vid-2', 'video_id', 'video_123')).toBe('An id starting with task_');
  });
});

describe('the whole form', () => {
  it('is fine with a prompt alone for text-to-image', () => {
    expect(checkForm(input('image.gen-image-2.direct'))).toMatchObject({ ok: true, issues: {} });
    expect(said(checkForm(input('image.gen-image-2.direct', { prompt: '  ' })), 'image.gen-image-2.direct', 'prompt')).toBe('Write a prompt');
  });

  it('flags omni placeholders that point past the list or come out of order', () => {
    const id = 'video.clip-v3-omni';
    const file = { mime: 'image/png', bytes: 10, url: 'https://gw/1.png' };
    const past = checkForm(input(id, { prompt: 'a <<<image_2>>>', files: { 'metadata.image_list': [file] } }));
    expect(said(past, id, 'prompt')).toBe('<<<image_2>>> points at item 2 of Reference images, which has 1');
    const order = checkForm(input(id, { prompt: '<<<image_2>>> then <<<image_1>>>', files: { 'metadata.image_list': [file, file] } }));
    expect(said(order, id, 'prompt', 'zh-CN')).toMatch(/请按列表顺序首次引用/);
    expect(checkForm(input(id, { prompt: '<<<image_1>>> then <<<image_2>>>', files: { 'metadata.image_list': [file, file] } })).ok).toBe(true);
  });

  it('flags unknown @mentions before sending, and sound with a reference video', () => {
    const mentions = checkForm(input('video.vid-2-vvip', { prompt: '@mira_1a2b meets @ghost', characters: ['mira_1a2b'] }));
    expect(said(mentions, 'video.vid-2-vvip', 'prompt')).toMatch(/^@ghost: no character of yours/);
    const both = checkForm(input('video.clip-v3-omni', { values: { audio: true, video_list: ['https://cdn.example/clip.mp4'] } }));
    expect(said(both, 'video.clip-v3-omni', 'video_list')).toBe('Not together with Sound');
  });

  it('counts references still uploading, and passes the catalog’s own check once they are in', () => {
    const uploading = { mime: 'image/png', bytes: 10, url: null };
    expect(checkForm(input('video.clip3-720p', { files: { images: [uploading] } })).ok).toBe(true);
    expect(said(checkForm(input('video.clip3-720p')), 'video.clip3-720p', 'images')).toBe('Add at least 1 (now 0)');
  });

  it('counts a painted mask still uploading as given', () => {
    const id = 'image.gen-image-2.edit';
    const image = { mime: 'image/png', bytes: 10, url: 'https://gw/a.png' };
    expect(checkForm(input(id, { files: { image_urls: [image] }, maskPending: true })).ok).toBe(true);
    expect(said(checkForm(input(id, { maskPending: true })), id, 'mask_url')).toBe('The mask needs an image: it applies to the first of Images to edit');
  });
});

describe('the model picker', () => {
  const models: ModelView[] = [
    {
      id: 'gen-image-2',
      type: 'image',
      ownedBy: 'gen',
      endpointTypes: [],
      responsesOnly: false,
      variants: ['image.gen-image-2.direct', 'image.gen-image-2.edit'].map((id) => ({
        id,
        kind: 'image',
        label: { key: 'catalog.literal', params: { text: id } },
        help: { key: 'catalog.literal', params: { text: '' } },
        generic: false,
        channel: { usually: 'direct', label: 'catalog.channels.direct', note: null },
      })),
    },
    {
      id: 'vid-2',
      type: 'video',
      ownedBy: 'vid',
      endpointTypes: [],
      responsesOnly: false,
      variants: ['video.vid-2.character', 'video.remix.vid-2'].map((id) => ({
        id,
        kind: 'video',
        label: { key: 'catalog.literal', params: { text: id } },
        help: { key: 'catalog.literal', params: { text: '' } },
        generic: false,
        channel: null,
      })),
    },
    {
      id: 'lumen-video-1',
      type: 'video',
      ownedBy: 'lumen',
      endpointTypes: [],
      responsesOnly: false,
      variants: [
        {
          id: 'video.generic:lumen-video-1',
          kind: 'video',
          label: { key: 'catalog.literal', params: { text: 'lumen-video-1' } },
          help: { key: 'catalog.literal', params: { text: '' } },
          generic: true,
          channel: null,
        },
      ],
    },
  ];

  it('lists one entry per model as artists know it, each saying what it does; remixes start from a video', () => {
    const entries = pickerEntries(models, 'generate');
    expect(entries.map((entry) => sayInEnglish(entry.name))).toEqual(['Image 2', 'Vid 2', 'lumen-video-1']);
    expect(entries[0]?.choices.map((c) => c.variantId)).toEqual(['image.gen-image-2.direct', 'image.gen-image-2.edit']);
    const choices = modelChoices(models, 'generate');
    expect(choices[0]?.chips.map(sayInEnglish)).toEqual(['Text to image', 'Up to 4 references']);
    expect(choices[1]?.chips.map(sayInEnglish)).toContain('Edit · mask');
    expect(choices.find((c) => c.generic)?.chips.map(sayInEnglish)).toContain('Generic form');
    expect(modelChoices(models, 'remix').map((c) => c.variantId)).toEqual(['video.remix.vid-2']);
    expect(filterEntries(entries, '蒙版').map((entry) => entry.id)).toEqual(['image-2']);
  });
});
