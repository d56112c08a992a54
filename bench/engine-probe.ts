/**
 * What `engine-load` samples in its own process while the engine works: event-loop delay (one
 * histogram per phase), CPU, memory and the latency of a window's `settings.get`, plus the polls
 * counted at the demo gateway, one sample every SAMPLE_EVERY_MS.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { Studio } from '../src/main/core/studio';
import type { GatewayAddress } from './engine-gateway';

export const SAMPLE_EVERY_MS = 250;
/** The delay histogram's timer period; what it records beyond this is the loop's delay. */
const RESOLUTION_MS = 1;
const MB = 1024 * 1024;

export interface Sample {
  atMs: number;
  polls: number;
  cpuMicros: number;
  rssMB: number;
  heapMB: number;
  settingsMs: number;
}

/** Poll requests the gateway has answered so far: GETs of task records (not result files or content). */
export async function pollsAtGateway(address: GatewayAddress): Promise<number> {
  const response = await request(`${address.url}/__admin/stats`, { headers: { 'x-admin-token': address.adminToken } });
  const stats = (await response.body.json()) as { requests: Record<string, number> };
  return Object.entries(stats.requests)
    .filter(([route]) => route.startsWith('GET /v1/') && !route.endsWith('/content'))
    .reduce((sum, [, count]) => sum + count, 0);
}

export function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** One sample: memory, a timed `settings.get` through the studio's router, the gateway's poll count, CPU. */
export async function takeSample(studio: Studio, address: GatewayAddress): Promise<Sample> {
  const memory = process.memoryUsage();
  const started = process.hrtime.bigint();
  const answer = await studio.router.dispatch('settings.get', {});
  const settingsMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (!answer.ok) throw new Error(`settings.get failed: ${answer.error.message}`);
  return { atMs: Date.now(), polls: await pollsAtGateway(address), cpuMicros: cpuMicros(), rssMB: memory.rss / MB, heapMB: memory.heapUsed / MB, settingsMs };
}

/** Event-loop delay of one phase, in milliseconds beyond the histogram's own timer period. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export class LoopDelayMonitor {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });

  constructor() {
    this.histogram.enable();
  }

  stop(): LoopDelay {
    this.histogram.disable();
    const ms = (ns: number): number => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    return { p50: ms(this.histogram.percentile(50)), p99: ms(this.histogram.percentile(99)), max: ms(this.histogram.max) };
  }
}

/**
 * Samples until `stop` resolves (each sample waits for the previous one); `onSample` sees each
 * one as it is taken (to move to the next phase).
 */
export async function sampleUntil(
  stop: Promise<unknown>,
  read: () => Promise<Sample>,
  onSample: (sample: Sample) => void = () => undefined,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  const state = { stopped: false };
  void stop.then(
    () => (state.stopped = true),
    () => (state.stopped = true),
  );
  const take = async (): Promise<void> => {
    const sample = await read();
    samples.push(sample);
    onSample(sample);
  };
  while (!state.stopped) {
    await take();
    await Promise.race([sleep(SAMPLE_EVERY_MS), stop.catch(() => undefined)]);
  }
  await take();
  return samples;
}
