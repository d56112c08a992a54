/**
 * The CLI as a user runs it: the demo gateway started as its own process (the program behind
 * `npm run sim`; its printed address, key and admin token parsed), and the CLI spawned as a
 * child process with its own environment, output and exit code. Both run from the bundles the
 * integration project makes once per run (tests/helpers/bundled-entries.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { request } from 'undici';
import { bundledEntry } from '../../helpers/bundled-entries';
import { endWithThisProcess, stopProcess } from '../../helpers/processes';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

export interface SimProcess {
  url: string;
  demoKey: string;
  adminToken: string;
  stats(): Promise<{ submissions: Record<string, number>; totalSubmissions: number; requests: Record<string, number> }>;
  addFault(rule: Record<string, unknown>): Promise<void>;
  /** Changes the demo gateway's behaviour settings (`POST /__admin/settings`). */
  settings(values: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

/** Starts the demo gateway's command on a free port with short task durations; resolves once it printed its address. */
export async function startSimProcess(taskMs = 300): Promise<SimProcess> {
  const child = spawn(process.execPath, [bundledEntry('sim'), '--port', '0', '--task-ms', String(taskMs)], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ATELIER_LOG: 'silent' },
  });
  endWithThisProcess(child);
  // Its own process group (detached), so a stop reaches whatever it starts as well.
  const stop = (): Promise<void> => stopProcess(child, { group: true });
  let output = '';
  const printed = await new Promise<{ url: string; demoKey: string; adminToken: string }>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the demo gateway printed no address:\n${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      const demoKey = /Demo key:\s+(sk-\S+)/.exec(output)?.[1];
      const adminToken = /Admin token:\s+(\S+)/.exec(output)?.[1];
      if (url && demoKey && adminToken) {
        clearTimeout(timer);
        done({ url, demoKey, adminToken });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`the demo gateway exited (${code}):\n${output}`)));
  }).catch(async (error: unknown) => {
    // A start that printed no address does not leave the gateway running.
    await stop();
    throw error;
  });
  const admin = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const answer = await request(`${printed.url}/__admin${path}`, {
      method,
      headers: { 'x-admin-token': printed.adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await answer.body.json()) as T;
    if (answer.statusCode >= 400) throw new Error(`admin ${path}: ${answer.statusCode} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    ...printed,
    stats: () => admin('GET', '/stats'),
    addFault: async (rule) => {
      await admin('POST', '/faults', rule);
    },
    settings: async (values) => {
      await admin('POST', '/settings', values);
    },
    stop,
  };
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  /** Called with the running child and its output so far, each time it prints. */
  onOutput?: (child: ChildProcess, output: { stdout: string; stderr: string }) => void;
  timeoutMs?: number;
}

let dataDir: string | undefined;
/** One temporary data folder for every CLI run of this test file. */
function cliDataDir(): string {
  dataDir ??= mkdtempSync(join(tmpdir(), 'atelier-cli-data-'));
  return dataDir;
}

/**
 * Runs the CLI (`src/cli/index.ts`, bundled, in one process so signals reach it directly) and
 * collects its output. `viaNpm` runs the npm script itself (`npm run atelier`, through tsx).
 */
export async function runCli(args: readonly string[], options: CliOptions & { viaNpm?: boolean } = {}): Promise<CliRun> {
  // A data folder of the test's own: the CLI keeps each library's database there, never in the user's.
  const env: Record<string, string | undefined> = {
    ...process.env,
    ATELIER_LOG: 'silent',
    ATELIER_API_KEY: undefined,
    ATELIER_DATA_DIR: cliDataDir(),
    ...options.env,
  };
  const [command, prefix] = options.viaNpm === true ? ['npm', ['run', '--silent', 'atelier', '--']] : [process.execPath, [bundledEntry('cli')]];
  const child = spawn(command, [...prefix, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: Object.fromEntries(Object.entries(env).filter((pair): pair is [string, string] => pair[1] !== undefined)),
  });
  endWithThisProcess(child);
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
    options.onOutput?.(child, output);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
    options.onOutput?.(child, output);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 40_000);
  const code = await waitForExit(child);
  clearTimeout(timer);
  return { code, ...output };
}

/** A temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'atelier-cli-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes a PNG of the given size (transparent when `alpha`, for masks). */
export async function writePng(path: string, width: number, height: number, options: { alpha?: boolean; seed?: number } = {}): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  const seed = options.seed ?? 1;
  await sharp({
    create: {
      width,
      height,
      channels: options.alpha === true ? 4 : 3,
      background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 90, alpha: options.alpha === true ? 0 : 1 },
    },
  })
    .png()
    .toFile(path);
  return path;
}

/** Writes a JSONL file of the given lines (objects are serialised, strings written as they are). */
export async function writeJobs(path: string, lines: readonly (object | string)[]): Promise<string> {
  await writeFile(path, lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n');
  return path;
}
