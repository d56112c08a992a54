/**
 * A real simulator on loopback plus thin HTTP helpers for the conformance tests:
 * `call` (any route, with the demo key unless told otherwise), `admin` (the `/__admin` API),
 * `sse` (a streamed answer split into events with an established SSE parser).
 */
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { EventSourceMessage } from 'eventsource-parser';
import { startSimulator } from '../../../src/simulator/server';
import type { RunningSimulator, SimulatorOptions } from '../../../src/simulator/server';

const FAST_TIMING = { image: 300, video: 300, character: 300, textChunk: 0 };

interface CallOptions {
  method?: string;
  /** API key for `Authorization: Bearer`; null sends no Authorization header. */
  key?: string | null;
  body?: unknown;
  /** Raw body text (sent as JSON content type), for malformed-body cases. */
  rawBody?: string;
  headers?: Record<string, string>;
}

interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export interface SimHarness {
  sim: RunningSimulator;
  call(path: string, options?: CallOptions): Promise<CallResult>;
  /** Call a route and return the parsed JSON body typed as `T` (asserting nothing). */
  json<T = Record<string, unknown>>(path: string, options?: CallOptions): Promise<T>;
  admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** Create a key of the demo user through the admin API. */
  createKey(fields?: Record<string, unknown>): Promise<{ key: string; token: Record<string, unknown> }>;
  /** POST `body` to `path` and collect the Server-Sent Events of the answer. */
  sse(path: string, body: unknown, options?: CallOptions): Promise<{ status: number; events: EventSourceMessage[]; comments: string[] }>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

function buildRequest(sim: RunningSimulator, options: CallOptions): RequestInit {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? sim.demoKey : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  return { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, ...(body === undefined ? {} : { body }) };
}

export async function startHarness(options: SimulatorOptions = {}): Promise<SimHarness> {
  const sim = await startSimulator({ timing: FAST_TIMING, ...options });

  const call = async (path: string, callOptions: CallOptions = {}): Promise<CallResult> => {
    const response = await fetch(`${sim.url}${path}`, buildRequest(sim, callOptions));
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };

  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${sim.url}/__admin${path}`, {
      method,
      headers: { 'x-admin-token': sim.adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`admin ${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };

  return {
    sim,
    call,
    json: async <T>(path: string, callOptions?: CallOptions) => (await call(path, callOptions)).json as T,
    admin,
    createKey: (fields = {}) => admin('POST', '/keys', fields),
    sse: async (path, body, callOptions = {}) => {
      const response = await fetch(`${sim.url}${path}`, buildRequest(sim, { ...callOptions, body }));
      const events: EventSourceMessage[] = [];
      const comments: string[] = [];
      const parser = createParser({
        onEvent: (event) => events.push(event),
        onComment: (comment) => comments.push(comment),
      });
      parser.feed(await response.text());
      return { status: response.status, events, comments };
    },
    reset: async () => {
      await admin('POST', '/reset');
    },
    close: () => sim.close(),
  };
}

/**
 * One simulator for the whole test file: started before all its tests, reset before each test
 * (unless `resetBeforeEach` is false) and closed after all. Call it at the top of the file; the
 * returned harness can be used from inside tests and hooks.
 */
export function harnessForFile(options: SimulatorOptions = {}, { resetBeforeEach = true } = {}): SimHarness {
  let started: SimHarness | undefined;
  const current = (): SimHarness => {
    if (started === undefined) throw new Error('the simulator is not running: use the harness inside tests or hooks');
    return started;
  };
  beforeAll(async () => {
    started = await startHarness(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  if (resetBeforeEach) {
    beforeEach(async () => {
      await current().reset();
    });
  }
  return {
    get sim() {
      return current().sim;
    },
    call: (path, callOptions) => current().call(path, callOptions),
    json: <T>(path: string, callOptions?: CallOptions) => current().json<T>(path, callOptions),
    admin: <T>(method: string, path: string, body?: unknown) => current().admin<T>(method, path, body),
    createKey: (fields) => current().createKey(fields),
    sse: (path, body, callOptions) => current().sse(path, body, callOptions),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/** The `error` object of a relay-shaped error body. */
export function relayError(json: unknown): { message: string; type: string; code: unknown; param: unknown } {
  return (json as { error: { message: string; type: string; code: unknown; param: unknown } }).error;
}
