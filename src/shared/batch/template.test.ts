import { describe, expect, it } from 'vitest';
import { MAX_BATCH_JOBS, planBatch } from './plan';
import { expandTemplate, parseTemplate, TemplateError } from './template';

describe('prompt templates', () => {
  it('expands every combination of alternatives in order', () => {
    expect(expandTemplate(parseTemplate('a {red|blue} fox in {snow|rain}'))).toEqual([
      'a red fox in snow',
      'a red fox in rain',
      'a blue fox in snow',
      'a blue fox in rain',
    ]);
  });

  it('fills CSV columns and keeps escaped braces literal', () => {
    const parts = parseTemplate('{{animal}} at {{time}} \\{sketch\\}');
    expect(expandTemplate(parts, { animal: '猫', time: 'dawn' })).toEqual(['猫 at dawn {sketch}']);
  });

  it.each([
    ['a {red|blue fox', /never closed/],
    ['a {red} fox', /needs alternatives/],
    ['a red} fox', /no opening/],
    ['{{ }}', /Empty column/],
    ['{{animal', /never closed/],
  ])('refuses %j with a message saying what is wrong', (template, message) => {
    expect(() => parseTemplate(template)).toThrow(message);
  });
});

describe('batch plans', () => {
  it('repeats each prompt and fans out over models', () => {
    const jobs = planBatch({ prompts: ['a', 'b'], countPerPrompt: 2, variantIds: ['m1', 'm2'] });
    expect(jobs).toHaveLength(8);
    expect(jobs.filter((j) => j.prompt === 'a' && j.variantId === 'm2').map((j) => j.repeat)).toEqual([0, 1]);
  });

  it('combines literal prompts with a CSV-driven template', () => {
    const jobs = planBatch({
      prompts: ['plain'],
      template: '{{subject}} {at night|at noon}',
      rows: [{ subject: 'castle' }, { subject: 'harbour' }],
      countPerPrompt: 1,
      variantIds: ['m'],
    });
    expect(jobs.map((j) => j.prompt)).toEqual(['plain', 'castle at night', 'castle at noon', 'harbour at night', 'harbour at noon']);
    expect(jobs.map((j) => j.promptIndex)).toEqual([0, 1, 2, 3, 4]);
  });

  it('names missing CSV columns before making any job', () => {
    expect(() => planBatch({ template: '{{colour}} cat', rows: [{ color: 'red' }], countPerPrompt: 1, variantIds: ['m'] })).toThrow(/no column "colour"/);
    expect(() => planBatch({ template: '{{colour}} cat', countPerPrompt: 1, variantIds: ['m'] })).toThrow(/no CSV rows/);
  });

  it('refuses empty batches, bad counts and runaway sizes', () => {
    expect(() => planBatch({ prompts: ['  '], countPerPrompt: 1, variantIds: ['m'] })).toThrow(/no prompt/);
    expect(() => planBatch({ prompts: ['a'], countPerPrompt: 0, variantIds: ['m'] })).toThrow(TemplateError);
    expect(() => planBatch({ prompts: ['a'], countPerPrompt: 1, variantIds: [] })).toThrow(/at least one model/);
    const huge = '{a|b|c|d|e|f|g|h|i|j} {a|b|c|d|e|f|g|h|i|j} {a|b|c|d|e|f|g|h|i|j} {a|b|c|d|e|f}';
    expect(() => planBatch({ template: huge, countPerPrompt: 1, variantIds: ['m'] })).toThrow(String(MAX_BATCH_JOBS));
  });
});
