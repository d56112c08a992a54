/**
 * Ctrl-C while a batch runs: the first one asks for an orderly stop (no new submissions,
 * submissions on the wire finish and are recorded); a second one leaves at once.
 */

export class Interruption {
  private readonly controller = new AbortController();
  private readonly handlers: { signal: NodeJS.Signals; handler: () => void }[] = [];
  /** Resolves on the first Ctrl-C (or SIGTERM). */
  readonly requested: Promise<'interrupted'>;
  private resolveRequested: (value: 'interrupted') => void = () => undefined;

  constructor(private readonly onForcedExit: () => void) {
    this.requested = new Promise((resolve) => {
      this.resolveRequested = resolve;
    });
  }

  /** Aborted on the first Ctrl-C: for work that can simply stop (uploads, waiting). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get interrupted(): boolean {
    return this.controller.signal.aborted;
  }

  /** Listens for SIGINT and SIGTERM until `uninstall`; `onFirst` runs on the first one. */
  install(onFirst: (signal: NodeJS.Signals) => void): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const handler = (): void => {
        if (this.interrupted) {
          this.onForcedExit();
          return;
        }
        this.controller.abort();
        onFirst(signal);
        this.resolveRequested('interrupted');
      };
      process.on(signal, handler);
      this.handlers.push({ signal, handler });
    }
  }

  uninstall(): void {
    for (const { signal, handler } of this.handlers.splice(0)) process.off(signal, handler);
  }
}
