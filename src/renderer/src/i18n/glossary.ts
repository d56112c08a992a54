/**
 * One Chinese term per concept, across the window and the model catalog: where an English text
 * names the concept, its Chinese text uses this term and none of the ones it replaced. Code that
 * builds text itself (units, durations) takes its words from here; `glossary.test.ts` checks every
 * Chinese text of `zh-CN.json` and of the catalog against it.
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

export type GlossaryConcept = keyof typeof GLOSSARY;

/** The Chinese term of a concept, for text the code builds itself. */
export function chineseTerm(concept: GlossaryConcept): string {
  return GLOSSARY[concept].chinese;
}

/** The problems of one English/Chinese pair: a concept named in English but not with its term, or a term it replaced. */
export function glossaryProblems(english: string, chinese: string, key = ''): string[] {
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
