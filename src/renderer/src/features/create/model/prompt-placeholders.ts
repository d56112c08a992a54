/**
 * Omni placeholders (`<<<image_1>>>`) in a prompt: inserted where the cursor is, and renumbered
 * when the references they point at are reordered or removed, so the prompt keeps pointing at
 * the same pictures.
 */

export function placeholderText(token: string, index: number): string {
  return `<<<${token}_${index}>>>`;
}

/** Text with `insert` put over the selection, spaced from its neighbours; the caret after it. */
export function insertAtCursor(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  const trail = after === '' || /^\s/.test(after) ? '' : ' ';
  const piece = `${lead}${insert}${trail}`;
  return { text: before + piece + after, caret: before.length + lead.length + insert.length };
}

/**
 * Renumbers the placeholders of `token` after a list changed from `before` to `after` (item ids
 * in order). A placeholder of a removed item is taken out with one space beside it; the others
 * follow their item to its new number.
 */
export function renumberPlaceholders(prompt: string, token: string, before: readonly string[], after: readonly string[]): string {
  const pattern = new RegExp(`( ?)<<<${token}_(\\d+)>>>`, 'g');
  return prompt
    .replace(pattern, (whole, space: string, digits: string) => {
      const id = before[Number(digits) - 1];
      if (id === undefined) return whole; // already pointing nowhere: the form flags it, nothing to follow
      const index = after.indexOf(id);
      return index < 0 ? '' : `${space}${placeholderText(token, index + 1)}`;
    })
    .replace(/^ /, (space) => (prompt.startsWith(' ') ? space : ''));
}
