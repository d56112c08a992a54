// Child processes that tests start (web mode, the CLI, the demo gateway's command, crash fixtures, the packed app) end with
// the test that started it, whether it passed or failed: each test stops its own in a `finally` (or an after-hook) with
// `stopProcess`, and `endWithThisProcess` is the last resort for a test cut off by its deadline, whose `finally` never runs.
import type { ChildProcess } from 'node:child_process';

/** Whether the process has ended (or never started: a spawn that failed has no pid). */
function hasEnded(child: ChildProcess): boolean {
  return child.pid === undefined || child.exitCode !== null || child.signalCode !== null;
}

/**
 * Stops a child process whatever it is doing: SIGTERM (the shutdown a user's Ctrl+C or a service manager asks for), then
 * SIGKILL if it is still there after `graceMs`. Resolves once it has ended; at once if it already had.
 * `group`: the child was started `detached`, and its whole process group is signalled.
 */
export async function stopProcess(child: ChildProcess, options: { graceMs?: number; group?: boolean } = {}): Promise<void> {
  if (hasEnded(child)) return;
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals): void => {
    try {
      if (options.group === true && child.pid !== undefined) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // Ended meanwhile.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), options.graceMs ?? 10_000);
  await ended;
  clearTimeout(timer);
}

const running = new Set<ChildProcess>();
let hooked = false;

/**
 * Kills the child when this process (the test worker) ends, should it still be running then: a test cut off by its
 * deadline never reaches its `finally`, and its child would otherwise outlive the whole run. A worker ends by exiting
 * (Playwright's) or by SIGTERM (vitest's forks, which then never emit 'exit'): both are covered. Returns the child.
 */
export function endWithThisProcess(child: ChildProcess): ChildProcess {
  if (!hooked) {
    hooked = true;
    const endAll = (): void => {
      for (const left of running) left.kill('SIGKILL');
    };
    process.once('exit', endAll);
    // Only where nobody else handles SIGTERM: then, once the children are ended, the signal is raised again and does
    // what it would have done (end this process).
    if (process.listenerCount('SIGTERM') === 0) {
      process.once('SIGTERM', () => {
        endAll();
        process.kill(process.pid, 'SIGTERM');
      });
    }
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}
