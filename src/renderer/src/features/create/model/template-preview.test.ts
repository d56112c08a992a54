import { describe, expect, it } from 'vitest';
import { csvFirstRows } from './csv-rows';
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

  it('fills the columns with the CSV’s first rows, row by row as main does', () => {
    const rows = csvFirstRows('animal,colour\nfox,red\n\n"owl, snowy", white \n', 50);
    expect(rows).toEqual([
      { animal: 'fox', colour: 'red' },
      { animal: 'owl, snowy', colour: 'white' },
    ]);
    expect(templatePreview('a {{colour}} {{animal}} in {snow|rain}', 50, rows).prompts).toEqual([
      'a red fox in snow',
      'a red fox in rain',
      'a white owl, snowy in snow',
      'a white owl, snowy in rain',
    ]);
    expect(templatePreview('{{animal}} {a|b}', 3, rows).prompts).toEqual(['fox a', 'fox b', 'owl, snowy a']);
    // A CSV without the template's column, or one that cannot be read, leaves the names showing.
    expect(templatePreview('{{size}} {{animal}}', 50, rows).prompts).toEqual(['{{size}} {{animal}}']);
    expect(csvFirstRows('a,b\n"unclosed,1\n', 50)).toEqual([]);
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
