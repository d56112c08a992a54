import { request } from 'undici';
import type { RunningSimulator } from '../../src/simulator/server';
import type { StatsSnapshot } from '../../src/simulator/stats';

export type { StatsSnapshot };

/** Task times short enough for tests, long enough to see every state. */
export const FAST_TASKS = { image: 250, video: 300, character: 300, textChunk: 0 };

export type SimAdmin = <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) => Promise<T>;

/** Calls the demo gateway's admin API (fault injection, stats, keys), which only test harnesses use. */
export function simAdmin(sim: Pick<RunningSimulator, 'url' | 'adminToken'>): SimAdmin {
  return async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    const response = await request(`${sim.url}/__admin${path}`, {
      method,
      headers: { 'x-admin-token': sim.adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.body.json()) as T;
    if (response.statusCode >= 300) throw new Error(`admin ${method} ${path}: ${JSON.stringify(json)}`);
    return json;
  };
}
