import { describe, expect, it } from 'vitest';
import { modelNameOf, variantNameOf } from './model-names';

describe('the names a result is shown by', () => {
  it('names a model as the picker does, in both languages, by the variant that made it', () => {
    expect(modelNameOf('gen-image-2', 'en', 'image.gen-image-2.task')).toBe('Image 2');
    expect(modelNameOf('clip3-1080p', 'en', 'video.clip3-1080p')).toBe('Clip 3');
    expect(modelNameOf('gen-image-2', 'zh-CN', 'image.gen-image-2.direct')).not.toBe('gen-image-2');
  });

  it('finds the name by the model id alone (the gallery filter counts by model), and keeps an unknown id as it is', () => {
    expect(modelNameOf('gen-image-2', 'en')).toBe('Image 2');
    expect(modelNameOf('someones-new-model', 'en')).toBe('someones-new-model');
    expect(modelNameOf('someones-new-model', 'en', 'generic.image.someones-new-model')).toBe('someones-new-model');
    // A record whose variant does not serve its model (an import, an older version) is named by its model.
    expect(modelNameOf('nova-3.1-flash-image-preview', 'en', 'image.gen-image-2.direct')).toBe('Nova 3.1 Flash');
  });

  it('names a variant by its catalog label, and an unknown one by its id', () => {
    expect(variantNameOf('image.gen-image-2.task', 'en')).toBe('Image 2 (official, queued)');
    expect(variantNameOf('video.clip3-1080p', 'en')).toBe('Clip 3 · 1080p');
    expect(variantNameOf('no.such.variant', 'en')).toBe('no.such.variant');
  });
});
