import { describe, expect, it } from 'vitest';
import { CATALOG, DISPLAY_MODELS, MODE_WORDS, RUN_WORDS, SPEED_WORDS, type LocalizedText } from '../../../shared/catalog';
import { glossaryProblems } from './glossary';
import { WINDOW_RESOURCES } from './index';

/** Every leaf of a resource tree as `a.b.c` -> text. */
function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (tree !== null && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else if (typeof tree === 'string') {
    out.set(prefix, tree);
  }
  return out;
}

/** Every text of a catalog entry or display model (labels, help, choices, rule messages), found by shape. */
function texts(value: unknown, found: LocalizedText[] = []): LocalizedText[] {
  if (Array.isArray(value)) value.forEach((item) => texts(item, found));
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.en === 'string' && typeof record['zh-CN'] === 'string') found.push(record as LocalizedText);
    else Object.values(record).forEach((item) => texts(item, found));
  }
  return found;
}

describe('one Chinese term per concept', () => {
  it('holds in every text of the window and of the shared locale files (catalog, reasons, shell)', () => {
    const chinese = leaves(WINDOW_RESOURCES['zh-CN']);
    const problems = [...leaves(WINDOW_RESOURCES.en)].flatMap(([key, english]) =>
      glossaryProblems(english, chinese.get(key) ?? '', key).map((problem) => `${key}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('holds in the model catalog and the models as artists know them', () => {
    const all = [...texts(CATALOG), ...texts(DISPLAY_MODELS), ...texts([SPEED_WORDS, MODE_WORDS, RUN_WORDS])];
    expect(all.length).toBeGreaterThan(200);
    const problems = all.flatMap((text) => glossaryProblems(text.en, text['zh-CN']).map((problem) => `${text.en}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('catches a replaced term and a concept named without its term', () => {
    expect(glossaryProblems('Remix this video', '混剪此视频')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^remix: .* uses 混剪/), expect.stringMatching(/^remix: .* should say 改编/)]),
    );
    expect(glossaryProblems('{{seconds}} s', '{{seconds}} s')).toEqual([expect.stringMatching(/^seconds: .* should say 秒/)]);
    expect(glossaryProblems('Open “{{prompt}}”', '打开“{{prompt}}”')).toEqual([]);
  });
});
