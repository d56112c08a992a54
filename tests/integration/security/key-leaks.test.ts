/**
 * After a mixed batch (every family) on a real gateway profile, the API key is searched for
 * everywhere it could land: the data folder (settings, vault), the library (results, thumbnails,
 * sidecars, staging), the database and its WAL, the logs, the event stream, every answer, the
 * command line's output and the process list. In both transports (the in-process router as the
 * Electron shell calls it, and web mode over HTTP) and in the batch command line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/server';
import { localhostFetch } from '../../helpers/localhost-fetch';
import { bundledEntry } from '../../helpers/bundled-entries';
import { readFolderText } from '../../helpers/files';
import { mixedBatchInputs, MIXED_BATCH } from '../../helpers/mixed-batch';
import { endWithThisProcess, stopProcess } from '../../helpers/processes';
import { FAST_TASKS, simAdmin } from '../../helpers/sim-admin';

const ROOT = resolve(import.meta.dirname, '../../..');
const SECRET = 'Kq7XwZ3vN9pL2mR8sT4yB6cD1fG5hJ0aE3uI7oP9kW2xQ4zV';
const KEY = `sk-${SECRET}`;

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ timing: FAST_TASKS });
  await simAdmin(sim)('POST', '/keys', { key: KEY, remain_credits: 100_000 });
});
afterAll(async () => sim.close());

/** Every command line on the machine, sampled until `running` settles (fulfilled or not: the caller awaits it for its outcome). */
async function sampleProcessList(running: Promise<unknown>): Promise<string> {
  const seen = new Set<string>();
  const state = { done: false };
  const settled = (): void => void (state.done = true);
  void running.then(settled, settled);
  while (!state.done) {
    if (existsSync('/proc')) {
      for (const pid of readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        try {
          seen.add(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
        } catch {
          // Ended meanwhile.
        }
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return [...seen].join('\n');
}

/** Starts one of the programs under test; each test stops it in `finally`, whatever its assertions found. */
function run(args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ATELIER_LOG: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  endWithThisProcess(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

function expectNoKey(where: string, text: string): void {
  expect(text.length, `${where} was read`).toBeGreaterThan(0);
  expect(text.includes(SECRET), `the key (or its secret part) in ${where}`).toBe(false);
}

describe('where the key could land', () => {
  it('the in-process transport (as the Electron shell calls the router): nothing anywhere after a mixed batch', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-leak-ipc-'));
    const studio = run([bundledEntry('in-process-studio')], { GATEWAY_URL: sim.url, GATEWAY_KEY: KEY, DATA_DIR: dataDir });
    try {
      const processes = await sampleProcessList(studio.exited);
      expect(await studio.exited).toBe(0);
      const output = studio.output();
      expect(output).toContain('batch finished');
      expect(output.match(/"state":"done"/g)?.length ?? 0).toBeGreaterThanOrEqual(MIXED_BATCH.length);
      expect(output).toMatch(/\[[^\]]*INFO|info\s+\[/i);
      expectNoKey('the events sent to the window and every answer, and the logs', output);
      const files = readFolderText(dataDir);
      // The search reads what is there: the profile's address and the prompts are found.
      expect(files).toContain(sim.url);
      expect(files).toContain('a quiet harbour');
      expectNoKey('the data folder, library, database and WAL', files);
      expectNoKey('the process list', processes);
    } finally {
      await stopProcess(studio.child);
    }
  }, 120_000);

  it('web mode over HTTP: nothing in responses, the event stream, logs, files or the process list', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-leak-web-'));
    // Its fastest polling (the setting's bounds): the batch ends seconds sooner, the key's ways unchanged.
    const web = run([bundledEntry('web-mode'), '--no-open', '--port', '0', '--data-dir', dataDir], { ATELIER_POLL_INTERVAL_MS: '100' });
    try {
      const scenario = (async () => {
        let launch: string | undefined;
        for (let i = 0; i < 200 && launch === undefined; i++) {
          launch = /http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+/.exec(web.output())?.[0];
          if (launch === undefined) await new Promise((r) => setTimeout(r, 100));
        }
        if (launch === undefined) throw new Error(`web mode did not start:\n${web.output()}`);
        // The printed address sends the browser on to the run's own name, where the code is traded.
        const onward = (await localhostFetch(launch, { redirect: 'manual' })).headers.get('location') ?? '';
        const origin = new URL(onward).origin;
        const exchange = await localhostFetch(onward, { redirect: 'manual' });
        const cookie = (exchange.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        const bodies: string[] = [await exchange.text()];
        const events = new AbortController();
        const stream = await localhostFetch(`${origin}/api/events`, { headers: { cookie }, signal: events.signal });
        let streamed = '';
        const reading = (async () => {
          if (!stream.body) return;
          const decoder = new TextDecoder();
          try {
            for await (const chunk of stream.body as AsyncIterable<Uint8Array>) streamed += decoder.decode(chunk, { stream: true });
          } catch {
            // Aborted at the end of the scenario.
          }
        })();
        const call = async <T>(route: string, input: unknown): Promise<T> => {
          const res = await localhostFetch(`${origin}/api/invoke/${route}`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ input }),
          });
          const text = await res.text();
          bodies.push(text);
          const envelope = JSON.parse(text) as { ok: boolean; value: T; error?: { message: string } };
          if (!envelope.ok) throw new Error(`${route}: ${envelope.error?.message ?? ''}`);
          return envelope.value;
        };
        const profile = await call<{ id: string }>('profiles.save', { name: 'Gateway', baseUrl: sim.url });
        await call('profiles.set_api_key', { id: profile.id, apiKey: KEY });
        await call('settings.update', { activeProfileId: profile.id });
        await call('account.get_balance', {});
        await call('models.list', {});
        for (const input of mixedBatchInputs('a windmill')) await call('jobs.create_batch', input);
        for (let i = 0; i < 600; i++) {
          const batches = (await call<{ items: { status: string }[] }>('jobs.list_batches', {})).items;
          if (batches.length === MIXED_BATCH.length && batches.every((b) => b.status === 'done')) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const assets = await call<{ items: { mediaPath: string }[] }>('library.list_assets', { limit: 200 });
        for (const asset of assets.items)
          bodies.push(
            Buffer.from(await (await localhostFetch(`${origin}/media/${asset.mediaPath}`, { headers: { cookie } })).arrayBuffer()).toString('latin1'),
          );
        expect(assets.items.length).toBeGreaterThanOrEqual(MIXED_BATCH.length);
        const whileRunning = readFolderText(dataDir);
        events.abort();
        await reading;
        return { bodies, streamed, whileRunning };
      })();
      const processes = await sampleProcessList(scenario);
      const { bodies, streamed, whileRunning } = await scenario;
      await stopProcess(web.child);

      expect(streamed).toContain('library.added');
      expectNoKey('the answers of every route and the media served', bodies.join('\n'));
      expectNoKey('the event stream', streamed);
      expectNoKey('the logs of web mode', web.output());
      expectNoKey('the data folder, library, database and WAL while running', whileRunning);
      expect(whileRunning).toContain('a windmill');
      expectNoKey('the data folder, library and database after stopping', readFolderText(dataDir));
      expectNoKey('the process list', processes);
    } finally {
      // Whatever failed above (web mode not starting, a route refusing, the batch not finishing), web mode does not outlive the test.
      await stopProcess(web.child);
    }
  }, 120_000);

  it('the batch command line: nothing in its output, its library or the process list (the key comes from the environment)', async () => {
    const work = mkdtempSync(join(tmpdir(), 'atelier-leak-cli-'));
    const jobs = join(work, 'jobs.jsonl');
    writeFileSync(
      jobs,
      [
        '{"model":"gen-image-2","prompt":"a kite"}',
        '{"model":"gen-image-2","prompt":"a kite","size":"1:1"}',
        '{"model":"clip-3.0-turbo","prompt":"a kite","duration":3}',
      ].join('\n'),
    );
    const library = join(work, 'library');
    const cli = run([bundledEntry('cli'), 'batch', jobs, '--gateway', sim.url, '--library', library, '--json'], {
      ATELIER_API_KEY: KEY,
      ATELIER_POLL_INTERVAL_MS: '100',
      ATELIER_DATA_DIR: join(work, 'data'),
    });
    try {
      const processes = await sampleProcessList(cli.exited);
      expect(await cli.exited).toBe(0);
      expect(cli.output()).toMatch(/"completed":3/);
      expectNoKey('the command output and its logs', cli.output());
      expectNoKey('its library, database and sidecars', readFolderText(library));
      expectNoKey('the process list', processes);
    } finally {
      await stopProcess(cli.child);
    }
  }, 120_000);
});
