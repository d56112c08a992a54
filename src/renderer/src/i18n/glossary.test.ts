import { describe, expect, it } from 'vitest';
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

describe('one Chinese term per concept', () => {
  it('holds in every text of the window and of the shared locale files (catalog, reasons, shell)', () => {
    const chinese = leaves(WINDOW_RESOURCES['zh-CN']);
    const problems = [...leaves(WINDOW_RESOURCES.en)].flatMap(([key, english]) =>
      glossaryProblems(english, chinese.get(key) ?? '', key).map((problem) => `${key}: ${problem}`),
    );
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
