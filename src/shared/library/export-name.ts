/**
 * The name an exported result is given, the same in the window's own downloads and main's exports:
 * the start of the prompt (letters of any script, digits, dashes) and the id.
 */
export function exportBaseName(asset: { id: string; prompt: string }): string {
  const words = asset.prompt
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const start = Array.from(words).slice(0, 40).join('').replace(/-+$/, '');
  return `${start === '' ? 'atelier' : start}-${asset.id.slice(0, 8)}`;
}
