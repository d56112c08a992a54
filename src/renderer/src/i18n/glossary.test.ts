import { describe, expect, it } from 'vitest';
import { WINDOW_RESOURCES } from './index';

/**
 * One Chinese term per concept, across the window and the shared locale files: where an English
 * text names the concept, its Chinese text uses this term and none of the ones it replaced. This
 * test checks every Chinese text of the locale files against the table.
 */
interface GlossaryTerm {
  /** How an English text names the concept (interpolations count as numbers). */
  english: RegExp;
  /** The one Chinese term. */
  chinese: string;
  /** Terms it replaced, never to be used for the concept again. */
  avoid: readonly string[];
  /** Texts where the English word means something else, by i18n key (`account.key.nameHelp`). */
  otherSense?: readonly string[];
}

const GLOSSARY = {
  remix: { english: /\bremix/i, chinese: '改编', avoid: ['混剪', '重混', '翻拍'] },
  library: { english: /\blibrary\b/i, chinese: '作品库', avoid: ['素材库', '图库'], otherSense: ['mediaTools.images'] },
  gallery: { english: /\bgallery\b/i, chinese: '作品库', avoid: ['画廊', '图库'] },
  seconds: { english: /\b\d+\s?s\b|\bseconds?\b/, chinese: '秒', avoid: ['秒钟'] },
  mask: { english: /\bmask/i, chinese: '蒙版', avoid: ['遮罩'] },
  prompt: { english: /\bprompts?\b/i, chinese: '提示词', avoid: ['提示语', '描述词'] },
  referenceImage: { english: /\breference images?\b/i, chinese: '参考图', avoid: ['参照图'] },
  // Not the letters of a text ("up to 50 characters", "no character limit").
  character: { english: /(?<!\d\s)\bcharacters?\b(?!\s+limit)/i, chinese: '角色', avoid: [], otherSense: ['reasons.inputs.libraryDirPlainCharacters'] },
  credits: { english: /\bcredits?\b/i, chinese: '积分', avoid: ['点数'] },
  board: { english: /\bboards?\b/i, chinese: '看板', avoid: ['画板', '收藏夹'] },
  favourite: { english: /\bfavourites?\b/i, chinese: '收藏', avoid: ['喜欢'] },
  job: { english: /\bjobs?\b/i, chinese: '任务', avoid: ['作业'] },
  template: { english: /\btemplates?\b/i, chinese: '模板', avoid: [] },
  video: { english: /\bvideos?\b/i, chinese: '视频', avoid: ['影片'] },
  // Not a host name such as gateway.example.com.
  gateway: { english: /\bgateways?\b(?![.\w])/i, chinese: '网关', avoid: [] },
} as const satisfies Record<string, GlossaryTerm>;

type GlossaryConcept = keyof typeof GLOSSARY;

/** The problems of one English/Chinese pair: a concept named in English but not with its term, or a term it replaced. */
function glossaryProblems(english: string, chinese: string, key = ''): string[] {
  // `{{count}}` stands for a number in both languages ("{{seconds}} s" names seconds).
  const words = english.replace(/\{\{\s*\w+\s*\}\}/g, '0');
  const problems: string[] = [];
  for (const [concept, term] of Object.entries(GLOSSARY) as [GlossaryConcept, GlossaryTerm][]) {
    if (term.otherSense?.includes(key)) continue;
    if (term.english.test(words) && !chinese.includes(term.chinese)) problems.push(`${concept}: “${chinese}” should say ${term.chinese}`);
    const replaced = term.avoid.find((old) => chinese.includes(old));
    if (replaced !== undefined) problems.push(`${concept}: “${chinese}” uses ${replaced} instead of ${term.chinese}`);
  }
  return problems;
}

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
