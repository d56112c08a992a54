/** Entities kept by id: one copy of each job, batch or asset, however many lists show it. */
export type ById<T> = Readonly<Record<string, T>>;

/**
 * Puts items into a cache, keeping what is already there when it is newer (answers and events
 * can arrive out of order). Returns the same object when nothing changed, so selectors stay calm.
 */
export function upsertMany<T extends { id: string }>(cache: ById<T>, items: readonly T[], isNewer: (incoming: T, current: T) => boolean = () => true): ById<T> {
  let next: Record<string, T> | undefined;
  for (const item of items) {
    const current = (next ?? cache)[item.id];
    if (current !== undefined && (current === item || !isNewer(item, current))) continue;
    next ??= { ...cache };
    next[item.id] = item;
  }
  return next ?? cache;
}

/** Later `updatedAt` wins; an equal one counts as newer, since the latest word on a row is the one to keep. */
export const byUpdatedAt = <T extends { updatedAt: number }>(incoming: T, current: T): boolean => incoming.updatedAt >= current.updatedAt;

/** The items of `ids` that the cache holds, in order; ids it lacks are skipped. */
export function pick<T>(cache: ById<T>, ids: readonly string[]): T[] {
  const found: T[] = [];
  for (const id of ids) {
    const item = cache[id];
    if (item !== undefined) found.push(item);
  }
  return found;
}
