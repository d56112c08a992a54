import { describe, expect, it } from 'vitest';
import { describeForm, variantById, type FormDescription } from '../../../../../shared/catalog';
import { batchName, createInput, estimateInput, promptsOf, type ComposerSnapshot } from './batch-input';

const form = (id: string): FormDescription => {
  const entry = variantById(id);
  if (!entry) throw new Error(id);
  return describeForm(entry);
};

const snapshot = (patch: Partial<ComposerSnapshot> = {}): ComposerSnapshot => ({
  description: form('image.gen-image-2.task'),
  modelId: 'gen-image-2',
  prompt: 'a fox',
  values: { quality: 'low', size: { tier: '1K', ratio: '16:9' } },
  references: { image_urls: ['https://gw/a.png'] },
  maskUrl: 'https://gw/mask.png',
  mode: 'single',
  count: 2,
  csv: null,
  fanOut: [],
  ...patch,
});

describe('the batch the form sends', () => {
  it('reads the prompt box by its mode', () => {
    expect(promptsOf(' a fox \n\n a hare\n', 'lines')).toEqual(['a fox', 'a hare']);
    expect(promptsOf('a fox\na hare', 'single')).toEqual(['a fox\na hare']);
    expect(promptsOf('   ', 'single')).toEqual([]);
    expect(batchName('\n  the first line is the name  \nnot this')).toBe('the first line is the name');
    expect(batchName('x'.repeat(80))).toHaveLength(60);
  });

  it('sends one prompt with the options, references and mask of the form', () => {
    expect(estimateInput(snapshot())).toEqual({
      variantIds: ['image.gen-image-2.task'],
      prompts: ['a fox'],
      countPerPrompt: 2,
      values: { model: 'gen-image-2', quality: 'low', size: { tier: '1K', ratio: '16:9' }, image_urls: ['https://gw/a.png'], mask_url: 'https://gw/mask.png' },
    });
  });

  it('sends a template with its CSV, and the budget or capped key when given', () => {
    const input = createInput(snapshot({ mode: 'template', prompt: 'a {{animal}} in {snow|rain}', csv: 'animal\nfox\n', creditBudget: 100, keyCredits: 50 }));
    expect(input).toMatchObject({
      name: 'a {{animal}} in {snow|rain}',
      template: 'a {{animal}} in {snow|rain}',
      csv: 'animal\nfox\n',
      creditBudget: 100,
      dedicatedKeyCredits: 50,
    });
    expect(input).not.toHaveProperty('prompts');
  });

  it('fans out to other models, each with the options it takes and the references in its own field', () => {
    const input = estimateInput(snapshot({ fanOut: [{ description: form('image.nova-3.1-flash-image'), modelId: 'nova-3.1-flash-image' }] }));
    expect(input.variantIds).toEqual(['image.gen-image-2.task', 'image.nova-3.1-flash-image']);
    expect(input.valuesByVariant).toEqual({
      'image.nova-3.1-flash-image': { model: 'nova-3.1-flash-image', size: { tier: '1K', ratio: '16:9' }, image_urls: ['https://gw/a.png'] },
    });
  });
});
