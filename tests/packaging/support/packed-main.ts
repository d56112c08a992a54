// Starts the packed app's main process under plain Node, as Electron would start it from the
// packed folder: `app.asar` is extracted beside the real `app.asar.unpacked` and `native` folders
// (the same paths, so every path main computes from `process.resourcesPath` or the app's path is the
// packed one), and `electron` is the recording stand-in (fixtures/electron-stand-in.ts), found by
// module resolution from inside the archive as Electron's built-in module would be.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractAll } from '@electron/asar';
import { build } from 'esbuild';
import type { StandInAsk, StandInMessage } from '../fixtures/electron-stand-in';
import { endWithThisProcess } from '../../helpers/processes';

type StandInRecord = Extract<StandInMessage, { kind: 'record' }>;

export interface PackedMain {
  /** Calls a route of the studio contract as the window's preload would; main's error is thrown with its code and message. */
  call(route: string, input: unknown): Promise<unknown>;
  /** Asks one of the app's protocols (`atelier-app:`, `atelier-media:`) for a URL, as Chromium would. */
  fetch(url: string): Promise<{ status: number; type: string | null; body: Buffer }>;
  /** What main has done with Electron so far, in order. */
  readonly records: StandInRecord[];
  /** Resolves with the first record of `what` (already made or to come). */
  waitFor(what: string, timeoutMs: number): Promise<StandInRecord>;
  /** The fresh home folder main runs in (its data folder, Pictures/Atelier and Downloads are inside). */
  readonly home: string;
  /** Main's own output so far, to explain a failure. */
  output(): string;
  /** Resolves with the exit code once main has ended. */
  readonly exited: Promise<number | null>;
  /** Sends SIGTERM, as the system does at logout, and resolves with the exit code. */
  terminate(): Promise<number | null>;
  /** Ends the process if it still runs and removes its folders. */
  dispose(): void;
}

/** Makes the packed folder's resources runnable under Node: the archive extracted, the rest linked. */
async function runnableResources(packedApp: string, root: string): Promise<string> {
  const packed = join(packedApp, 'resources');
  const resources = join(root, 'resources');
  extractAll(join(packed, 'app.asar'), join(resources, 'app.asar'));
  for (const name of ['app.asar.unpacked', 'native']) symlinkSync(join(packed, name), join(resources, name));
  const standIn = join(resources, 'node_modules', 'electron');
  mkdirSync(standIn, { recursive: true });
  writeFileSync(join(standIn, 'package.json'), JSON.stringify({ name: 'electron', main: 'index.js' }));
  await build({
    entryPoints: [join(import.meta.dirname, '../fixtures/electron-stand-in.ts')],
    outfile: join(standIn, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
  });
  return resources;
}

/**
 * Starts the main bundle of a packed folder (`linux-unpacked`) with the stand-in for Electron, in a
 * fresh home; `launch` adds command-line arguments and variables, as a launcher would.
 */
export async function startPackedMain(
  packedApp: string,
  electronVersion: string,
  launch: { args?: string[]; env?: Record<string, string> } = {},
): Promise<PackedMain> {
  const root = mkdtempSync(join(tmpdir(), 'atelier-packed-main-'));
  const resources = await runnableResources(packedApp, root);
  const home = join(root, 'home');
  for (const folder of ['Pictures', 'Downloads']) mkdirSync(join(home, folder), { recursive: true });
  // A fresh user's environment: nothing that steers Atelier or Electron, no desktop that hides the tray.
  const inherited = Object.entries(process.env).filter(([name]) => !/^(ATELIER_|ELECTRON_|VITEST|XDG_|NODE_OPTIONS)/.test(name));
  const child: ChildProcess = endWithThisProcess(
    fork(join(resources, 'app.asar', 'out', 'main', 'index.js'), launch.args ?? [], {
      execArgv: ['--require', join(resources, 'node_modules', 'electron', 'index.js')],
      env: {
        ...Object.fromEntries(inherited),
        HOME: home,
        ATELIER_STAND_IN_RESOURCES: resources,
        ATELIER_STAND_IN_HOME: home,
        ATELIER_STAND_IN_ELECTRON_VERSION: electronVersion,
        ...launch.env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    }),
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const records: StandInRecord[] = [];
  const recordWaiters: { what: string; resolve: (record: StandInRecord) => void }[] = [];
  const answers = new Map<number, (message: Extract<StandInMessage, { kind: 'answer' }>) => void>();
  child.on('message', (message: StandInMessage) => {
    if (message.kind === 'answer') {
      answers.get(message.id)?.(message);
      answers.delete(message.id);
      return;
    }
    records.push(message);
    for (const waiter of recordWaiters.filter((candidate) => candidate.what === message.what)) waiter.resolve(message);
  });

  let nextId = 0;
  const ask = (request: StandInAsk): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      answers.set(id, (answer) => (answer.ok ? resolve(answer.value) : reject(new Error(answer.error))));
      child.send({ ...request, id });
    });

  return {
    records,
    home,
    exited,
    output: () => output,
    call: async (route, input) => {
      const answer = (await ask({ kind: 'invoke', route, input })) as { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
      if (!answer.ok) throw new Error(`${route}: ${answer.error.code}: ${answer.error.message}`);
      return answer.value;
    },
    fetch: async (url) => {
      const answer = (await ask({ kind: 'fetch', url })) as { status: number; type: string | null; body: string };
      return { ...answer, body: Buffer.from(answer.body, 'base64') };
    },
    waitFor: (what, timeoutMs) => {
      const made = records.find((record) => record.what === what);
      if (made) return Promise.resolve(made);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`main did not reach "${what}" in ${timeoutMs} ms:\n${output}`)), timeoutMs);
        void exited.then((code) => reject(new Error(`main exited (${String(code)}) before "${what}":\n${output}`)));
        recordWaiters.push({ what, resolve: (record) => (clearTimeout(timer), resolve(record)) });
      });
    },
    terminate: () => {
      child.kill('SIGTERM');
      return exited;
    },
    dispose: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    },
  };
}
