/**
 * Reading a reply as prompts: models often wrap the prompt they were asked for ("Here is the
 * improved prompt:", quotes, a code fence) and number the lines of a list. Pure.
 */

/** A label a model puts before the prompt itself ("Refined prompt:", "Prompt:", "提示词："). */
const LEADING_LABEL =
  /^\s*(?:\*\*)?(?:(?:here(?:'s| is)\s+(?:an?\s+|the\s+|your\s+)?)?(?:[\w-]+\s+){0,2}prompt|(?:优化后的|改进后的|翻译后的)?提示词)(?:\*\*)?\s*[:：]\s*/i;
const FENCE = /```[^\n]*\n([\s\S]*?)```/;
const QUOTES: readonly [string, string][] = [
  ['"', '"'],
  ['“', '”'],
  ['「', '」'],
  ["'", "'"],
];
/** A list marker: `1.`, `2)`, `-`, `*`, `•`. */
const MARKER = /^\s*(?:\d{1,2}[.)、]|[-*•])\s+/;

function unquote(text: string): string {
  for (const [open, close] of QUOTES) {
    if (text.length > 1 && text.startsWith(open) && text.endsWith(close)) return text.slice(open.length, -close.length).trim();
  }
  return text;
}

/** The prompt a reply gives: the fenced block if there is one, without a leading label or quotes. */
export function promptFromReply(reply: string): string {
  const fenced = FENCE.exec(reply)?.[1];
  const text = (fenced ?? reply).trim();
  return unquote(text.replace(LEADING_LABEL, '').trim());
}

/** The prompts of a reply that lists them one per line (numbered or not), at most `limit`. */
export function linesFromReply(reply: string, limit?: number): string[] {
  const lines = reply
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^```/.test(line));
  const listed = lines.filter((line) => MARKER.test(line));
  // A reply with a sentence before its list ("Here are 4 prompts:") keeps only the list.
  const chosen = (listed.length >= 2 ? listed : lines).map((line) => promptFromReply(line.replace(MARKER, '')));
  const prompts = chosen.filter((line) => line !== '');
  return limit === undefined ? prompts : prompts.slice(0, limit);
}

/** True when the text is mostly Chinese (a translation then goes into English). */
export function looksChinese(text: string): boolean {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return han > 0 && han * 2 >= latin;
}
