import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');

export interface WebModeStudio {
  launchUrl: string;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Short demo task times and polling for the screens that wait for results (`ATELIER_DEMO_TASK_MS`, `ATELIER_POLL_INTERVAL_MS`). */
export const FAST_DEMO_ENV = { ATELIER_DEMO_TASK_MS: '600', ATELIER_POLL_INTERVAL_MS: '1000' };

/** Starts the built web-mode entry (`out/main/web.js`) as a user would, on a fresh data folder. */
export async function startWebMode(dataDir = mkdtempSync(join(tmpdir(), 'atelier-e2e-')), env: Record<string, string> = {}): Promise<WebModeStudio> {
  const child = spawn(process.execPath, [join(root, 'out/main/web.js'), '--no-open', '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, ATELIER_LOG: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const launchUrl = await waitForLaunchUrl(child);
  return {
    launchUrl,
    url: new URL(launchUrl).origin,
    dataDir,
    stop: () => stopChild(child),
  };
}

function waitForLaunchUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`web mode did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+\/\?(?:code|token)=[\w-]+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
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
