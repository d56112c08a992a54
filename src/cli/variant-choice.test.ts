import { describe, expect, it } from 'vitest';
import type { VariantEntry, WireBody } from '../shared/catalog';
import { chooseVariant, type LineShape } from './variant-choice';

const valid = (): [] => [];
const shape = (body: WireBody, extra: Partial<LineShape> = {}): LineShape => ({
  model: typeof body.model === 'string' ? body.model : '',
  body,
  variant: undefined,
  hasMask: false,
  ...extra,
});

function chosen(result: ReturnType<typeof chooseVariant>): string {
  if (!result.ok) throw new Error(result.message);
  return result.entry.id;
}

describe('chooseVariant', () => {
  it('suggests a variant of the first image model from the body', () => {
    expect(chosen(chooseVariant(shape({ model: 'gen-image-2', prompt: 'a' }), valid))).toBe('image.gen-image-2.direct');
    expect(chosen(chooseVariant(shape({ model: 'gen-image-2', size: '1536x1024' }), valid))).toBe('image.gen-image-2.direct');
    expect(chosen(chooseVariant(shape({ model: 'gen-image-2', size: 'auto' }), valid))).toBe('image.gen-image-2.direct');
    expect(chosen(chooseVariant(shape({ model: 'gen-image-2', size: '16:9' }), valid))).toBe('image.gen-image-2.task');
    expect(chosen(chooseVariant(shape({ model: 'gen-image-2', image_urls: [] }), valid))).toBe('image.gen-image-2.edit');
    expect(chosen(chooseVariant(shape({ model: 'gen-image-2' }, { hasMask: true }), valid))).toBe('image.gen-image-2.edit');
    expect(chosen(chooseVariant(shape({ model: 'gen-image-2', size: '1:1', image_urls: [] }, { hasMask: true }), valid))).toBe('image.gen-image-2.task');
  });

  it('says what is known and what is assumed about the channel of the first image model', () => {
    const queued = chooseVariant(shape({ model: 'gen-image-2', size: '16:9' }), valid);
    if (!queued.ok) throw new Error(queued.message);
    expect(queued.note).toMatch(
      /^gen-image-2: checked as image\.gen-image-2\.task because its size is a ratio\. Assumed: such a request is usually queued\. Known: The interface does not say how the gateway picks the direct or the queued channel of gen-image-2; whichever answer comes back .* is followed\.$/,
    );
    const direct = chooseVariant(shape({ model: 'gen-image-2', prompt: 'a' }), valid);
    expect(direct.ok && direct.note).toMatch(
      /checked as image\.gen-image-2\.direct because it has neither a ratio size nor images to edit\. Assumed: such a request is usually direct/,
    );
    expect(chooseVariant(shape({ model: 'clip3-720p' }), valid)).not.toHaveProperty('note');
  });

  it('takes another variant of the first image model when only it accepts the line', () => {
    const onlyTask = (entry: VariantEntry) =>
      entry.id === 'image.gen-image-2.task' ? [] : [{ path: 'image_urls', message: 'image_urls: at most 4 images (got 10)' }];
    const choice = chooseVariant(shape({ model: 'gen-image-2', image_urls: Array(10).fill('https://x/a.png') }), onlyTask);
    if (!choice.ok) throw new Error(choice.message);
    expect(choice.entry.id).toBe('image.gen-image-2.task');
    expect(choice.note).toMatch(
      /because only it accepts this line \(image\.gen-image-2\.edit: image_urls: at most 4 images \(got 10\)\)\. Assumed: such a request is usually queued/,
    );
    // Nothing accepts it: the suggested variant stays, so its problems are reported.
    const none = chooseVariant(shape({ model: 'gen-image-2', image_urls: [] }), () => [{ path: 'x', message: 'no' }]);
    expect(none.ok && none.entry.id).toBe('image.gen-image-2.edit');
  });

  it('takes the only variant of a model', () => {
    expect(chosen(chooseVariant(shape({ model: 'clip3-720p' }), () => [{ path: 'images', message: 'needs images' }]))).toBe('video.clip3-720p');
  });

  it('takes the one variant a line is valid for, and remix only with a video id', () => {
    const officialOnly = (entry: VariantEntry) => (entry.id === 'video.vid-2.official' ? [] : [{ path: '', message: 'no' }]);
    expect(chosen(chooseVariant(shape({ model: 'vid-2', prompt: 'a' }), officialOnly))).toBe('video.vid-2.official');
    expect(
      chosen(
        chooseVariant(shape({ model: 'vid-2', prompt: 'a', video_id: 'task_1' }), (entry) =>
          entry.id.startsWith('video.remix') ? [] : [{ path: '', message: 'no' }],
        ),
      ),
    ).toBe('video.remix.vid-2');
  });

  it('names the choices when a line fits several variants or none', () => {
    const several = chooseVariant(shape({ model: 'vid-2', prompt: 'hi @bob' }), valid);
    expect(several).toEqual({
      ok: false,
      message: expect.stringMatching(/several variants that fit.*video\.vid-2\.official.*video\.vid-2\.character.*"variant"/) as unknown,
    });
    const none = chooseVariant(shape({ model: 'vid-2', prompt: 'a' }), () => [{ path: 'x', message: 'x is wrong' }]);
    expect(none).toEqual({
      ok: false,
      message: expect.stringMatching(/fits none of them \(video\.vid-2\.official: x is wrong; video\.vid-2\.character: x is wrong\)/) as unknown,
    });
  });

  it('follows an explicit variant, and refuses one that does not serve the model', () => {
    expect(chosen(chooseVariant(shape({ model: 'vid-2' }, { variant: 'video.vid-2.character' }), valid))).toBe('video.vid-2.character');
    expect(chosen(chooseVariant(shape({ model: 'my-model' }, { variant: 'image.generic:my-model' }), valid))).toBe('image.generic:my-model');
    expect(chooseVariant(shape({ model: 'vid-2' }, { variant: 'image.gen-image-2.direct' }), valid)).toEqual({
      ok: false,
      message: expect.stringMatching(/does not serve model "vid-2"/) as unknown,
    });
    expect(chooseVariant(shape({ model: 'vid-2' }, { variant: 'nope' }), valid)).toEqual({
      ok: false,
      message: expect.stringMatching(/unknown variant "nope"/) as unknown,
    });
  });

  it('refuses an unknown model and lists the known ones', () => {
    const result = chooseVariant(shape({ model: 'gen-image-9' }), valid);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/unknown model "gen-image-9"; known models: .*gen-image-2/) as unknown });
  });
});
