import { describe, expect, it } from 'vitest';
import { sayInEnglish, sharedTranslator } from '../i18n/locales';
import { literal, say, type Words } from '../i18n/translate';

const inEnglish = (words: Words | undefined): string | undefined => (words === undefined ? undefined : sayInEnglish(words));
const inChinese = (words: Words | undefined): string | undefined => (words === undefined ? undefined : say(words, sharedTranslator('zh-CN')));
import { describeForm } from './form';
import { CATALOG, variantById } from './registry';

function form(id: string) {
  const entry = variantById(id);
  if (!entry) throw new Error(`no variant ${id}`);
  return describeForm(entry);
}

describe('describeForm', () => {
  it('describes every variant with plain, serialisable data', () => {
    for (const entry of CATALOG) {
      const description = describeForm(entry);
      expect(JSON.parse(JSON.stringify(description)), entry.id).toEqual(JSON.parse(JSON.stringify(description)));
      expect(description.fields.length, entry.id).toBeGreaterThan(0);
      expect(
        description.fields.some((field) => field.control === 'prompt'),
        entry.id,
      ).toBe(true);
    }
  });

  it('offers a model choice only where a variant serves several models', () => {
    expect(form('video.vid-2.official').fields[0]).toMatchObject({
      key: 'model',
      control: 'select',
      default: 'vid-2-official',
      choices: [{ value: 'vid-2-official' }, { value: 'vid-2' }, { value: 'vid2-pro' }, { value: 'vid2' }],
    });
    expect(form('video.clip-v3-omni').fields.some((field) => field.key === 'model')).toBe(false);
  });

  it('says which channel a variant usually reaches', () => {
    expect(form('image.gen-image-2.task').channel).toMatchObject({ usually: 'queued' });
    expect(inEnglish(form('image.gen-image-2.task').channel?.label)).toBe('Usually queued');
    expect(inChinese(form('image.gen-image-2.direct').channel?.note)).toMatch(/由网关而非请求决定/);
    expect(form('image.generic:flux-9').channel).toBeUndefined();
  });

  it('describes sizes by tier with pixel values', () => {
    const size = form('image.gen-image-2.task').fields.find((field) => field.key === 'size');
    expect(size?.sizes?.wire).toBe('ratio');
    expect(inEnglish(size?.sizes?.tierLabel)).toBe('Resolution');
    const fourK = size?.sizes?.tiers.find((tier) => tier.tier === '4K');
    expect(fourK?.options.map((o) => o.ratio)).toEqual(['16:9', '9:16', '2:1', '1:2', '21:9', '9:21']);
    expect(fourK?.options[0]).toEqual({
      value: { tier: '4K', ratio: '16:9' },
      ratio: '16:9',
      width: 3840,
      height: 2160,
      label: literal('16:9 · 3840×2160'),
    });
    expect(form('image.gen-image-2.direct').fields.find((f) => f.key === 'size')?.sizes?.allowAuto).toBe(true);
  });

  it('describes file inputs with limits narrowed by the upload endpoint, and masks', () => {
    const fields = form('image.gen-image-2.task').fields;
    expect(fields.find((f) => f.key === 'image_urls')?.files).toEqual({
      minCount: 0,
      maxCount: 16,
      maxBytes: 10 * 1024 * 1024,
      mimeTypes: ['image/png', 'image/jpeg'],
      takesUpload: true,
      acceptsDataUrl: false,
      usesOnlyFirst: false,
      matchesSizeOf: undefined,
    });
    const mask = fields.find((f) => f.key === 'mask_url');
    expect(mask?.control).toBe('mask');
    expect(mask?.mask).toEqual({ referenceField: 'image_urls', mimeType: 'image/png', needsAlpha: true, sameSizeAsFirstReference: true });
    expect(form('video.clip-3.0-turbo').fields.find((f) => f.key === 'reference_images')?.files?.usesOnlyFirst).toBe(true);
    expect(form('video.clip-v3-omni').fields.find((f) => f.key === 'video_list')?.files?.takesUpload).toBe(false);
    expect(form('video.vid-2.official').fields.find((f) => f.key === 'input_reference')?.files).toMatchObject({
      maxCount: 1,
      acceptsDataUrl: true,
      matchesSizeOf: 'size',
    });
  });

  it('gives choices, ranges and hides fixed fields', () => {
    const fields = form('image.nova-3-pro-image.official').fields;
    expect(fields.some((f) => f.key === 'n')).toBe(false);
    expect(fields.find((f) => f.key === 'metadata.thinkingConfig.thinkingBudget')?.range).toEqual({ min: 0, max: 24_576, step: 1, unit: 'tokens' });
    expect(fields.find((f) => f.key === 'metadata.safetySettings')?.items?.map((item) => item.key)).toEqual(['category', 'threshold']);
    const mode = form('video.clip-v3-omni').fields.find((f) => f.key === 'mode');
    expect(mode?.choices?.map((choice) => [choice.value, inEnglish(choice.label), inChinese(choice.label)])).toEqual([
      ['std', 'Standard (720p)', '标准（720P）'],
      ['pro', 'Pro (1080p)', '专业（1080P）'],
    ]);
    expect(
      form('video.vid-2-vvip')
        .fields.find((f) => f.key === 'duration')
        ?.choices?.map((c) => c.value),
    ).toEqual([4, 8, 12]);
  });

  it('describes prompt syntax and cross-field rules in both languages', () => {
    const omni = form('video.clip-v3-omni');
    expect(omni.fields.find((f) => f.key === 'prompt')?.prompt).toEqual({
      syntax: 'placeholders',
      placeholders: [
        { token: 'image', list: 'metadata.image_list', example: '<<<image_1>>>' },
        { token: 'video', list: 'video_list', example: '<<<video_1>>>' },
        { token: 'element', list: 'metadata.element_list', example: '<<<element_1>>>' },
      ],
    });
    expect(omni.rules.map(inEnglish)).toEqual([
      'Sound and Reference video cannot be used together.',
      'Refer to list items in the prompt as <<<image_N>>>, <<<video_N>>>, <<<element_N>>>, numbered from 1 in list order; nothing is inserted automatically.',
    ]);
    expect(inChinese(omni.rules[0])).toBe('「音频」和「参考视频」不能同时使用。');
    expect(form('video.vid-2.character').rules.map(inEnglish)).toEqual(['Mention at least one character as @username, or give Character task id.']);
    expect(form('image.gen-image-2.edit').rules.map(inEnglish)).toEqual([
      'The mask needs Images to edit: a PNG with transparency, exactly the size of the first image.',
    ]);
    expect(form('video.remix.vid-2').fields.find((f) => f.key === 'video_id')?.text).toEqual({ format: 'id', idPrefix: 'task_', segmentSeconds: undefined });
  });
});
