/** Prompt reference syntaxes: omni placeholders `<<<image_N>>>` and `@username` mentions. */
import type { FieldFinding } from './request-problems';

export interface Placeholder {
  token: string;
  index: number;
}

const PLACEHOLDER = /<<<([a-z]+)_(\d+)>>>/g;

/** Placeholders in the order they appear in the prompt. */
export function extractPlaceholders(prompt: string): Placeholder[] {
  return [...prompt.matchAll(PLACEHOLDER)].map((match) => ({ token: match[1] ?? '', index: Number(match[2]) }));
}

// A mention starts after a non-word character (so e-mail addresses do not count) and may contain
// letters, digits, underscores and inner dots.
const MENTION = /(?<![\w@.])@([A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?)/g;

/** Usernames mentioned as `@username`, without duplicates, in order of first appearance. */
export function extractMentions(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(MENTION)].map((match) => match[1] ?? ''))];
}

/** The prompt with each `@name` mention replaced by what `replace` makes of its name (`@` included); everything else kept as it is. */
export function replaceMentions(prompt: string, replace: (name: string) => string): string {
  return prompt.replace(MENTION, (_whole, name: string) => replace(name));
}

/** True when `name` is, whole, what a mention may name: `@name` in a prompt mentions exactly it. */
export function isMentionName(name: string): boolean {
  const [match] = [...`@${name}`.matchAll(MENTION)];
  return match?.index === 0 && match[1] === name;
}

/** Problems of the placeholders of a prompt against the lengths of their lists. */
export function placeholderProblems(
  prompt: string,
  lists: readonly { token: string; list: string; length: number }[],
): { errors: FieldFinding[]; unreferenced: { list: string; token: string; index: number }[]; unknown: Placeholder[] } {
  const errors: FieldFinding[] = [];
  const found = extractPlaceholders(prompt);
  for (const { token, list, length } of lists) {
    const indexes = found.filter((placeholder) => placeholder.token === token).map((placeholder) => placeholder.index);
    for (const index of new Set(indexes)) {
      if (index < 1) errors.push({ code: 'placeholder_from_one', params: { token, index } });
      else if (index > length) errors.push({ code: 'placeholder_beyond', params: { token, index, list, limit: length } });
    }
    const firstAppearances = [...new Set(indexes)];
    const outOfOrder = firstAppearances.findIndex((index, position) => position > 0 && index < (firstAppearances[position - 1] ?? 0));
    if (outOfOrder > 0) {
      errors.push({
        code: 'placeholder_order',
        params: { token, list, index: firstAppearances[outOfOrder - 1] ?? 0, other: firstAppearances[outOfOrder] ?? 0 },
      });
    }
  }
  // A kind the interface does not name is not a rule it gives: the gateway leaves it as text.
  const known = new Set(lists.map((entry) => entry.token));
  const unknown = found.filter((placeholder) => !known.has(placeholder.token));
  const unreferenced = lists.flatMap(({ token, list, length }) =>
    Array.from({ length }, (_unused, i) => i + 1)
      .filter((index) => !found.some((placeholder) => placeholder.token === token && placeholder.index === index))
      .map((index) => ({ list, token, index })),
  );
  return { errors, unreferenced, unknown };
}
