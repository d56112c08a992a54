import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endWithThisProcess, stopProcess } from '../../helpers/processes';
import { simAdmin, type SimAdmin } from '../../helpers/sim-admin';

const root = join(import.meta.dirname, '../../..');

export interface WebModeStudio {
  /** The printed one-time address (on 127.0.0.1; the studio moves the browser on to its own host name). */
  launchUrl: string;
  /** Where the browser uses the studio once launched: this run's own `*.localhost` name, which holds the session. */
  url: string;
  dataDir: string;
  /** The demo gateway's admin API (faults, keys), when started with `{ demoAdmin: true }`. */
  demoAdmin: SimAdmin | undefined;
  /** The demo gateway's own address (what a profile would point at), with `{ demoAdmin: true }`. */
  demoGatewayUrl: string | undefined;
  /** Everything web mode printed so far (its console). */
  printed(): string;
  /** Types a line into web mode's console, as the person at the terminal would (with `{ console: true }`). */
  typeOnConsole(line: string): void;
  stop(): Promise<void>;
}

/** Short demo task times and polling (`ATELIER_DEMO_TASK_MS`, `ATELIER_POLL_INTERVAL_MS`): every studio's default; `env` can set others. */
export const FAST_DEMO_ENV = { ATELIER_DEMO_TASK_MS: '600', ATELIER_POLL_INTERVAL_MS: '1000' };

/**
 * Fixture media (docs/simulator.md) for specs that check forms and flows rather than what a result shows: flat
 * pictures, and each video clip encoded once and kept across runs in `.tmp/e2e-fixture-clips` (its own folder: the
 * integration tests empty theirs as they start). Encoding every video in WebAssembly was most of such a studio's CPU time.
 */
export const FIXTURE_MEDIA_ENV = { ATELIER_DEMO_MEDIA: 'fixture', ATELIER_DEMO_FIXTURE_CLIPS: join(root, '.tmp', 'e2e-fixture-clips') };

/**
 * Starts the built web-mode entry (`out/main/web.js`) as a user would, on a fresh data folder.
 * `demoAdmin` sets the test-only variable that makes it print the demo gateway's admin token;
 * `env` adds variables (or overrides `FAST_DEMO_ENV`).
 */
/** How `startWebMode` starts the studio. */
export interface WebModeOptions {
  demoAdmin?: boolean;
  env?: Record<string, string>;
  console?: boolean;
}

export async function startWebMode(dataDir = mkdtempSync(join(tmpdir(), 'atelier-e2e-')), options: WebModeOptions = {}): Promise<WebModeStudio> {
  const child = spawn(process.execPath, [join(root, 'out/main/web.js'), '--no-open', '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: {
      ...process.env,
      ATELIER_LOG: 'silent',
      ...FAST_DEMO_ENV,
      ...(options.demoAdmin === true ? { ATELIER_TEST_PRINT_DEMO_ADMIN: '1' } : {}),
      ...options.env,
    },
    // Without `console` the studio has no terminal to ask on, as when started by a service manager.
    stdio: [options.console === true ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  endWithThisProcess(child);
  try {
    return await studioOf(child, dataDir, options);
  } catch (error) {
    // Started but not as it should (no address, an admin printed unasked): it does not outlive the failed start.
    await stopProcess(child);
    throw error;
  }
}

/** What web mode printed as it started: its addresses, and the demo gateway's admin where asked. */
async function studioOf(child: ChildProcess, dataDir: string, options: { demoAdmin?: boolean }): Promise<WebModeStudio> {
  let printed = '';
  const record = (chunk: Buffer): void => void (printed += chunk.toString());
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const { launchUrl, output } = await waitForLaunchUrl(child);
  const sessionOrigin = /running in web mode at (http:\/\/[\w.-]+\.localhost:\d+)/.exec(output)?.[1];
  if (sessionOrigin === undefined) throw new Error(`web mode printed no address of its own:\n${output}`);
  const admin = /Demo gateway admin \(tests only\): (http:\/\/127\.0\.0\.1:\d+) (\S+)/.exec(output);
  if (options.demoAdmin === true && !admin) throw new Error(`web mode printed no demo gateway admin:\n${output}`);
  // Without the test-only variable the admin token never leaves the process (every other spec checks it).
  if (options.demoAdmin !== true && /admin/i.test(output)) throw new Error(`web mode printed the demo gateway's admin access unasked:\n${output}`);
  return {
    launchUrl,
    url: sessionOrigin,
    dataDir,
    demoAdmin: admin ? simAdmin({ url: admin[1] ?? '', adminToken: admin[2] ?? '' }) : undefined,
    demoGatewayUrl: admin?.[1],
    printed: () => printed,
    typeOnConsole: (line) => {
      if (!child.stdin) throw new Error('web mode was started without a console (`{ console: true }`)');
      child.stdin.write(`${line}\n`);
    },
    stop: () => stopProcess(child),
  };
}

function waitForLaunchUrl(child: ChildProcess): Promise<{ launchUrl: string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    // Generous: the first start on a fresh machine reads node_modules from a cold disk while the other checks run.
    const timer = setTimeout(() => reject(new Error(`web mode did not start:\n${output}`)), 45_000);
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
