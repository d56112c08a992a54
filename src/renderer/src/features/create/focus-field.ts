/**
 * Puts the focus on a field of the Create form, found by the `data-field` its holder carries:
 * the chosen option of a radio group, else its first control; a folded section is opened first.
 */
export function focusField(key: string, root: ParentNode = document): boolean {
  const holder = root.querySelector<HTMLElement>(`[data-field="${CSS.escape(key)}"]`);
  if (!holder) return false;
  const folded = holder.closest('details');
  if (folded && !folded.open) folded.open = true;
  const target =
    holder.querySelector<HTMLElement>('input[type="radio"]:checked') ??
    holder.querySelector<HTMLElement>('textarea, select, input:not([type="hidden"]):not([disabled]), button:not([disabled]), [tabindex="0"]');
  holder.scrollIntoView({ block: 'center' });
  target?.focus();
  return target !== null;
}
