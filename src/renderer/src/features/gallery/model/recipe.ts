/**
 * The recipe of a result as the detail view lists it: every parameter of the request that made
 * it, flattened to `path -> text` rows (nested options read `metadata.n`), and the job's timings.
 */
import type { Translate } from '../../../../../shared/i18n/translate';

export interface RecipeRow {
  /** Where the value sits in the request (`size`, `metadata.n`, `image_urls[2]`). */
  key: string;
  value: string;
}

/** Keys shown elsewhere in the panel (the prompt has its own block). */
const shownApart = new Set(['prompt']);

/** Every leaf of the request as a row, in the request's own order; long lists stay one row per item. */
export function recipeRows(request: unknown): RecipeRow[] {
  const rows: RecipeRow[] = [];
  const walk = (value: unknown, key: string): void => {
    if (Array.isArray(value)) {
      if (value.length === 0) rows.push({ key, value: '[]' });
      value.forEach((item, index) => walk(item, `${key}[${index + 1}]`));
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.length === 0 && key !== '') rows.push({ key, value: '{}' });
      for (const [name, inner] of entries) walk(inner, key === '' ? name : `${key}.${name}`);
    } else if (key !== '' && !shownApart.has(key)) {
      rows.push({ key, value: typeof value === 'string' ? value : JSON.stringify(value) });
    }
  };
  walk(request, '');
  return rows;
}

export interface JobTimes {
  createdAt: number;
  submittedAt: number | null;
  finishedAt: number | null;
}

/** How long the job waited in the queue and how long the gateway took, in ms (null where unknown). */
export function jobDurations(job: JobTimes): { queued: number | null; generating: number | null; total: number | null } {
  const gap = (from: number | null, to: number | null): number | null => (from !== null && to !== null && to >= from ? to - from : null);
  return { queued: gap(job.createdAt, job.submittedAt), generating: gap(job.submittedAt, job.finishedAt), total: gap(job.createdAt, job.finishedAt) };
}

/** A duration as people read it, in the window's words: `850 ms`, `12.4 s`, `3 min 05 s`, `1 h 02 min`. */
export function formatDuration(ms: number, t: Translate): string {
  if (ms < 1000) return t('time.milliseconds', { ms: Math.round(ms) });
  const seconds = ms / 1000;
  if (seconds < 60) return t('time.seconds', { seconds: seconds.toFixed(seconds < 10 ? 1 : 0) });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('time.minutesSeconds', { minutes, seconds: String(Math.round(seconds % 60)).padStart(2, '0') });
  return t('time.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

/** A file size: `512 B`, `84 KB`, `3.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
