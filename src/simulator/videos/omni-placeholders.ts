import { badRequest } from '../requests/rejection';

/**
 * Placeholder rules of the omni model's prompt: `<<<image_N>>>` names metadata.image_list
 * item N, `<<<video_N>>>` video_list item N, `<<<element_N>>>` metadata.element_list item N.
 *
 * The simulator's reading (docs/simulator.md): numbering starts at 1; every placeholder needs
 * its list item; placeholders of one kind first appear in list order (1 before 2 before 3);
 * a placeholder may be repeated. A list item no placeholder names is not an error (the
 * interface only says nothing is inserted automatically): it is a warning; so is a placeholder of
 * a kind the interface does not name (`<<<audio_1>>>`), which is left in the prompt as text.
 */

export type PlaceholderKind = 'image' | 'video' | 'element';

const LIST_FIELD: Record<PlaceholderKind, string> = {
  image: 'metadata.image_list',
  video: 'video_list',
  element: 'metadata.element_list',
};

const PLACEHOLDER = /<<<(image|video|element)_(\d+)>>>/g;
const ANY_PLACEHOLDER = /<<<([a-z]+)_(\d+)>>>/g;
const KINDS: readonly string[] = ['image', 'video', 'element'];

/** Throws a 400 naming the first broken rule; returns warnings for items no placeholder names. */
export function checkPlaceholders(prompt: string, counts: Record<PlaceholderKind, number>): string[] {
  const firstSeen: Record<PlaceholderKind, number[]> = { image: [], video: [], element: [] };
  for (const match of prompt.matchAll(PLACEHOLDER)) {
    const kind = match[1] as PlaceholderKind;
    const index = Number(match[2]);
    const tag = match[0];
    if (index < 1) throw badRequest(`${tag}: placeholder numbering starts at 1`, 'prompt');
    if (index > counts[kind]) {
      throw badRequest(`${tag} has no ${LIST_FIELD[kind]} item ${index} (the list has ${counts[kind]})`, 'prompt');
    }
    if (!firstSeen[kind].includes(index)) firstSeen[kind].push(index);
  }
  const warnings: string[] = [];
  for (const match of prompt.matchAll(ANY_PLACEHOLDER)) {
    if (!KINDS.includes(match[1] ?? ''))
      warnings.push(`${match[0]} is not a placeholder the interface names (image, video, element); it is left in the prompt as text.`);
  }
  for (const kind of Object.keys(counts) as PlaceholderKind[]) {
    const seen = firstSeen[kind];
    seen.forEach((index, position) => {
      const before = seen[position - 1];
      if (before !== undefined && index < before) {
        throw badRequest(`placeholders must follow list order: <<<${kind}_${before}>>> appears before <<<${kind}_${index}>>>`, 'prompt');
      }
    });
    for (let item = 1; item <= counts[kind]; item++) {
      if (!seen.includes(item)) {
        warnings.push(`Item ${item} of ${LIST_FIELD[kind]} is not referenced as <<<${kind}_${item}>>> in the prompt; nothing is inserted automatically.`);
      }
    }
  }
  return warnings;
}
