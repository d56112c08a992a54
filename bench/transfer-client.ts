/**
 * One side of the transfers benchmark, run in a process of its own so its peak memory is its
 * own: `transfer-client.ts <job JSON>` does the transfers it is given, the app's way or the raw
 * way, after one untimed transfer that loads what a first transfer loads (undici's parser, and the
 * hashing worker or the image library where that path uses them), and prints one JSON line: milliseconds and CPU milliseconds (all
 * threads) of each transfer, the first transfer's milliseconds, the bytes moved, and the resident
 * memory when it started and the highest seen while it ran (sampled every 5 ms).
 */
import './quiet';
import { createWriteStream, openAsBlob } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { FormData, request, stream } from 'undici';
import { GatewayClient } from '../src/main/core/gateway/client';
import { ResultFetcher } from '../src/main/core/jobs/result-fetch';

export interface TransferJob {
  mode: 'download-app' | 'download-raw' | 'upload-app' | 'upload-raw';
  /** Download: the file's address. Upload: the gateway's base URL. */
  url: string;
  /** Download: where to write (removed after each transfer). Upload: the file to send. */
  path: string;
  apiKey: string;
  repeats: number;
}

export interface TransferReport {
  ms: number[];
  /** CPU time of each transfer, every thread of the process (the hashing worker's included). */
  cpuMs: number[];
  /** The untimed first transfer, in a fresh process. */
  firstMs: number;
  bytes: number;
  startRssMB: number;
  peakRssMB: number;
}

const MB = 1024 * 1024;

/** One transfer of the job's kind; returns the bytes moved. */
function transferOf(job: TransferJob): () => Promise<number> {
  switch (job.mode) {
    case 'download-raw':
      return async () => {
        await stream(job.url, { method: 'GET' }, ({ statusCode }) => {
          if (statusCode !== 200) throw new Error(`HTTP ${statusCode}`);
          return createWriteStream(job.path);
        });
        const { size } = await stat(job.path);
        await rm(job.path, { force: true });
        return size;
      };
    case 'download-app': {
      const fetcher = new ResultFetcher({ headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000 });
      const client = new GatewayClient({ baseUrl: new URL(job.url).origin, apiKey: job.apiKey });
      return async () => {
        const fetched = await fetcher.fetch({ kind: 'url', url: job.url }, job.path, {
          client,
          expiresAt: null,
          now: Date.now(),
          signal: new AbortController().signal,
          maxBytes: 1024 * MB,
        });
        await rm(job.path, { force: true });
        return fetched.bytes;
      };
    }
    case 'upload-raw':
      return async () => {
        const form = new FormData();
        const file = await openAsBlob(job.path, { type: 'image/png' });
        form.append('file', file, 'reference.png');
        form.append('purpose', 'generation');
        const response = await request(`${job.url}/v1/uploads/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${job.apiKey}` } });
        if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${await response.body.text()}`);
        await response.body.json();
        return file.size;
      };
    case 'upload-app': {
      const client = new GatewayClient({ baseUrl: job.url, apiKey: job.apiKey });
      return async () => {
        const uploaded = await client.uploads.uploadFile(job.path);
        // The same bytes again would be answered from the upload cache: forget them, so each call sends.
        await client.uploads.forget(uploaded.sha256);
        return uploaded.size;
      };
    }
  }
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '{}') as TransferJob;
  const transfer = transferOf(job);
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
  const ms: number[] = [];
  const cpuMs: number[] = [];
  let bytes = 0;
  let firstMs = 0;
  try {
    for (let i = 0; i <= job.repeats; i++) {
      const started = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      bytes = await transfer();
      const used = process.cpuUsage(cpu);
      const took = Number(process.hrtime.bigint() - started) / 1e6;
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      if (i === 0) {
        firstMs = took;
        continue;
      }
      ms.push(took);
      cpuMs.push((used.user + used.system) / 1000);
    }
  } finally {
    clearInterval(sampler);
  }
  const report: TransferReport = { ms, cpuMs, firstMs, bytes, startRssMB: startRss / MB, peakRssMB: peakRss / MB };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  // Pools and clients are left open: the process ends here.
  process.exit(0);
}

await main();
