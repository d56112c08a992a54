import { describe, expect, it } from 'vitest';
import { sayInEnglish, sharedTranslator } from '../i18n/locales';
import { say } from '../i18n/translate';
import { DISPLAY_MODELS, displayModelOf, memberFor, modesOf } from './display-models';
import { CATALOG, variantById } from './registry';

describe('the models as artists know them', () => {
  it('names each model once, in both languages, with a line on what it is good at', () => {
    const names = DISPLAY_MODELS.map((model) => sayInEnglish(model.name));
    expect(new Set(names).size).toBe(names.length);
    for (const model of DISPLAY_MODELS) {
      for (const text of [model.name, model.goodAt, ...model.searchWords]) {
        const [en, zh] = [sayInEnglish(text), say(text, sharedTranslator('zh-CN'))];
        expect(en.trim(), model.id).not.toBe(text);
        expect(zh.trim(), model.id).not.toBe(text);
      }
    }
  });

  it('holds every generation variant of the catalog exactly once, each of its own kind', () => {
    const generating = CATALOG.filter((entry) => entry.kind !== 'character' && !entry.path.includes('/remix')).map((entry) => entry.id);
    const members = DISPLAY_MODELS.flatMap((model) => model.members.map((member) => member.variantId));
    expect([...members].sort()).toEqual([...generating].sort());
    for (const model of DISPLAY_MODELS) {
      for (const member of model.members) expect(variantById(member.variantId)?.kind, member.variantId).toBe(model.kind);
    }
  });

  it('makes an edit with a mask return images by default: Image 2 edits on its queued variant', () => {
    const image2 = displayModelOf('image.gen-image-2.direct')?.model;
    if (!image2) throw new Error('no Image 2');
    expect(modesOf(image2)).toEqual(['create', 'edit']);
    const edit = memberFor(image2, 'edit');
    expect(edit?.variantId).toBe('image.gen-image-2.task');
    expect(variantById(edit?.variantId ?? '')?.response).toBe('task');
    // The variant that answers edits with a summary is only taken when asked for by how it runs.
    expect(memberFor(image2, 'edit', 'instant')?.variantId).toBe('image.gen-image-2.edit');
    expect(memberFor(image2, 'create')?.variantId).toBe('image.gen-image-2.direct');
    expect(memberFor(image2, 'characters')).toBeUndefined();
  });

  it('knows nothing of remix, character and generic variants', () => {
    expect(displayModelOf('video.remix.vid-2')).toBeUndefined();
    expect(displayModelOf('character.vid-2-vvip.create')).toBeUndefined();
    expect(displayModelOf('image.generic:lumen-image-1')).toBeUndefined();
  });
});
