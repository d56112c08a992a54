/**
 * Every input is bounded before work is done: a batch is measured before its template is
 * expanded, so a small request cannot make the studio build gigabytes of prompts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTRACT_REQUEST_BYTES, MAX_EXPANDED_BATCH_CHARS, MAX_PROMPT_CHARS, wordError, type BatchView, type Envelope } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { callRoute, createTestStudio } from '../../helpers/studio';

let studio: Studio;
let server: RunningWebServer;

beforeAll(async () => {
  ({ studio } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: { ...FAST_ENGINE } }));
  // Nothing should be sent in this file: the queue stays paused.
  await callRoute(studio, 'jobs.pause_queue', {});
  server = await startWebServer({ studio });
});
afterAll(async () => {
  await server.close();
  await studio.stop();
});

const batch = (template: string, csv: string, variant = 'image.nova-3-pro-image') => ({
  name: 'Bounds',
  variantIds: [variant],
  template,
  csv,
  countPerPrompt: 1,
  values: {},
});

const csvOf = (rows: number, value: string): string => `a\n${Array.from({ length: rows }, () => value).join('\n')}\n`;

/** The refusal as the window words it in Chinese (summary and field lines). */
function chinese(answer: Envelope<unknown>): string {
  if (answer.ok) throw new Error('accepted');
  const { summary, issues } = wordError(answer.error, 'zh-CN');
  return [summary, ...issues.map((issue) => issue.text)].join('\n');
}

async function batchCount(): Promise<number> {
  return (await callRoute<{ items: BatchView[] }>(studio, 'jobs.list_batches', {})).items.length;
}

describe('batch size is measured before the template is expanded', () => {
  it('refuses a template with thousands of {{column}} references over a 1 MB CSV, at once and storing nothing', async () => {
    const before = await batchCount();
    const template = '{{a}} '.repeat(5000);
    const csv = csvOf(5000, 'x'.repeat(200));
    expect(csv.length).toBeGreaterThan(1_000_000);
    const answer = await studio.router.dispatch('jobs.create_batch', batch(template, csv));
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/at most 64 \{\{column\}\} references/) as unknown },
    });
    expect(chinese(answer)).toContain('最多可有 64 处 {{column}}（列名）引用');
    expect(await batchCount()).toBe(before);
  });

  it('refuses CSV values that would make one prompt longer than any model takes', async () => {
    const answer = await studio.router.dispatch('jobs.create_batch', batch('{{a}} '.repeat(60), csvOf(1, 'y'.repeat(5000))));
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', reason: 'batch_prompt_too_long', message: expect.stringContaining(`the limit is ${MAX_PROMPT_CHARS}`) as unknown },
    });
    expect(chinese(answer)).toContain(`上限为 ${MAX_PROMPT_CHARS}`);
  });

  it('refuses a batch whose prompts together would exceed what one batch may store', async () => {
    const before = await batchCount();
    const answer = await studio.router.dispatch('jobs.create_batch', batch('{{a}} '.repeat(50), csvOf(5000, 'z'.repeat(100))));
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', reason: 'batch_too_large', message: expect.stringContaining(`the limit is ${MAX_EXPANDED_BATCH_CHARS}`) as unknown },
    });
    expect(chinese(answer)).toMatch(/请拆分成较小的批次/);
    expect(await batchCount()).toBe(before);
  });

  it('refuses a CSV over 4 MB and more than 5000 rows, naming the bound', async () => {
    const big = await studio.router.dispatch('jobs.create_batch', batch('{{a}}', csvOf(9000, 'w'.repeat(500))));
    expect(big).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/CSV may be at most 4 MB/) as unknown } });
    expect(chinese(big)).toContain('CSV 最大 4 MB');
    const rows = await studio.router.dispatch('jobs.create_batch', batch('a cat', csvOf(6000, 'v')));
    expect(rows).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', reason: 'csv_too_many_rows', message: expect.stringMatching(/more than 5000 rows/) as unknown },
    });
    expect(chinese(rows)).toContain('CSV 超过 5000 行');
  });

  it('still plans a large, sane batch', async () => {
    const { jobCount } = await callRoute<{ jobCount: number }>(
      studio,
      'jobs.create_batch',
      batch('a {{a}} in {snow|rain}', csvOf(200, 'fox'), 'image.gen-image-2.task'),
    );
    expect(jobCount).toBe(400);
  });
});

describe('request bodies', () => {
  it('web mode refuses a body larger than the largest real input with 413, before reading it all', async () => {
    const body = JSON.stringify({
      input: { name: 'x', variantIds: ['image.gen-image-2.task'], prompts: ['p'.repeat(MAX_CONTRACT_REQUEST_BYTES)], countPerPrompt: 1 },
    });
    const response = await fetch(`${server.url}/api/invoke/jobs.create_batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(413);
  });

  it('web mode still takes a 10 MB reference image as Base64', async () => {
    const bytes = Buffer.alloc(10 * 1024 * 1024 - 16, 1).toString('base64');
    const response = await fetch(`${server.url}/api/invoke/uploads.add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { fileName: 'big.png', bytes } }),
    });
    // Read and checked (it is no image), not refused for its size.
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/not an image/);
  });
});
