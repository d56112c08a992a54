/**
 * Byte ranges on the files the demo gateway serves (`GET /files/{name}` and the video content
 * route), so a player can seek and an interrupted download can resume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSim, finished, noisyPng, text } from './media-harness';

let sim: MediaSim;
let url: string;
let whole: Buffer;

beforeAll(async () => {
  sim = await MediaSim.start();
  whole = await noisyPng(200, 200);
  url = await sim.uploadUrl(whole);
});
afterAll(() => sim.close());

async function ranged(address: string, range: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(address, { headers: { range, ...headers } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('range requests on served files', () => {
  it('a whole file says it accepts ranges', async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer()).equals(whole)).toBe(true);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(head.headers.get('content-length')).toBe(String(whole.length));
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-', 1000, -1],
    ['bytes=-250', -250, -1],
    ['bytes=10-20, 15-40', 10, 40],
  ])('%s answers 206 with exactly those bytes', async (range, start, end) => {
    const first = start < 0 ? whole.length + start : start;
    const last = end < 0 ? whole.length - 1 : end;
    const answer = await ranged(url, range);
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe(`bytes ${first}-${last}/${whole.length}`);
    expect(answer.headers.get('content-length')).toBe(String(last - first + 1));
    expect(answer.bytes.equals(whole.subarray(first, last + 1))).toBe(true);
  });

  it('a range past the end is 416 with the length; a range in another unit gets the whole file', async () => {
    const beyond = await ranged(url, `bytes=${whole.length + 10}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    const other = await ranged(url, 'items=0-5');
    expect(other.status).toBe(200);
    expect(other.bytes.equals(whole)).toBe(true);
  });

  it('the video content route serves ranges too', async () => {
    const submitted = await sim.post('/v1/videos/generations', { model: 'clip-3.0-turbo', prompt: 'a kite', duration: 3 });
    const id = text(submitted.body, 'id');
    await sim.pollUntil(`/v1/videos/generations/${id}`, finished);
    const content = `${sim.url}/v1/videos/${id}/content`;
    const auth = { authorization: `Bearer ${sim.key}` };
    const full = Buffer.from(await (await fetch(content, { headers: auth })).arrayBuffer());
    const tail = await ranged(content, 'bytes=-1000', auth);
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(full.subarray(full.length - 1000))).toBe(true);
  });
});
