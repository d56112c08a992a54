/**
 * Helpers of the media conformance tests: a simulator with short task durations on a virtual
 * clock (polling moves it on, so tasks take no real time), JSON calls over real loopback HTTP,
 * uploads, polling, and readers of real result files.
 */
import sharp from 'sharp';
import { startSimulator } from '../../../src/simulator/server';
import type { RunningSimulator } from '../../../src/simulator/server';
import type { SimulatorOptions } from '../../../src/simulator/options';
import { VirtualClock } from '../../helpers/virtual-clock';

/** A JSON value from a response; read fields with `at`. */
export type Json = Record<string, unknown>;

/** The value at a dotted path (`result.data.0.url`), or undefined. */
export function at(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** The string at a path; throws (failing the test) when it is not a string. */
export function text(value: unknown, path: string): string {
  const found = at(value, path);
  if (typeof found !== 'string') throw new Error(`expected a string at ${path}, got ${JSON.stringify(found)}`);
  return found;
}

export interface JsonResponse {
  status: number;
  body: Json;
  headers: Headers;
}

/** Short durations so whole life cycles fit in a test. */
const TEST_TIMING = { image: 300, video: 400, character: 300 };

/** Between two polls, time moves on this much. */
const POLL_STEP_MS = 50;

export class MediaSim {
  constructor(
    readonly sim: RunningSimulator,
    readonly key: string,
    /** The simulator's time, which only polling (and `wait`) moves on. */
    readonly clock: VirtualClock,
  ) {}

  /** A simulator on `clock`: a fresh one starting now, unless a test shares one across restarts. */
  static async start(options: SimulatorOptions = {}, clock: VirtualClock = new VirtualClock(Date.now())): Promise<MediaSim> {
    // These tests look at what the results show: real rendering, whatever the run's default.
    const sim = await startSimulator({ timing: TEST_TIMING, media: 'rendered', clock: () => clock.now(), ...options });
    return new MediaSim(sim, sim.demoKey, clock);
  }

  /**
   * A simulator whose videos have the size, length and sound asked for but nothing drawn (fixture
   * media, each clip encoded once a run), for tests that read a video's container rather than its
   * frames: rendering and encoding every frame was most of their time.
   */
  static startWithFixtureVideos(): Promise<MediaSim> {
    return MediaSim.start({ media: 'fixture' });
  }

  /** Lets `ms` of the simulator's time pass, at once. */
  wait(ms: number): Promise<void> {
    return this.clock.advance(ms);
  }

  get url(): string {
    return this.sim.url;
  }

  close(): Promise<void> {
    return this.sim.close();
  }

  async request(method: string, path: string, body?: unknown, key: string | null = this.key): Promise<JsonResponse> {
    const headers: Record<string, string> = {};
    if (key !== null) headers.authorization = `Bearer ${key}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Json), headers: response.headers };
  }

  post(path: string, body: unknown, key?: string | null): Promise<JsonResponse> {
    return this.request('POST', path, body, key);
  }

  get(path: string, key?: string | null): Promise<JsonResponse> {
    return this.request('GET', path, undefined, key);
  }

  async admin(method: string, path: string, body?: unknown): Promise<Json> {
    const withBody = method !== 'GET' && method !== 'HEAD';
    const response = await fetch(`${this.url}/__admin${path}`, {
      method,
      headers: { 'x-admin-token': this.sim.adminToken, ...(withBody ? { 'content-type': 'application/json' } : {}) },
      ...(withBody ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    return (await response.json()) as Json;
  }

  /** Adds a fault rule through the admin API. */
  fault(rule: Json): Promise<Json> {
    return this.admin('POST', '/faults', rule);
  }

  /** Moves the simulator's clock forward. */
  advanceClock(ms: number): Promise<Json> {
    return this.admin('POST', '/clock', { advanceMs: ms });
  }

  /** A second key of a new user (another account). */
  async otherAccountKey(): Promise<string> {
    const created = await this.admin('POST', '/users', { quota_credits: 10_000 });
    const minted = await this.admin('POST', '/keys', { user_id: at(created, 'user.id'), remain_credits: 10_000 });
    return text(minted, 'key');
  }

  /** Uploads bytes through `POST /v1/uploads/images`. */
  async upload(bytes: Buffer, filename = 'image.png', type = 'application/octet-stream', purpose?: string): Promise<JsonResponse> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
    if (purpose !== undefined) form.append('purpose', purpose);
    const response = await fetch(`${this.url}/v1/uploads/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.key}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
  }

  /** Uploads an image and returns its URL (fails the test when the upload fails). */
  async uploadUrl(bytes: Buffer): Promise<string> {
    const uploaded = await this.upload(bytes);
    if (uploaded.status !== 200) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
    return text(uploaded.body, 'data.url');
  }

  /** Polls `path` until `done(body)` (every 50 ms of the simulator's time, at most `timeoutMs`). Returns every body seen. */
  async pollUntil(path: string, done: (body: Json) => boolean, timeoutMs = 10_000): Promise<Json[]> {
    const seen: Json[] = [];
    const deadline = this.clock.now() + timeoutMs;
    for (;;) {
      const { body } = await this.get(path);
      seen.push(body);
      if (done(body)) return seen;
      if (this.clock.now() > deadline) throw new Error(`polling ${path} timed out; last: ${JSON.stringify(body)}`);
      await this.wait(POLL_STEP_MS);
    }
  }
}

/** Terminal generation task states. */
export const finished = (body: Json): boolean => body.status === 'completed' || body.status === 'failed';

/** Downloads a URL: status, content type, declared length and bytes. */
export async function download(url: string): Promise<{ status: number; type: string | null; length: number; bytes: Buffer }> {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    length: Number(response.headers.get('content-length')),
    bytes,
  };
}

/** A solid PNG (with alpha when asked) of the given size. */
export function png(width: number, height: number, alpha = false): Promise<Buffer> {
  const background = alpha ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 90, g: 120, b: 200 };
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background } })
    .png()
    .toBuffer();
}

/** A JPEG, WebP or GIF of the given size. */
export function encoded(format: 'jpeg' | 'webp' | 'gif', width: number, height: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  return image.toFormat(format).toBuffer();
}

/** Pixel size and format of image bytes. */
export async function imageFacts(bytes: Buffer): Promise<{ format: string | undefined; width: number; height: number }> {
  const metadata = await sharp(bytes).metadata();
  return { format: metadata.format, width: metadata.width, height: metadata.height };
}

/**
 * Width and height of the first video track of an MP4, read from its `tkhd` box
 * (moov > trak > tkhd; width and height are 16.16 fixed point in the box's last 8 bytes).
 */
export function mp4VideoSize(bytes: Buffer): { width: number; height: number } | undefined {
  const containers = new Set(['moov', 'trak']);
  const walk = (start: number, end: number): { width: number; height: number } | undefined => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = bytes.readUInt32BE(offset);
      const type = bytes.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1) {
        size = Number(bytes.readBigUInt64BE(offset + 8));
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header || offset + size > end) return undefined;
      if (type === 'tkhd') {
        const boxEnd = offset + size;
        const width = bytes.readUInt32BE(boxEnd - 8) / 65536;
        const height = bytes.readUInt32BE(boxEnd - 4) / 65536;
        if (width > 0 && height > 0) return { width, height };
      } else if (containers.has(type)) {
        const found = walk(offset + header, offset + size);
        if (found) return found;
      }
      offset += size;
    }
    return undefined;
  };
  return walk(0, bytes.length);
}

/** Whether bytes start like an MP4 (an `ftyp` box first). */
export function isMp4(bytes: Buffer): boolean {
  return bytes.length > 12 && bytes.toString('latin1', 4, 8) === 'ftyp';
}

/** A noisy PNG that does not compress: about 2.9MB for 1000x1000 (over the 2MB reference limits). */
export function noisyPng(width = 1000, height = 1000): Promise<Buffer> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 50 };
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 }, noise } })
    .png()
    .toBuffer();
}

/** Decodes the `b64_json` of a direct result item and reads its format and size. */
export function b64Facts(item: unknown): Promise<{ format: string | undefined; width: number; height: number }> {
  return imageFacts(Buffer.from(text(item, 'b64_json'), 'base64'));
}

/** Downloads a video and returns its pixel size after checking it is a served MP4. */
export async function videoAt(url: string): Promise<{ width: number; height: number } | undefined> {
  const file = await download(url);
  if (file.status !== 200 || file.type !== 'video/mp4' || file.length !== file.bytes.length || !isMp4(file.bytes)) {
    throw new Error(`${url} is not a served MP4 (status ${file.status}, type ${file.type})`);
  }
  return mp4VideoSize(file.bytes);
}
