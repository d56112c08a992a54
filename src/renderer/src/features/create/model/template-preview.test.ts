import { describe, expect, it } from 'vitest';
import { templatePreview } from './template-preview';

describe('the preview of a batch template', () => {
  it('lists every prompt the alternatives make, in the batch’s order', () => {
    expect(templatePreview('a {red|blue} fox {running|sleeping}')).toEqual({
      prompts: ['a red fox running', 'a red fox sleeping', 'a blue fox running', 'a blue fox sleeping'],
      perRow: 4,
      columns: [],
      unreadable: false,
    });
  });

  it('keeps CSV columns as their names, which main fills in row by row', () => {
    const preview = templatePreview('{{animal}} in {snow|rain}');
    expect(preview.prompts).toEqual(['{{animal}} in snow', '{{animal}} in rain']);
    expect(preview.columns).toEqual(['animal']);
  });

  it('lists the first prompts of a large template and counts them all', () => {
    const preview = templatePreview('{a|b|c|d|e|f|g|h|i|j} {1|2|3|4|5|6|7|8|9|0}', 5);
    expect(preview.prompts).toEqual(['a 1', 'a 2', 'a 3', 'a 4', 'a 5']);
    expect(preview.perRow).toBe(100);
  });

  it('says why a template cannot be read instead of listing nothing silently', () => {
    const preview = templatePreview('a {red|blue fox');
    expect(preview.unreadable).toBe(true);
    expect(preview.prompts).toEqual([]);
  });
});
