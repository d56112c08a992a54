/**
 * Things that must be let go of (timers, subscriptions, abort signals), after VS Code's
 * `IDisposable` and `DisposableStore`: a service adds each to its store as it makes it, and
 * disposing the store ends them all, once.
 */

export interface Disposable {
  dispose(): void;
}

/** A disposable that runs `dispose` once, however often it is disposed. */
export function toDisposable(dispose: () => void): Disposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      dispose();
    },
  };
}

/** Holds disposables and disposes them all together; one added after that is disposed at once. */
export class DisposableStore implements Disposable {
  private readonly items = new Set<Disposable>();
  private disposed = false;

  /** A store already disposed: the state of a service between its runs (before `start`, after `stop`). */
  static disposed(): DisposableStore {
    const store = new DisposableStore();
    store.dispose();
    return store;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Keeps `item` until the store is disposed (or disposes it now, when the store already is); returns it. */
  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.add(item);
    return item;
  }

  /** Keeps a function to run at disposal (an unsubscribe, a close). */
  addCallback(dispose: () => void): void {
    this.add(toDisposable(dispose));
  }

  /** Disposes everything it holds, in the order added, and everything added later. Throws after all ran when some failed. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const failures: unknown[] = [];
    for (const item of this.items) {
      try {
        item.dispose();
      } catch (error) {
        failures.push(error);
      }
    }
    this.items.clear();
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} disposables failed`);
  }
}
