/**
 * Up and Down in the prompt box walk through earlier prompts, as a shell's history does: Up in
 * an empty box (or one showing a recalled prompt) brings the previous prompt, Down the next, and
 * past the newest the box is empty again. Pure: the caller keeps the state.
 */

export interface RecallState {
  /** Which entry the box shows (0 = the newest); -1 when it shows none. */
  index: number;
}

export const NOT_RECALLING: RecallState = { index: -1 };

/**
 * The text to show after Up (`older`) or Down (`newer`), or undefined when the key should do its
 * usual work (the box holds the artist's own text, or there is nothing further).
 */
export function recallStep(
  entries: readonly string[],
  state: RecallState,
  direction: 'older' | 'newer',
  current: string,
): { state: RecallState; text: string } | undefined {
  const showing = state.index >= 0 && entries[state.index] === current;
  if (!showing && current !== '') return undefined;
  const from = showing ? state.index : -1;
  if (direction === 'older') {
    const next = from + 1;
    const text = entries[next];
    return text === undefined ? undefined : { state: { index: next }, text };
  }
  if (from < 0) return undefined;
  const next = from - 1;
  return next < 0 ? { state: NOT_RECALLING, text: '' } : { state: { index: next }, text: entries[next] ?? '' };
}
