/**
 * Transfers: a large result downloaded by the app's `ResultFetcher` (public-address check,
 * size cap, hashing, into the library folder) against a raw undici `stream` of the same bytes to
 * a file; a 10 MB (and a 2.5 MB) reference uploaded by `client.uploads.uploadFile` (type and size
 * checked from the header, hashed for the upload cache as it is sent, multipart) against a raw undici multipart POST to the
 * same simulator. Each side runs in a process of its own (`transfer-client.ts`), so the peak
 * resident memory it reports is its own; two file sizes show whether memory grows with the file.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import sharp from 'sharp';
import { startSimulator } from '../src/simulator/server';
import { sized, type BenchContext } from './context';
import type { TransferJob, TransferReport } from './transfer-client';
import type { FigureRow, Table } from './table';

const MB = 1024 * 1024;
const CLIENT = join(import.meta.dirname, 'transfer-client.ts');

/** Writes `megabytes` of random bytes (nothing for a transport to compress). */
async function randomFile(path: string, megabytes: number): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < megabytes; i++) if (!out.write(randomBytes(MB))) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** A PNG of noise of about `megabytes` (noise does not compress), under the gateway's 10 MB cap. */
async function noisePng(path: string, megabytes: number): Promise<number> {
  const side = Math.floor(Math.sqrt((megabytes * MB) / 3));
  await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toFile(path);
  const { size } = statSync(path);
  if (size > 10 * MB) throw new Error(`the reference came out at ${size} bytes, over the 10 MB cap`);
  return size;
}

/** Serves the folder's files over loopback, streamed from disk with their length. */
async function fileServer(folder: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const name = (request.url ?? '').replace(/^\/+/, '');
    if (!/^[\w.-]+$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    const path = join(folder, name);
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(path).size });
    createReadStream(path).pipe(response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Runs one side in a fresh process and reads its report. */
async function runClient(job: TransferJob): Promise<TransferReport> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLIENT, JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ATELIER_LOG: 'silent' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const line = out.trim().split('\n').at(-1);
  if (code !== 0 || !line) throw new Error(`${job.mode} failed (exit ${code}): ${err.slice(-800)}`);
  return JSON.parse(line) as TransferReport;
}

interface Side {
  /** MB/s over the median transfer. */
  throughput: number;
  /** Median CPU milliseconds of one transfer, all of the process's threads. */
  cpuMs: number;
  /** Median of the processes' untimed first transfers, ms. */
  firstMs: number;
  /** Largest peak-minus-start resident memory of its processes, MB. */
  memoryMB: number;
}

/** Each side's processes in alternating turns (raw, app, raw, app...), so drift falls on both. */
async function measurePair(raw: TransferJob, app: TransferJob, rounds: number): Promise<{ raw: Side; app: Side }> {
  const reports: { raw: TransferReport[]; app: TransferReport[] } = { raw: [], app: [] };
  for (let round = 0; round < rounds; round++) {
    reports.raw.push(await runClient(raw));
    reports.app.push(await runClient(app));
  }
  const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
  const side = (list: TransferReport[]): Side => {
    const bytes = list[0]?.bytes ?? 0;
    return {
      throughput: bytes / MB / (median(list.flatMap((report) => report.ms)) / 1000),
      cpuMs: median(list.flatMap((report) => report.cpuMs)),
      firstMs: median(list.map((report) => report.firstMs)),
      memoryMB: Math.max(...list.map((report) => report.peakRssMB - report.startRssMB)),
    };
  };
  return { raw: side(reports.raw), app: side(reports.app) };
}

const speed = (label: string, value: number): { label: string; value: number; unit: string } => ({ label, value, unit: 'MB/s' });
const memory = (label: string, value: number): { label: string; value: number; unit: string } => ({ label, value, unit: 'MB' });
const millis = (label: string, value: number): { label: string; value: number; unit: string } => ({ label, value, unit: 'ms' });

/** CPU per transfer and the first transfer in a fresh process, app beside raw (no target: what the throughput rows' time went on). */
function costRows(what: string, app: Side, raw: Side): FigureRow[] {
  return [
    { figure: millis(`CPU per ${what}, all threads: app`, app.cpuMs), raw: millis('raw', raw.cpuMs) },
    { figure: millis(`first ${what} in a fresh process: app`, app.firstMs), raw: millis('raw', raw.firstMs) },
  ];
}

export async function run(context: BenchContext): Promise<Table[]> {
  const folder = mkdtempSync(join(tmpdir(), 'atelier-bench-transfers-'));
  const sim = await startSimulator({ rateLimit: { max: 1_000_000_000 } });
  const files = await fileServer(folder);
  const rounds = sized(context, 3, 2);
  const repeats = sized(context, 2, 2);
  try {
    // Still four times apart (memory flat in file size); halved with --quick to stay within its two minutes.
    const small = sized(context, 50, 25);
    const large = sized(context, 200, 100);
    await randomFile(join(folder, 'small.bin'), small);
    await randomFile(join(folder, 'large.bin'), large);
    const download = (mode: TransferJob['mode'], name: string): TransferJob => ({
      mode,
      url: `${files.url}/${name}`,
      path: join(folder, `${mode}-${name}.part`),
      apiKey: '',
      repeats,
    });
    const downSmall = await measurePair(download('download-raw', 'small.bin'), download('download-app', 'small.bin'), rounds);
    const downLarge = await measurePair(download('download-raw', 'large.bin'), download('download-app', 'large.bin'), rounds);

    const reference = join(folder, 'reference.png');
    const referenceBytes = await noisePng(reference, 9.3);
    const quarter = join(folder, 'quarter.png');
    const quarterBytes = await noisePng(quarter, 2.35);
    // Five timed uploads a process with --quick too: one takes 0.1-0.5 s here, and three a process left the median to one busy moment.
    const uploadRepeats = 5;
    const upload = (mode: TransferJob['mode'], path: string): TransferJob => ({ mode, url: sim.url, path, apiKey: sim.demoKey, repeats: uploadRepeats });
    const upQuarter = await measurePair(upload('upload-raw', quarter), upload('upload-app', quarter), rounds);
    const upFull = await measurePair(upload('upload-raw', reference), upload('upload-app', reference), rounds);

    const downloads: FigureRow[] = [
      { figure: speed(`${large} MB download: raw undici stream to a file`, downLarge.raw.throughput) },
      {
        figure: speed(`${large} MB download: ResultFetcher into the library`, downLarge.app.throughput),
        raw: speed('raw', downLarge.raw.throughput),
        target: { ratioAtLeast: 0.9 },
      },
      { figure: speed(`${small} MB download: raw`, downSmall.raw.throughput) },
      {
        figure: speed(`${small} MB download: ResultFetcher`, downSmall.app.throughput),
        raw: speed('raw', downSmall.raw.throughput),
        target: { ratioAtLeast: 0.9 },
      },
      { figure: memory(`peak memory, ${large} MB download: raw`, downLarge.raw.memoryMB) },
      { figure: memory(`peak memory, ${large} MB download: ResultFetcher`, downLarge.app.memoryMB), raw: memory('raw', downLarge.raw.memoryMB) },
      {
        figure: memory(`peak memory, ResultFetcher: ${large} MB against ${small} MB`, downLarge.app.memoryMB),
        raw: memory(`${small} MB`, downSmall.app.memoryMB),
        target: { ratioAtMost: 1.5 },
      },
      ...costRows(`${large} MB download`, downLarge.app, downLarge.raw),
      ...costRows(`${small} MB download`, downSmall.app, downSmall.raw),
    ];
    const mb = (bytes: number): string => (bytes / MB).toFixed(1);
    const uploads: FigureRow[] = [
      { figure: speed(`${mb(referenceBytes)} MB upload: raw multipart POST`, upFull.raw.throughput) },
      {
        figure: speed(`${mb(referenceBytes)} MB upload: uploads.uploadFile`, upFull.app.throughput),
        raw: speed('raw', upFull.raw.throughput),
        target: { ratioAtLeast: 0.9 },
      },
      { figure: speed(`${mb(quarterBytes)} MB upload: raw multipart POST`, upQuarter.raw.throughput) },
      {
        figure: speed(`${mb(quarterBytes)} MB upload: uploads.uploadFile`, upQuarter.app.throughput),
        raw: speed('raw', upQuarter.raw.throughput),
        target: { ratioAtLeast: 0.9 },
      },
      { figure: memory(`peak memory, ${mb(referenceBytes)} MB upload: raw`, upFull.raw.memoryMB) },
      { figure: memory(`peak memory, ${mb(referenceBytes)} MB upload: uploadFile`, upFull.app.memoryMB), raw: memory('raw', upFull.raw.memoryMB) },
      {
        figure: memory(`peak memory, raw: ${mb(referenceBytes)} MB against ${mb(quarterBytes)} MB`, upFull.raw.memoryMB),
        raw: memory(`${mb(quarterBytes)} MB`, upQuarter.raw.memoryMB),
      },
      {
        figure: memory(`peak memory, uploadFile: ${mb(referenceBytes)} MB against ${mb(quarterBytes)} MB`, upFull.app.memoryMB),
        raw: memory(`${mb(quarterBytes)} MB`, upQuarter.app.memoryMB),
        target: { ratioAtMost: 1.5 },
      },
      ...costRows(`${mb(referenceBytes)} MB upload`, upFull.app, upFull.raw),
      ...costRows(`${mb(quarterBytes)} MB upload`, upQuarter.app, upQuarter.raw),
    ];
    const each = `${rounds} processes per side, taking turns`;
    return [
      {
        title: `Result download over loopback (${large} MB and ${small} MB of random bytes)`,
        figures: downloads,
        notes: [
          `throughput = bytes / median transfer time (${each}, ${repeats} timed transfers each after an untimed first one, whose time is its own row); CPU = process.cpuUsage over one transfer, every thread; peak memory = the highest resident memory sampled every 5 ms minus the process's at start`,
          'ResultFetcher checks the address against the public-address policy, then undici stream() into one writable that counts each chunk against the size cap, hashes it (SHA-256, on the same thread) and writes it, chunks that arrive during a write gathered into one writev (1 MB held at most); raw = undici stream() to createWriteStream, nothing checked',
          "memory flat in file size: the fetcher's peak at 4x the file should stay within 1.5x its peak at the smaller one",
        ],
      },
      {
        title: `Reference upload to the demo gateway (${mb(referenceBytes)} MB and ${mb(quarterBytes)} MB PNG)`,
        figures: uploads,
        notes: [
          `throughput = bytes / median upload time (${each}, ${uploadRepeats} timed uploads each after an untimed first one; the upload cache is emptied between them)`,
          "uploadFile reads the image header (type, pixels, transparency; a still PNG, JPEG or WebP with image-size, other formats through the image library), then streams the file as multipart in 256 KB reads into four buffers used in turn, the next read under way while a chunk goes out, hashing each read as it goes; the last read waits for the hash's verdict, and a file the upload cache knows is dropped unfinished (a file of a size the cache holds is hashed first, on the hashing worker); raw = undici FormData with openAsBlob, POSTed",
          'both are answered by the same simulator, which decodes each upload: its time is in both',
        ],
      },
    ];
  } finally {
    files.server.close();
    await sim.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
