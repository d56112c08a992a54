/**
 * Answers of other deployments: a task record wrapped in `{code, message, data}` is followed
 * whatever the variant expected; a 200 the studio cannot read ends the job `unknown` (it may
 * have been paid for) with what came back kept on the job, bounded and without the key.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listJobAssets } from '../../../src/main/core/library';
import { getJob, listJobTasks } from '../../../src/main/core/jobs/store';
import type { JobEngine } from '../../../src/main/core/jobs';
import { bodyOf, fastClient, runOne, startBench, type Bench } from './harness';

const KEY = 'sk-otherdeployment0123456789abcdefghijklmnop';

/** What the fake deployment answers to the next image POST (JSON value, or raw text). */
let nextAnswer: { json: unknown } | { text: string } = { json: {} };
let png: Buffer;
let server: Server;
let baseUrl: string;
let bench: Bench;
let engine: JobEngine;

beforeAll(async () => {
  png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    const path = request.url ?? '';
    request.resume();
    if (request.method === 'POST' && path === '/v1/images/generations') {
      const body = 'json' in nextAnswer ? JSON.stringify(nextAnswer.json) : nextAnswer.text;
      response.writeHead(200, { 'content-type': 'json' in nextAnswer ? 'application/json' : 'text/html' }).end(body);
      return;
    }
    if (path === '/v1/images/generations/w1') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ code: 'success', message: '', data: { task_id: 'w1', status: 'SUCCESS', progress: '100%', result_url: `${baseUrl}/files/w1.png` } }),
        );
      return;
    }
    if (path === '/files/w1.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) }).end(png);
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  bench = await startBench({}, { virtualTime: true });
  const client = fastClient(baseUrl, KEY);
  engine = bench.engine({ connectionFor: () => client });
  await engine.start();
});

afterAll(async () => {
  await bench.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const direct = (prompt: string) => ({ variantId: 'image.gen-image-2.direct', body: bodyOf('image.gen-image-2.direct', { prompt }) });

describe('answers of other deployments', () => {
  it('follows a task wrapped in {code, message, data} answered to a request that usually gets images', async () => {
    nextAnswer = { json: { code: 'success', message: '', data: { task_id: 'w1', status: 'SUBMITTED', progress: '0%' } } };
    const job = await runOne(engine, direct('wrapped'));
    expect(job).toMatchObject({ state: 'done', answerStyle: 'task', rawAnswer: null });
    expect(listJobTasks(bench.db, job.id).map((task) => task.pollRoute)).toEqual(['/v1/images/generations/w1']);
    expect(listJobAssets(bench.db, job.id).map((asset) => [asset.width, asset.height])).toEqual([[320, 200]]);
  });

  it('keeps what came back when a 200 is unreadable: shortened, bounded, without the key', async () => {
    nextAnswer = { json: { ok: true, echo: `Authorization: Bearer ${KEY}`, image: 'A'.repeat(300_000), note: '已受理' } };
    const job = await runOne(engine, direct('unreadable json'));
    expect(job).toMatchObject({ state: 'unknown', errorCode: 'outcome_unknown' });
    expect(job.errorMessage).toMatch(/cannot read.*neither images, an edit summary nor a task record.*may have accepted.*kept with the job/);
    const raw = JSON.parse(job.rawAnswer ?? 'null') as Record<string, string>;
    expect(raw.note).toBe('已受理');
    expect(raw.image).toBe(`${'A'.repeat(64)}…(300000 characters)`);
    expect(job.rawAnswer).not.toContain(KEY.slice(3));
    expect(getJob(bench.db, job.id)?.rawAnswer).toBe(job.rawAnswer);
  });

  it('keeps an answer that is not JSON at all', async () => {
    nextAnswer = { text: `<html><body>queued as job 77, key ${KEY}</body></html>` };
    const job = await runOne(engine, direct('not json'));
    expect(job).toMatchObject({ state: 'unknown' });
    expect(job.rawAnswer).toMatch(/^<html><body>queued as job 77, key sk-…\(redacted\)<\/body><\/html>$/);
  });

  it('keeps a direct answer with no image at all, and fails the job', async () => {
    nextAnswer = { json: { created: 1, data: [], message: 'content filtered' } };
    const job = await runOne(engine, direct('empty'));
    expect(job).toMatchObject({ state: 'failed', errorCode: 'no_result', answerStyle: 'direct' });
    expect(job.rawAnswer).toBe('{"created":1,"data":[],"message":"content filtered"}');
  });

  it('a resubmitted job forgets the earlier answer', async () => {
    nextAnswer = { json: { nothing: true } };
    const job = await runOne(engine, direct('twice'));
    expect(job.rawAnswer).not.toBeNull();
    nextAnswer = { json: { created: 1, data: [{ b64_json: png.toString('base64') }] } };
    engine.commands.resolveUnknown(job.id, 'resubmit');
    await bench.idle(engine);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', answerStyle: 'direct', rawAnswer: null });
  });
});
