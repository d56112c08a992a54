/**
 * The web window's thumbnail loader against the real web server and studio (here beside the
 * other window code it imports): the tiles of one render go in one `/media-thumbnails` request, each shown through an object URL holding the bytes `/media`
 * serves, released when its tile leaves; a request whose tiles have all left is cancelled, and
 * pictures already fetched (the warm start's too) are shown again without asking.
 */
import { Blob as NodeBlob, resolveObjectURL } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Studio } from '../../src/main/core/studio';
import { startWebServer, type RunningWebServer } from '../../src/main/web/server';
import { batchedThumbnails } from '../../src/renderer/src/transport/batched-thumbnails';
import type { ThumbnailClaim } from '../../src/renderer/src/transport/thumbnail-loader';
import { THUMBNAILS_AT_ONCE } from '../../src/shared/contract/thumbnails';
import { createTestStudio } from '../helpers/studio';

let studio: Studio;
let server: RunningWebServer;
const FOLDER = '2026/12/01';
const PICTURES = 60;
const pathOf = (index: number): string => `${FOLDER}/p${String(index)}.thumb.webp`;

beforeAll(async () => {
  ({ studio } = await createTestStudio());
  server = await startWebServer({ studio });
  const folder = join(studio.libraryRoot(), FOLDER);
  mkdirSync(folder, { recursive: true });
  for (let index = 0; index < PICTURES; index++) {
    const picture = sharp({ create: { width: 16, height: 16, channels: 3, background: { r: index * 4, g: 80, b: 160 } } }).webp();
    writeFileSync(join(studio.libraryRoot(), pathOf(index)), await picture.toBuffer());
  }
  writeFileSync(join(folder, 'notes.txt'), 'text inside the library');
});
afterAll(async () => {
  await server.close();
  await studio.stop();
});

/**
 * A window's loader with the session a browser holds, and the requests it made (their paths and
 * whether they were cancelled); `held` keeps each request from the server until it settles.
 */
function windowLoader(held: Promise<void> = Promise.resolve()) {
  const requests: { paths: string[]; signal: AbortSignal | undefined; done: Promise<unknown> }[] = [];
  const fetchWithSession: typeof fetch = (url, init) => {
    const paths = new URL(url instanceof Request ? url.url : url).searchParams.getAll('path');
    const done = held.then(() => fetch(url, { ...init, headers: { authorization: `Bearer ${server.token}` } }));
    requests.push({ paths, signal: init?.signal ?? undefined, done: done.catch(() => undefined) });
    return done;
  };
  return { loader: batchedThumbnails({ baseUrl: server.url, fetch: fetchWithSession }), requests };
}

/** Asks as a tile does; resolves with the address it is shown. */
function tile(
  loader: ReturnType<typeof batchedThumbnails>,
  libraryPath: string,
): { shown: Promise<string>; claim: ThumbnailClaim; url: () => string | undefined } {
  let url: string | undefined;
  let claim: ThumbnailClaim | undefined;
  const shown = new Promise<string>((resolve) => {
    claim = loader.request(libraryPath, (given) => {
      url = given;
      resolve(given);
    });
  });
  if (!claim) throw new Error('no claim');
  return { shown, claim, url: () => url };
}

const bytesAt = async (objectUrl: string): Promise<Buffer> => {
  const blob = resolveObjectURL(objectUrl);
  if (!(blob instanceof NodeBlob)) throw new Error(`${objectUrl} holds nothing`);
  return Buffer.from(await blob.arrayBuffer());
};
const DATA_ADDRESS = /^data:image\/webp;base64,([\w+/=]+)#(.+)$/;
/** The bytes a first screen's `data:` address holds, checked to name its file. */
const bytesInline = (address: string, libraryPath: string): Buffer => {
  const [, base64, named] = DATA_ADDRESS.exec(address) ?? [];
  if (base64 === undefined || named === undefined) throw new Error(`${address.slice(0, 40)} is not a picture's address`);
  expect(decodeURIComponent(named)).toBe(libraryPath);
  return Buffer.from(base64, 'base64');
};
const servedAlone = async (libraryPath: string): Promise<Buffer> =>
  Buffer.from(await (await fetch(`${server.url}/media/${libraryPath}`, { headers: { authorization: `Bearer ${server.token}` } })).arrayBuffer());

describe('the web window’s thumbnails, a screen a request', () => {
  it('sends the tiles of one render in one request and shows each its own picture, a path refused at /media’s own address', async () => {
    const { loader, requests } = windowLoader();
    const asked = [pathOf(0), pathOf(1), `${FOLDER}/notes.txt`, pathOf(2)];
    const tiles = asked.map((path) => tile(loader, path));
    const shown = await Promise.all(tiles.map((each) => each.shown));
    expect(requests.map((request) => request.paths)).toEqual([asked]);
    for (const index of [0, 1, 3]) {
      expect(shown[index]).toMatch(/^blob:/);
      expect((await bytesAt(shown[index] ?? '')).equals(await servedAlone(asked[index] ?? ''))).toBe(true);
    }
    expect(shown[2]).toBe(`${server.url}/media/${FOLDER}/notes.txt`);
  });

  it('releases a tile’s object URL when the tile leaves', async () => {
    const { loader } = windowLoader();
    const one = tile(loader, pathOf(3));
    const url = await one.shown;
    expect(resolveObjectURL(url)).toBeInstanceOf(NodeBlob);
    one.claim.release();
    expect(resolveObjectURL(url)).toBeUndefined();
  });

  it('asks nothing for tiles that left before their screen was sent, and cancels a request whose tiles have all left', async () => {
    let answer = (): void => undefined;
    const { loader, requests } = windowLoader(new Promise<void>((resolve) => (answer = resolve)));
    const passing = [4, 5, 6].map((index) => tile(loader, pathOf(index)));
    for (const each of passing) each.claim.release();
    await Promise.resolve();
    expect(requests).toHaveLength(0);

    const flown = [7, 8, 9].map((index) => tile(loader, pathOf(index)));
    await expect.poll(() => requests.length).toBe(1);
    for (const each of flown) each.claim.release();
    expect(requests[0]?.signal?.aborted).toBe(true);
    answer();
    await requests[0]?.done;
    // Later tiles go in a request of their own; the ones that left were never shown anything.
    const next = tile(loader, pathOf(10));
    await next.shown;
    expect(requests.map((request) => request.paths)).toEqual([[pathOf(7), pathOf(8), pathOf(9)], [pathOf(10)]]);
    expect(flown.map((each) => each.url())).toEqual([undefined, undefined, undefined]);
  });

  it('keeps fetched pictures: a tile scrolled back to, or one the warm start fetched, is shown at once without a request', async () => {
    const { loader, requests } = windowLoader();
    const first = tile(loader, pathOf(11));
    await first.shown;
    first.claim.release();
    // The warm start's request goes at once, with no grid to wait for.
    loader.warm([pathOf(12), pathOf(13)]);
    expect(requests).toHaveLength(2);
    // A tile asking while the warm start's request is on its way waits for that one.
    const joined = tile(loader, pathOf(13));
    expect(bytesInline(await joined.shown, pathOf(13)).equals(await servedAlone(pathOf(13)))).toBe(true);
    joined.claim.release();
    const again = [11, 12, 13].map((index) => tile(loader, pathOf(index)));
    // Shown inside the request itself, from memory: the warm start's pictures through their `data:` addresses, as the first screen they are.
    expect(again.map((each) => each.url()?.slice(0, 5))).toEqual(['blob:', 'data:', 'data:']);
    expect((await bytesAt(again[0]?.url() ?? '')).equals(await servedAlone(pathOf(11)))).toBe(true);
    expect(bytesInline(again[1]?.url() ?? '', pathOf(12)).equals(await servedAlone(pathOf(12)))).toBe(true);
    expect(requests.map((request) => request.paths)).toEqual([[pathOf(11)], [pathOf(12), pathOf(13)]]);
  });

  it('sends a new first screen as soon as the grid has drawn it, through data: addresses, where other tiles wait for the grid to rest', async () => {
    const { loader, requests } = windowLoader();
    const resting = [16, 17].map((index) => tile(loader, pathOf(index)));
    expect(requests).toHaveLength(0);
    await Promise.all(resting.map((each) => each.shown));
    const screen = [18, 19, 20].map((index) => tile(loader, pathOf(index)));
    loader.sendWaiting();
    expect(requests.map((request) => request.paths)).toEqual([
      [pathOf(16), pathOf(17)],
      [pathOf(18), pathOf(19), pathOf(20)],
    ]);
    const shown = await Promise.all(screen.map((each) => each.shown));
    expect(bytesInline(shown[1] ?? '', pathOf(19)).equals(await servedAlone(pathOf(19)))).toBe(true);
    expect((await resting[0]?.shown)?.startsWith('blob:')).toBe(true);
    // Shown again later, from memory, through an object URL.
    resting.concat(screen).forEach((each) => each.claim.release());
    const later = tile(loader, pathOf(19));
    expect((await bytesAt(later.url() ?? '')).equals(await servedAlone(pathOf(19)))).toBe(true);
  });

  it('sends a tile that joined a request cancelled since (a first screen laid out again) in a request of its own', async () => {
    let answer = (): void => undefined;
    const { loader, requests } = windowLoader(new Promise<void>((resolve) => (answer = resolve)));
    const first = tile(loader, pathOf(21));
    loader.sendWaiting();
    const again = tile(loader, pathOf(21));
    first.claim.release();
    expect(requests[0]?.signal?.aborted).toBe(true);
    loader.sendWaiting();
    answer();
    expect(bytesInline(await again.shown, pathOf(21)).equals(await servedAlone(pathOf(21)))).toBe(true);
    expect(requests.map((request) => request.paths)).toEqual([[pathOf(21)], [pathOf(21)]]);
  });

  it('splits more tiles than one request may carry', async () => {
    const { loader, requests } = windowLoader();
    const many = Array.from({ length: PICTURES }, (_, index) => tile(loader, pathOf(index)));
    await Promise.all(many.map((each) => each.shown));
    expect(requests.map((request) => request.paths.length)).toEqual([THUMBNAILS_AT_ONCE, PICTURES - THUMBNAILS_AT_ONCE]);
    expect(new Set(many.map((each) => each.url())).size).toBe(PICTURES);
  });
});
