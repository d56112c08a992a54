import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simAdmin, type SimAdmin } from '../../helpers/sim-admin';

const root = join(import.meta.dirname, '../../..');

export interface WebModeStudio {
  launchUrl: string;
  url: string;
  dataDir: string;
  /** The demo gateway's admin API (faults, keys), when started with `{ demoAdmin: true }`. */
  demoAdmin: SimAdmin | undefined;
  /** The demo gateway's own address (what a profile would point at), with `{ demoAdmin: true }`. */
  demoGatewayUrl: string | undefined;
  stop(): Promise<void>;
}

/** Short demo task times and polling (`ATELIER_DEMO_TASK_MS`, `ATELIER_POLL_INTERVAL_MS`): every studio's default; `env` can set others. */
export const FAST_DEMO_ENV = { ATELIER_DEMO_TASK_MS: '600', ATELIER_POLL_INTERVAL_MS: '1000' };

/**
 * Starts the built web-mode entry (`out/main/web.js`) as a user would, on a fresh data folder.
 * `demoAdmin` sets the test-only variable that makes it print the demo gateway's admin token;
 * `env` adds variables (or overrides `FAST_DEMO_ENV`).
 */
export async function startWebMode(
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-e2e-')),
  options: { demoAdmin?: boolean; env?: Record<string, string> } = {},
): Promise<WebModeStudio> {
  const child = spawn(process.execPath, [join(root, 'out/main/web.js'), '--no-open', '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, ATELIER_LOG: 'silent', ...FAST_DEMO_ENV, ...(options.demoAdmin === true ? { ATELIER_TEST_PRINT_DEMO_ADMIN: '1' } : {}), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { launchUrl, output } = await waitForLaunchUrl(child);
  const admin = /Demo gateway admin \(tests only\): (http:\/\/127\.0\.0\.1:\d+) (\S+)/.exec(output);
  if (options.demoAdmin === true && !admin) throw new Error(`web mode printed no demo gateway admin:\n${output}`);
  // Without the test-only variable the admin token never leaves the process (every other spec checks it).
  if (options.demoAdmin !== true && /admin/i.test(output)) throw new Error(`web mode printed the demo gateway's admin access unasked:\n${output}`);
  return {
    launchUrl,
    url: new URL(launchUrl).origin,
    dataDir,
    demoAdmin: admin ? simAdmin({ url: admin[1] ?? '', adminToken: admin[2] ?? '' }) : undefined,
    demoGatewayUrl: admin?.[1],
    stop: () => stopChild(child),
  };
}

function waitForLaunchUrl(child: ChildProcess): Promise<{ launchUrl: string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`web mode did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+\/\?(?:code|token)=[\w-]+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ launchUrl: match[0], output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`web mode exited with ${code}:\n${output}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
