/** The filter panel's date presets, as start times in the person's own calendar. */
export type DatePreset = 'today' | 'week' | 'month' | 'year';

export const datePresets: readonly DatePreset[] = ['today', 'week', 'month', 'year'];

/** When a preset starts: midnight today, or midnight 7, 30 or 365 days back (local time). */
export function presetStart(preset: DatePreset, now: Date): number {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const back = { today: 0, week: 6, month: 29, year: 364 }[preset];
  start.setDate(start.getDate() - back);
  return start.getTime();
}

/** Which preset a filter's date range is, if it is one (started at its start, open-ended). */
export function presetOf(createdFrom: number | undefined, createdBefore: number | undefined, now: Date): DatePreset | null {
  if (createdFrom === undefined || createdBefore !== undefined) return null;
  return datePresets.find((preset) => presetStart(preset, now) === createdFrom) ?? null;
}

/** A `YYYY-MM-DD` of a time in the local calendar (for date inputs), and back. */
export function toDateInput(time: number): string {
  const date = new Date(time);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a `YYYY-MM-DD`, or undefined when it is not a date. */
export function fromDateInput(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? undefined : date.getTime();
}
