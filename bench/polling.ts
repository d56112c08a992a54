/**
 * Gateway client polling: `client.tasks.poll(entry, taskId)` of a finished image task on the
 * simulator (loopback) against a bare undici `request` of the same URL with the same key.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { variantById } from '../src/shared/catalog';
import { GatewayClient } from '../src/main/core/gateway/client';
import { startSimulator } from '../src/simulator/server';
import { compare } from './measure';
import type { Table } from './table';

const VARIANT = 'image.gen-image-2.task';

export async function run(): Promise<Table[]> {
  const entry = variantById(VARIANT);
  if (!entry) throw new Error(`no catalog variant ${VARIANT}`);
  // Short tasks, and no rate limit: thousands of polls a second would otherwise be answered 429.
  const sim = await startSimulator({ timing: { image: 200 }, rateLimit: { max: 1_000_000_000 } });
  const client = new GatewayClient({ baseUrl: sim.url, apiKey: sim.demoKey });
  try {
    const submitted = await client.generation.submit(entry, { prompt: '一只在雨中奔跑的橘猫，电影感光影', size: { tier: '1K', ratio: '1:1' } });
    if (submitted.style !== 'task') throw new Error(`expected a task, got ${submitted.style}`);
    const { taskId } = submitted.task;
    for (let polls = 0; (await client.tasks.poll(entry, taskId)).state !== 'completed'; polls++) {
      if (polls > 100) throw new Error(`task ${taskId} did not complete`);
      await sleep(50);
    }

    const url = `${sim.url}${submitted.pollPath}`;
    const headers = { authorization: `Bearer ${sim.demoKey}` };
    const [raw, polled] = await compare(
      [
        {
          label: 'GET poll URL: bare undici request + JSON',
          operation: async () => {
            const response = await request(url, { headers });
            return response.body.json();
          },
        },
        { label: 'client.tasks.poll(entry, taskId)', operation: () => client.tasks.poll(entry, taskId) },
      ],
      { iterations: 1500, budgetMs: 6000 },
    );

    return [
      {
        title: 'Gateway task polling (finished image task, simulator on loopback)',
        rows: [{ stats: raw }, { stats: polled, raw }],
        notes: [
          `raw = undici request(GET ${submitted.pollPath}) with the Bearer key, body read as JSON`,
          'the client adds its retry policy, timeouts, size limit and error handling, and normalises the answer to a task record',
        ],
      },
    ];
  } finally {
    await client.close();
    await sim.close();
  }
}
