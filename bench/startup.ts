/**
 * Start-up: web mode (`out/main/web.js`, built) from process start to the first gallery page of
 * the shared 100,000-asset library answered, as a browser would get there: the launch address
 * printed, its code traded for a session, the renderer's page served, `library.list_assets`
 * answered. A fresh data folder each time, holding a copy of the library's file (in the OS file
 * cache, as after a restart). Raw baseline: a bare Node process (`bare-server.mjs`) that opens
 * the same file with better-sqlite3 and serves the same index.html and page over node:http.
 * (A Chromium load of the page can be timed on top of this; the gallery benchmark does that.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { libraryDatabaseFile } from '../src/main/core/library/database-location';
import { sized, type BenchContext } from './context';
import { sharedLibrary, LIBRARY_SIZE, QUICK_LIBRARY_SIZE } from './library-fixture';
import { summarise } from './measure';
import { distributionPlot } from './plot';
import { rawPageSql } from './raw-pages';
import type { Table } from './table';

const ROOT = join(import.meta.dirname, '..');
const WEB_ENTRY = join(ROOT, 'out/main/web.js');
const INDEX_HTML = join(ROOT, 'out/renderer/index.html');
const BARE_SERVER = join(import.meta.dirname, 'bare-server.mjs');
/** The renderer's page size. */
const PAGE = 60;

interface Started {
  /** Milliseconds from spawn to the address printed. */
  listeningMs: number;
  /** Milliseconds from spawn to the first page's answer read. */
  pageMs: number;
}

/** Spawns `args` and resolves with the first match of `pattern` in its output, and the time it took. */
async function spawnUntil(args: string[], pattern: RegExp, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; match: string; started: bigint }> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const match = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const found = pattern.exec(output);
      if (!found) return;
      clearTimeout(timer);
      resolve(found[0]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it listened:\n${output}`)));
  });
  return { child, match, started };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

const since = (started: bigint): number => Number(process.hrtime.bigint() - started) / 1e6;

async function readOk(response: Awaited<ReturnType<typeof request>>, what: string): Promise<string> {
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`${what} answered HTTP ${response.statusCode}: ${text.slice(0, 200)}`);
  return text;
}

/** The app: web mode on a fresh data folder holding a copy of the library. */
async function startApp(copyLibrary: (target: string) => void): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-startup-'));
  const libraryRoot = join(dataDir, 'library');
  mkdirSync(libraryRoot, { recursive: true, mode: 0o700 });
  copyLibrary(libraryDatabaseFile(dataDir, libraryRoot));
  try {
    const { child, match, started } = await spawnUntil(
      [WEB_ENTRY, '--no-open', '--port', '0', '--data-dir', dataDir],
      /http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+/,
      {
        ...process.env,
        ATELIER_LOG: 'silent',
      },
    );
    try {
      const listeningMs = since(started);
      const launch = new URL(match);
      // The browser's two hops: 127.0.0.1 sends it on to the run's own host name, where the code becomes a session.
      const hop = await request(launch, { headers: { 'sec-fetch-site': 'none' } });
      await hop.body.dump();
      const sessionHost = new URL(String(hop.headers.location)).host;
      const traded = await request(launch, { headers: { host: sessionHost, 'sec-fetch-site': 'none' } });
      await traded.body.dump();
      const cookie = String(traded.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      const session = cookie.slice(cookie.indexOf('=') + 1);
      if (session === '') throw new Error(`no session from the launch code (HTTP ${traded.statusCode})`);
      const headers = { authorization: `Bearer ${session}` };
      await readOk(await request(`${launch.origin}/`, { headers }), 'the renderer page');
      const page = await request(`${launch.origin}/api/invoke/library.list_assets`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ input: { limit: PAGE } }),
      });
      const answer = JSON.parse(await readOk(page, 'library.list_assets')) as { ok: boolean; value?: { items?: unknown[] }; error?: unknown };
      if ((answer.value?.items?.length ?? 0) !== PAGE)
        throw new Error(`the first page held ${answer.value?.items?.length ?? 'no'} items: ${JSON.stringify(answer).slice(0, 300)}`);
      return { listeningMs, pageMs: since(started) };
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The raw baseline: a bare process on the same file. */
async function startRaw(file: string): Promise<Started> {
  const sql = rawPageSql({ where: '1' });
  const { child, match, started } = await spawnUntil([BARE_SERVER, file, INDEX_HTML, sql, String(PAGE + 1)], /http:\/\/127\.0\.0\.1:\d+/, process.env);
  try {
    const listeningMs = since(started);
    await readOk(await request(`${match}/`), 'the bare index.html');
    const answer = JSON.parse(await readOk(await request(`${match}/page`, { method: 'POST', body: '{}' }), 'the bare page')) as { items: unknown[] };
    if (answer.items.length !== PAGE + 1) throw new Error(`the bare page held ${answer.items.length} items`);
    return { listeningMs, pageMs: since(started) };
  } finally {
    await stop(child);
  }
}

export async function run(context: BenchContext): Promise<Table[]> {
  if (!existsSync(WEB_ENTRY) || !existsSync(INDEX_HTML))
    throw new Error('out/ is missing: run `npm run build` first (npm run bench builds it when it runs startup).');
  const fixture = sharedLibrary(sized(context, LIBRARY_SIZE, QUICK_LIBRARY_SIZE));
  const file = join(mkdtempSync(join(tmpdir(), 'atelier-bench-startup-raw-')), 'library.sqlite');
  fixture.copyTo(file);
  const rounds = sized(context, 8, 3);
  const copyLibrary = (target: string): void => fixture.copyTo(target);
  const raw: Started[] = [];
  const app: Started[] = [];
  try {
    // One untimed start of each, so the OS has the program files and the library in its cache.
    await startRaw(file);
    await startApp(copyLibrary);
    for (let round = 0; round < rounds; round++) {
      raw.push(await startRaw(file));
      app.push(await startApp(copyLibrary));
    }
  } finally {
    rmSync(join(file, '..'), { recursive: true, force: true });
  }
  const ns = (list: Started[], key: keyof Started): number[] => list.map((started) => started[key] * 1e6);
  const size = fixture.assets.toLocaleString('en-US');
  const rawPage = summarise('bare node + better-sqlite3: first page served', ns(raw, 'pageMs'));
  const appPage = summarise('web mode: first gallery page served', ns(app, 'pageMs'));
  const rawListening = summarise('bare node: listening', ns(raw, 'listeningMs'));
  const appListening = summarise('web mode: launch address printed', ns(app, 'listeningMs'));
  const plot = context.plot(
    'first-page',
    distributionPlot({
      title: `Start-up to the first gallery page, ${size} assets`,
      valueLabel: 'milliseconds from process start',
      series: [
        { name: 'bare node + better-sqlite3', values: raw.map((started) => started.pageMs) },
        { name: 'web mode', values: app.map((started) => started.pageMs) },
      ],
    }),
  );
  return [
    {
      title: `Web mode start-up to the first gallery page (${size} assets)`,
      rows: [
        { stats: rawListening },
        { stats: appListening, raw: rawListening },
        { stats: rawPage },
        { stats: appPage, raw: rawPage, target: { atMost: 1500 } },
      ],
      notes: [
        `${rounds} starts of each, taking turns, after one untimed start of each; each web-mode start has a fresh data folder with a copy of the library`,
        'web mode: process start, studio start (settings, key vault, library database and its checks, job engine; the demo gateway waits for first use), launch address printed, code traded for a session, index.html served, library.list_assets answered',
        'raw: process start, better-sqlite3 opens the file read-only, node:http listens, index.html and the same page (rows, tags, boards, batch) served',
        `distribution: ${plot}`,
      ],
    },
  ];
}
