/**
 * The built web-mode studio (`out/main/web.js`, made by `npm run build`) started as a user would,
 * on a fresh data folder, for benchmarks that drive it in Chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const WEB_ENTRY = join(ROOT, 'out/main/web.js');
const LAUNCH_URL = /http:\/\/127\.0\.0\.1:\d+\/\?(?:code|token)=[\w-]+/;

export interface WebStudio {
  dataDir: string;
  launchUrl: string;
  /** The studio's origin (`http://127.0.0.1:PORT`). */
  url: string;
  /** Another one-time launch address, as the person at the terminal asks for one (an empty line). */
  newLaunchUrl(): Promise<string>;
  /** Stops the studio and removes its data folder. */
  close(): Promise<void>;
}

/** A fresh data folder; `prepare` fills it (a seeded library) before the studio starts on it. */
export async function startWebStudio(prepare: (dataDir: string) => void | Promise<void>): Promise<WebStudio> {
  if (!existsSync(WEB_ENTRY)) throw new Error('out/main/web.js is missing: run `npm run build` first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-web-'));
  await prepare(dataDir);
  const child = spawn(process.execPath, [WEB_ENTRY, '--no-open', '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    env: { ...process.env, ATELIER_LOG: 'silent' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const record = (chunk: Buffer): void => void (output += chunk.toString());
  child.stdout.on('data', record);
  child.stderr.on('data', record);
  /** The first launch address printed after `from` characters of output. */
  const printedUrl = (from: number): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`web mode printed no launch address:\n${output}`)), 30_000);
      const check = (): void => {
        const match = LAUNCH_URL.exec(output.slice(from));
        if (!match) return;
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve(match[0]);
      };
      child.stdout.on('data', check);
      check();
      void exited.then(() => reject(new Error(`web mode exited:\n${output}`)));
    });
  const launchUrl = await printedUrl(0);
  return {
    dataDir,
    launchUrl,
    url: new URL(launchUrl).origin,
    newLaunchUrl: () => {
      const from = output.length;
      child.stdin.write('\n');
      return printedUrl(from);
    },
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
