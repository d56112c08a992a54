/**
 * Compare: the results of one fan-out batch side by side. Results are grouped by prompt (one row
 * each); within a row, each column is one way of making it (model and settings). Column titles
 * name only what differs between the columns, so "Image 2 · size: 2K" is shown where it matters.
 */

export interface ComparableAsset {
  id: string;
  prompt: string;
  model: string;
  request: unknown;
  createdAt: number;
}

export interface CompareColumn {
  key: string;
  model: string;
  /** Settings (other than model and prompt) whose values differ between columns: `size: 2K`. */
  differences: string[];
}

export interface CompareRow<T extends ComparableAsset> {
  prompt: string;
  /** One cell per column, in column order; several results of the same setting share a cell. */
  cells: T[][];
}

const ignored = new Set(['prompt', 'model']);

function settingsOf(request: unknown): Record<string, string> {
  const settings: Record<string, string> = {};
  if (request === null || typeof request !== 'object' || Array.isArray(request)) return settings;
  for (const [key, value] of Object.entries(request)) {
    // Reference images are the same input for every column of a fan-out; their addresses are noise.
    if (ignored.has(key) || /url|image/i.test(key)) continue;
    settings[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return settings;
}

const settingKey = (asset: ComparableAsset): string => JSON.stringify([asset.model, Object.entries(settingsOf(asset.request)).sort()]);

/** Groups a batch's results into rows (prompts, first seen first) and columns (ways of making them). */
export function compareBatch<T extends ComparableAsset>(assets: readonly T[]): { columns: CompareColumn[]; rows: CompareRow<T>[] } {
  const ordered = [...assets].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const columnOf = new Map<string, { model: string; settings: Record<string, string> }>();
  for (const asset of ordered)
    if (!columnOf.has(settingKey(asset))) columnOf.set(settingKey(asset), { model: asset.model, settings: settingsOf(asset.request) });
  const keys = [...columnOf.keys()];
  const all = [...columnOf.values()];
  const varying = [...new Set(all.flatMap((column) => Object.keys(column.settings)))].filter(
    (name) => new Set(all.map((column) => column.settings[name] ?? '')).size > 1,
  );
  const columns = keys.map((key) => {
    const column = columnOf.get(key) ?? { model: '', settings: {} };
    return { key, model: column.model, differences: varying.map((name) => `${name}: ${column.settings[name] ?? '—'}`) };
  });
  const rows = new Map<string, T[][]>();
  for (const asset of ordered) {
    const cells = rows.get(asset.prompt) ?? keys.map(() => []);
    cells[keys.indexOf(settingKey(asset))]?.push(asset);
    rows.set(asset.prompt, cells);
  }
  return { columns, rows: [...rows.entries()].map(([prompt, cells]) => ({ prompt, cells })) };
}
