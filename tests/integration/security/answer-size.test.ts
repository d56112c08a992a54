/**
 * A hostile gateway cannot fill memory with Base64: the answer to a generation is read only up to
 * what its images could honestly weigh (`n` images at the image cap, as Base64, plus a small
 * envelope), and the Base64 that is accepted is decoded into a file a slice at a time.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { directAnswerCap } from '../../../src/main/core/gateway/generation';
import { STAGING_FOLDER } from '../../../src/main/core/jobs/staging';
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server';
import { until } from '../../helpers/studio';
import { bodyOf, fastClient, runOne, startBench, type Bench } from '../jobs/harness';

const MAX_IMAGE_BYTES = 256 * 1024;
let bench: Bench | undefined;
let gateway: RecordingServer | undefined;
afterEach(async () => {
  await gateway?.close();
  await bench?.close();
  bench = gateway = undefined;
});

const job = { variantId: 'image.gen-image-2.direct', body: bodyOf('image.gen-image-2.direct', { prompt: 'a harbour', response_format: 'b64_json' }) };

describe('Base64 answers', () => {
  it('are read only up to n images at the image cap: 40 MB of Base64 for one 256 KB image is cut off, not taken into memory', async () => {
    const answered = { bytes: 0, finished: false };
    const chunk = 'A'.repeat(1024 * 1024);
    gateway = await startRecordingServer((req, res) => {
      if (req.method !== 'POST') return void res.end('{}');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"created":1,"data":[{"b64_json":"');
      // Written as the client takes it: a client that stops reading stops the flood.
      let sent = 0;
      const more = (): void => {
        while (sent < 40) {
          sent += 1;
          answered.bytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('"}]}', () => (answered.finished = true));
      };
      res.on('error', () => undefined);
      more();
    });
    bench = await startBench();
    const client = fastClient(gateway.url, 'sk-huge-answer-0123456789');
    const engine = bench.engine({ connectionFor: () => client, downloads: { maxImageBytes: MAX_IMAGE_BYTES } });
    await engine.start();
    const done = await runOne(engine, job);
    await client.close();
    // The POST reached the gateway and may have been paid for: its outcome is for the user to settle.
    expect(done).toMatchObject({ state: 'unknown' });
    expect(done.errorMessage).toMatch(/exceeds \d+ bytes|too large/i);
    expect(answered.finished).toBe(false);
    expect(answered.bytes).toBeLessThan(20 * 1024 * 1024);
  });

  it('are capped as a whole, not by n: ten images each within the image cap are too large together, and the job is left unknown', async () => {
    // Each image alone is within the cap; together they are far past what an answer may weigh.
    const image = 'A'.repeat(Math.floor((MAX_IMAGE_BYTES * 4) / 3 / 4) * 4 - 4096);
    gateway = await startRecordingServer((req, res) => {
      if (req.method !== 'POST') return void res.end('{}');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('error', () => undefined);
      res.end(JSON.stringify({ created: 1, data: Array.from({ length: 10 }, () => ({ b64_json: image })) }));
    });
    bench = await startBench();
    const client = fastClient(gateway.url, 'sk-many-images-0123456789');
    const engine = bench.engine({ connectionFor: () => client, downloads: { maxImageBytes: MAX_IMAGE_BYTES } });
    await engine.start();
    const many = { variantId: job.variantId, body: { ...job.body, n: 10 } };
    const done = await runOne(engine, many);
    await client.close();
    expect(done).toMatchObject({ state: 'unknown' });
    const limit = Number(/exceeds (\d+) bytes/.exec(done.errorMessage ?? '')?.[1]);
    expect(limit, done.errorMessage ?? '').toBeLessThanOrEqual(directAnswerCap(MAX_IMAGE_BYTES, { n: 2 }));
  });

  it('within the cap are decoded into a file on disk, and the library gets the image', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    gateway = await startRecordingServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.method === 'POST' ? JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] }) : '{}');
    });
    bench = await startBench();
    const client = fastClient(gateway.url, 'sk-small-answer-0123456789');
    const engine = bench.engine({ connectionFor: () => client, downloads: { maxImageBytes: MAX_IMAGE_BYTES } });
    await engine.start();
    const done = await runOne(engine, job);
    await client.close();
    expect(done.state, done.errorMessage ?? '').toBe('done');
    // Staged results are removed once stored.
    const root = bench.root;
    await until(
      () => readdirSync(join(root, STAGING_FOLDER)),
      (names) => names.length === 0,
      'the staging folder to empty',
    );
  });
});
