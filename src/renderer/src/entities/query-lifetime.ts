/**
 * How long a loaded list outlives its last viewer (TanStack Query's `gcTime`): coming back to a
 * filter soon shows its pages at once, but lists nobody looks at are dropped after a while, and
 * at most `maxIdle` of them wait at any time (the least recently left go first). Dropped lists no
 * longer hold their items, so the entity caches can let those go too (`entities/retention.ts`).
 */
import { abandonPageLoad, usePagedQueriesStore } from './paged-queries';

/** Timers and time, replaceable by tests that move time themselves. */
export interface QueryClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface QueryLifetime {
  /** How long a list without viewers is kept (ms). */
  gcTimeMs: number;
  /** How many lists without viewers are kept at most. */
  maxIdle: number;
  clock: QueryClock;
}

const realClock: QueryClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof globalThis.setTimeout>),
};

const defaultQueryLifetime: QueryLifetime = { gcTimeMs: 5 * 60_000, maxIdle: 30, clock: realClock };

let lifetime = defaultQueryLifetime;
const viewers = new Map<string, number>();
/** Lists without viewers, by key, with when they were left; oldest first (a Map keeps insertion order). */
const idleSince = new Map<string, number>();
let sweepTimer: unknown;

/** Sets the lifetime of lists (tests: a clock they move); forgets who views what. */
export function configureQueryLifetime(next: Partial<QueryLifetime> = {}): void {
  if (sweepTimer !== undefined) lifetime.clock.clearTimeout(sweepTimer);
  sweepTimer = undefined;
  lifetime = { ...defaultQueryLifetime, ...next };
  viewers.clear();
  idleSince.clear();
}

function drop(keys: readonly string[]): void {
  if (keys.length === 0) return;
  for (const key of keys) idleSince.delete(key);
  usePagedQueriesStore.getState().remove(keys);
}

/** Drops the lists left longer ago than the lifetime, and plans the next look. */
function sweep(): void {
  sweepTimer = undefined;
  const now = lifetime.clock.now();
  drop([...idleSince].filter(([, since]) => now - since >= lifetime.gcTimeMs).map(([key]) => key));
  const next = idleSince.values().next();
  if (!next.done) sweepTimer = lifetime.clock.setTimeout(sweep, Math.max(0, next.value + lifetime.gcTimeMs - now));
}

/** A view shows the list of `key`: it is kept for as long as one does. Returns the function that lets it go. */
export function viewQuery(key: string): () => void {
  viewers.set(key, (viewers.get(key) ?? 0) + 1);
  idleSince.delete(key);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (viewers.get(key) ?? 1) - 1;
    if (left > 0) {
      viewers.set(key, left);
      return;
    }
    viewers.delete(key);
    abandonPageLoad(key);
    idleSince.set(key, lifetime.clock.now());
    // Past the cap, the lists left longest ago go now.
    drop([...idleSince.keys()].slice(0, Math.max(0, idleSince.size - lifetime.maxIdle)));
    sweepTimer ??= lifetime.clock.setTimeout(sweep, lifetime.gcTimeMs);
  };
}
