import { describe, expect, it } from 'vitest';
import type { RejectCase } from './test-support';
import { accepted, bodyProblems, entry, messages, noteText } from './test-support';

const url = (n: number) => `https://cdn.example/ref-${n}.png`;
const urls = (count: number) => Array.from({ length: count }, (_unused, i) => url(i + 1));

describe('image variant A, direct (image.gen-image-2.direct)', () => {
  const id = 'image.gen-image-2.direct';

  it('accepts text-to-image with the default pixel size', () => {
    expect(accepted(id, { prompt: 'a lighthouse at dusk' }).request.body).toEqual({ model: 'gen-image-2', prompt: 'a lighthouse at dusk', size: '1024x1024' });
  });

  it('accepts every size of the table, auto, references and options', () => {
    for (const size of ['720x1280', '1280x720', '1248x832', '2048x2048', '2304x1728', '1664x2496', '2160x3840', '3840x2160', 'auto']) {
      expect(accepted(id, { prompt: 'p', size }).request.body.size).toBe(size);
    }
    const body = accepted(id, { prompt: 'p', size: { tier: '2K', ratio: '3:4' }, quality: 'low', output_format: 'jpeg', n: '2', reference_images: urls(4) })
      .request.body;
    expect(body).toMatchObject({ size: '1728x2304', quality: 'low', output_format: 'jpeg', n: 2, reference_images: urls(4) });
  });

  it.each<RejectCase>([
    ['missing prompt', {}, /^prompt: required /],
    ['prompt over 32000 characters', { prompt: 'x'.repeat(32_001) }, /^prompt: too_long (?=.*"limit":[^,}]*\b32000\b)(?=.*"value":[^,}]*\b32001\b)/],
    ['a size not in the table', { prompt: 'p', size: '1536x1024' }, /^size: size_not_allowed /],
    ['a ratio size (that would select variant B)', { prompt: 'p', size: { tier: '4K', ratio: '1:1' } }, /^size: size_not_allowed /],
    ['5 reference images', { prompt: 'p', reference_images: urls(5) }, /(?:^|\.)reference_images: too_many (?=.*"limit":[^,}]*\b4\b)(?=.*"value":[^,}]*\b5\b)/],
    ['a Base64 reference', { prompt: 'p', reference_images: ['data:image/png;base64,iVBORw0KGgo='] }, /(?:^|\.)reference_images: not_http_url /],
    ['quality ultra', { prompt: 'p', quality: 'ultra' }, /(?:^|\.)quality: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"low, medium, high")/],
    ['webp output', { prompt: 'p', output_format: 'webp' }, /(?:^|\.)output_format: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"png, jpeg")/],
    ['n = 0', { prompt: 'p', n: 0 }, /^n: out_of_range (?=.*"min":[^,}]*\b1\b)(?=.*"max":[^,}]*\b10\b)(?=.*"value":[^,}]*\b0\b)/],
    ['edit-mode field on the direct entry', { prompt: 'p', image_urls: urls(1) }, /(?:^|\.)image_urls: not_an_option /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('image variant A, edit mode (image.gen-image-2.edit)', () => {
  const id = 'image.gen-image-2.edit';

  it('accepts edits and inpainting with a mask', () => {
    const body = accepted(id, { prompt: 'make it snow', image_urls: urls(2), mask_url: 'https://cdn.example/mask.png' }).request.body;
    expect(body).toEqual({ model: 'gen-image-2', prompt: 'make it snow', size: '1024x1024', image_urls: urls(2), mask_url: 'https://cdn.example/mask.png' });
    expect(entry(id).response).toBe('summary');
  });

  it.each<RejectCase>([
    ['no image to edit', { prompt: 'p' }, /(?:^|\.)image_urls: too_few (?=.*"limit":[^,}]*\b1\b)(?=.*"value":[^,}]*\b0\b)/],
    ['5 images', { prompt: 'p', image_urls: urls(5) }, /(?:^|\.)image_urls: too_many (?=.*"limit":[^,}]*\b4\b)(?=.*"value":[^,}]*\b5\b)/],
    [
      'a mask without images',
      { prompt: 'p', mask_url: 'https://cdn.example/m.png' },
      /(?:^|\.)mask_url: (?:requires|mask_needs_reference) (?=.*"other":"image_urls")/,
    ],
    ['a mask given as data', { prompt: 'p', image_urls: urls(1), mask_url: 'data:image/png;base64,AAAA' }, /(?:^|\.)mask_url: not_http_url /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('image variant B, task (image.gen-image-2.task)', () => {
  const id = 'image.gen-image-2.task';

  it('always sends a ratio size and the tier as resolution', () => {
    expect(accepted(id, { prompt: '一只猫' }).request.body).toEqual({ model: 'gen-image-2', prompt: '一只猫', size: '1:1', resolution: '1K' });
    expect(accepted(id, { prompt: 'p', size: '21:9', resolution: '2K' }).request.body).toMatchObject({ size: '21:9', resolution: '2K' });
  });

  it('accepts every ratio at 1K and 2K and the six 4K ratios', () => {
    const ratios = ['1:1', '3:2', '2:3', '4:3', '3:4', '5:4', '4:5', '16:9', '9:16', '2:1', '1:2', '21:9', '9:21'];
    for (const tier of ['1K', '2K']) for (const ratio of ratios) accepted(id, { prompt: 'p', size: { tier, ratio } });
    for (const ratio of ['16:9', '9:16', '2:1', '1:2', '21:9', '9:21']) accepted(id, { prompt: 'p', size: { tier: '4K', ratio } });
  });

  it('sends output_compression only with JPEG, and warns about n, background and slow 4K', () => {
    const jpeg = accepted(id, {
      prompt: 'p',
      output_format: 'jpeg',
      output_compression: 0,
      size: { tier: '4K', ratio: '16:9' },
      quality: 'high',
      n: 6,
      background: 'transparent',
    });
    expect(jpeg.request.body).toMatchObject({ output_format: 'jpeg', output_compression: 0, n: 6, background: 'transparent' });
    expect(jpeg.warnings.map(noteText)).toEqual([
      'At most 4 images come back per request, whatever the number asked.',
      'A transparent background is downgraded to auto: the image will be opaque.',
      '4K at high quality can take up to 130 seconds.',
    ]);
    const png = accepted(id, { prompt: 'p', output_compression: 50 });
    expect(png.request.body).not.toHaveProperty('output_compression');
    expect(noteText(png.warnings[0])).toBe('output_compression: ignored_unless {"other":"output_format","condition":"equals","value":"\\"jpeg\\""}');
  });

  it('turns a pixel size of its table into ratio and tier', () => {
    expect(accepted(id, { prompt: 'p', size: '2688x1152' }).request.body).toMatchObject({ size: '21:9', resolution: '2K' });
  });

  it('rejects a pixel size in a hand-written body', () => {
    expect(bodyProblems(id, { model: 'gen-image-2', prompt: 'p', size: '1024x1024' })).toContainEqual(
      expect.stringMatching(/^size: size_not_allowed .*1024x1024/),
    );
  });

  it('accepts 16 references and a mask', () => {
    accepted(id, { prompt: 'p', image_urls: urls(16), mask_url: 'https://cdn.example/m.png' });
  });

  it.each<RejectCase>([
    ['1:1 at 4K', { prompt: 'p', size: { tier: '4K', ratio: '1:1' } }, /^size: size_not_in_tier (?=.*"value":[^,}]*\b1:1\b)(?=.*"tier":[^,}]*\b4K\b)/],
    [
      '3:2 at 4K via resolution',
      { prompt: 'p', size: '3:2', resolution: '4K' },
      /^size: size_not_in_tier (?=.*"value":[^,}]*\b3:2\b)(?=.*"tier":[^,}]*\b4K\b)/,
    ],
    ['a pixel size outside the table', { prompt: 'p', size: '1000x1000' }, /^size: size_not_allowed /],
    ['an 8K tier', { prompt: 'p', size: '16:9', resolution: '8K' }, /(?:^|\.)resolution: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"1K, 2K, 4K")/],
    ['n = 11', { prompt: 'p', n: 11 }, /^n: out_of_range (?=.*"min":[^,}]*\b1\b)(?=.*"max":[^,}]*\b10\b)(?=.*"value":[^,}]*\b11\b)/],
    [
      'compression 101',
      { prompt: 'p', output_format: 'jpeg', output_compression: 101 },
      /(?:^|\.)output_compression: out_of_range (?=.*"min":[^,}]*\b0\b)(?=.*"max":[^,}]*\b100\b)(?=.*"value":[^,}]*\b101\b)/,
    ],
    ['17 references', { prompt: 'p', image_urls: urls(17) }, /(?:^|\.)image_urls: too_many (?=.*"limit":[^,}]*\b16\b)(?=.*"value":[^,}]*\b17\b)/],
    [
      'a mask without references',
      { prompt: 'p', mask_url: 'https://cdn.example/m.png' },
      /(?:^|\.)mask_url: (?:requires|mask_needs_reference) (?=.*"other":"image_urls")/,
    ],
    [
      'a background that is no word',
      { prompt: 'p', background: 'very opaque!' },
      /(?:^|\.)background: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"auto, transparent")/,
    ],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });

  it('sends a background beyond auto and transparent (the interface does not show the others), with a warning', () => {
    const result = accepted(id, { prompt: 'p', background: 'opaque' });
    expect(result.request.body.background).toBe('opaque');
    expect(result.warnings.map(noteText)).toContainEqual(expect.stringMatching(/^background: open_value .*opaque/));
  });

  it('takes size auto, and no size in a hand-written body (the gateway defaults to 1:1); the form sends its ratio', () => {
    expect(accepted(id, { prompt: 'p', size: 'auto' }).request.body.size).toBe('auto');
    expect(bodyProblems(id, { model: 'gen-image-2', prompt: 'p' })).toEqual([]);
    expect(accepted(id, { prompt: 'p' }).request.body).toMatchObject({ size: '1:1', resolution: '1K' });
  });

  it('sends auto with the tier asked for, at every tier (auto at 4K is billed and made at 4K)', () => {
    for (const tier of ['1K', '2K', '4K']) {
      expect(accepted(id, { prompt: 'p', size: { tier, ratio: 'auto' } }).request.body).toMatchObject({ size: 'auto', resolution: tier });
      expect(accepted(id, { prompt: 'p', size: 'auto', resolution: tier }).request.body).toMatchObject({ size: 'auto', resolution: tier });
    }
    expect(accepted(id, { prompt: 'p', size: 'auto' }).request.body.resolution).toBeUndefined();
  });

  it('warns above 4 images per request, like the direct variants', () => {
    for (const variant of [id, 'image.gen-image-2.direct']) {
      expect(accepted(variant, { prompt: 'p', n: 6 }).warnings.map(noteText)).toEqual(['At most 4 images come back per request, whatever the number asked.']);
    }
  });
});

describe('image variant C (image.nova-3.1-flash-image)', () => {
  const id = 'image.nova-3.1-flash-image';

  it('sends references as {url} objects and search tools', () => {
    const body = accepted(id, { prompt: 'p', size: '5504x3072', image_urls: [url(1), { url: url(2) }], tools: ['web_search', 'image_search'] }).request.body;
    expect(body).toEqual({
      model: 'nova-3.1-flash-image-preview',
      prompt: 'p',
      size: '5504x3072',
      image_urls: [{ url: url(1) }, { url: url(2) }],
      tools: [{ type: 'external_search', search_types: ['web_search', 'image_search'] }],
    });
  });

  it('sends the interface default model id, and takes the id of its examples', () => {
    expect(accepted(id, { prompt: 'p' }).request.body.model).toBe('nova-3.1-flash-image-preview');
    expect(accepted(id, { prompt: 'p', model: 'nova-3.1-flash-image' }).request.body.model).toBe('nova-3.1-flash-image');
  });

  it.each<RejectCase>([
    ['5 references', { prompt: 'p', image_urls: urls(5) }, /(?:^|\.)image_urls: too_many (?=.*"limit":[^,}]*\b4\b)(?=.*"value":[^,}]*\b5\b)/],
    ['a size that is no size', { prompt: 'p', size: 'huge' }, /^size: size_not_allowed /],
    ['an unknown search type', { prompt: 'p', tools: ['news_search'] }, /(?:^|\.)tools: unknown_search_type /],
    ['another model', { prompt: 'p', model: 'nova-3-pro-image' }, /^model: wrong_model /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('image variant C beyond the listed sizes', () => {
  it('sends an extreme ratio (the model supports 1:4 and 8:1; their pixel sizes are not shown), with a warning', () => {
    for (const size of ['512x2048', '8:1']) {
      const result = accepted('image.nova-3.1-flash-image', { prompt: 'p', size });
      expect(result.request.body.size).toBe(size);
      expect(result.warnings.map(noteText)).toContainEqual(expect.stringMatching(/^size: open_size /));
    }
  });
});

describe('image variant D (image.nova-3-pro-image)', () => {
  const id = 'image.nova-3-pro-image';

  it('accepts long prompts and 4K pixel sizes', () => {
    const body = accepted(id, { prompt: 'x'.repeat(40_000), size: { tier: '4K', ratio: '3:4' }, image_urls: [url(1)] }).request.body;
    expect(body).toMatchObject({ size: '3072x4096', image_urls: [{ url: url(1) }] });
  });

  it('sends another count than the example n = 1, with a warning', () => {
    const result = accepted(id, { prompt: 'p', n: 2 });
    expect(result.request.body.n).toBe(2);
    expect(result.warnings.map(noteText)).toContainEqual(expect.stringMatching(/^n: open_value \{"value":"2","allowed":"1"\}/));
  });

  it.each<RejectCase>([
    ['a ratio size', { prompt: 'p', size: '16:9', resolution: '4K' }, /(?:^|\.)resolution: not_an_option /],
    ['an unknown pixel size', { prompt: 'p', size: '4096x2304' }, /^size: size_not_allowed /],
    ['5 references', { prompt: 'p', image_urls: urls(5) }, /(?:^|\.)image_urls: too_many (?=.*"limit":[^,}]*\b4\b)/],
    ['an empty prompt', { prompt: '   ' }, /^prompt: required /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('image variant E (image.nova-3-pro-image.official)', () => {
  const id = 'image.nova-3-pro-image.official';

  it('puts native options under metadata', () => {
    const body = accepted(id, {
      prompt: 'p',
      size: '21:9',
      'metadata.resolution': '4K',
      image_urls: urls(14),
      'metadata.temperature': '1.5',
      'metadata.topP': 0.9,
      'metadata.maxOutputTokens': 4096,
      'metadata.personGeneration': 'ALLOW_ADULT',
      'metadata.imageOutputOptions.mimeType': 'image/jpeg',
      'metadata.imageOutputOptions.compressionQuality': 80,
      'metadata.thinkingConfig.thinkingBudget': 24_576,
      'metadata.thinkingConfig.thinkingLevel': 'HIGH',
      'metadata.safetySettings': [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }],
    }).request.body;
    expect(body).toEqual({
      model: 'nova-3-pro-image-preview-official',
      prompt: 'p',
      size: '21:9',
      image_urls: urls(14),
      metadata: {
        resolution: '4K',
        temperature: 1.5,
        topP: 0.9,
        maxOutputTokens: 4096,
        personGeneration: 'ALLOW_ADULT',
        imageOutputOptions: { mimeType: 'image/jpeg', compressionQuality: 80 },
        thinkingConfig: { thinkingBudget: 24_576, thinkingLevel: 'HIGH' },
        safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }],
      },
    });
  });

  it('drops compressionQuality unless JPEG', () => {
    const result = accepted(id, { prompt: 'p', 'metadata.imageOutputOptions.mimeType': 'image/png', 'metadata.imageOutputOptions.compressionQuality': 80 });
    expect(result.request.body.metadata).toEqual({ resolution: '1K', imageOutputOptions: { mimeType: 'image/png' } });
    expect(result.warnings).toHaveLength(1);
  });

  it.each<RejectCase>([
    ['15 references', { prompt: 'p', image_urls: urls(15) }, /(?:^|\.)image_urls: too_many (?=.*"limit":[^,}]*\b14\b)(?=.*"value":[^,}]*\b15\b)/],
    ['a 2:1 ratio', { prompt: 'p', size: '2:1' }, /^size: size_not_allowed /],
    ['n = 2', { prompt: 'p', n: 2 }, /^n: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"1")/],
    [
      'temperature 2.5',
      { prompt: 'p', 'metadata.temperature': 2.5 },
      /(?:^|\.)metadata\.temperature: out_of_range (?=.*"min":[^,}]*\b0\b)(?=.*"max":[^,}]*\b2\b)(?=.*"value":[^,}]*\b2\.5\b)/,
    ],
    [
      'topP 1.2',
      { prompt: 'p', 'metadata.topP': 1.2 },
      /(?:^|\.)metadata\.topP: out_of_range (?=.*"min":[^,}]*\b0\b)(?=.*"max":[^,}]*\b1\b)(?=.*"value":[^,}]*\b1\.2\b)/,
    ],
    [
      'thinking budget over 24576',
      { prompt: 'p', 'metadata.thinkingConfig.thinkingBudget': 24_577 },
      /(?:^|\.)metadata\.thinkingConfig\.thinkingBudget: out_of_range (?=.*"min":[^,}]*\b0\b)(?=.*"max":[^,}]*\b24576\b)/,
    ],
    [
      'thinking level EXTREME',
      { prompt: 'p', 'metadata.thinkingConfig.thinkingLevel': 'EXTREME' },
      /(?:^|\.)thinkingLevel: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"MINIMAL, LOW, MEDIUM, HIGH")/,
    ],
    [
      'person generation ALLOW_KIDS',
      { prompt: 'p', 'metadata.personGeneration': 'ALLOW_KIDS' },
      /(?:^|\.)metadata\.personGeneration: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"ALLOW_ALL, ALLOW_ADULT, ALLOW_NONE")/,
    ],
    [
      'a bad safety threshold',
      { prompt: 'p', 'metadata.safetySettings': [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ALL' }] },
      /(?:^|\.)metadata\.safetySettings: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"OFF, )/,
    ],
    [
      'an 8K resolution',
      { prompt: 'p', 'metadata.resolution': '8K' },
      /(?:^|\.)metadata\.resolution: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"1K, 2K, 4K")/,
    ],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});
