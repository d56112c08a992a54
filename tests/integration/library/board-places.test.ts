// Boards as places (order, cover, rename), smart boards that keep up with the library, the check a
// window uses to place a new result in a searched list, and a video's frame kept as an image.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetFacets, AssetView, BoardView } from '../../../src/shared/contract';
import { insertAsset, LibraryDatabase, type NewAsset } from '../../../src/main/core/library';
import { libraryDatabaseFile } from '../../../src/main/core/library/database-location';
import { libraryDatabasePath } from '../../../src/main/core/library/library-service';
import { MediaInspector } from '../../../src/main/core/media/media-inspector';
import type { Studio } from '../../../src/main/core/studio';
import { callRoute, createTestStudio } from '../../helpers/studio';
import { makeVideo } from '../../helpers/video-probe';

const studios: Studio[] = [];
afterEach(async () => {
  for (const studio of studios.splice(0)) await studio.stop();
});

const day = Date.UTC(2026, 2, 3, 12);
const folder = '2026/03/03';

/** A library of a fox, a cat and a Chinese fox (images) and a two-second video: red for a second, then blue. */
async function studioWith(video?: Buffer) {
  const libraryDir = mkdtempSync(join(tmpdir(), 'atelier-boards-'));
  mkdirSync(join(libraryDir, folder), { recursive: true });
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#4f3fd0' } })
    .png()
    .toBuffer();
  const db = LibraryDatabase.open(libraryDatabasePath(libraryDir));
  const add = (id: string, extra: Partial<NewAsset>): void => {
    writeFileSync(join(libraryDir, `${folder}/${id}.png`), png);
    insertAsset(db, {
      id,
      kind: 'image',
      filePath: `${folder}/${id}.png`,
      mime: 'image/png',
      bytes: png.length,
      width: 8,
      height: 6,
      sha256: createHash('sha256').update(id).digest('hex'),
      model: 'gen-image-2',
      prompt: '',
      request: { model: 'gen-image-2' },
      ...extra,
    });
  };
  add('fox', { prompt: 'a red fox in the snow', createdAt: day, tags: ['winter'], thumbPath: `.thumbs/${folder}/fox.webp` });
  add('cat', { prompt: 'a cat on a roof', model: 'nova-3-pro-image', createdAt: day + 1000 });
  add('zhfox', { prompt: '雪中的狐狸 fox', createdAt: day + 2000, favourite: true });
  if (video !== undefined) {
    writeFileSync(join(libraryDir, `${folder}/clip.mp4`), video);
    insertAsset(db, {
      id: 'clip',
      kind: 'video',
      filePath: `${folder}/clip.mp4`,
      mime: 'video/mp4',
      bytes: 1,
      width: 160,
      height: 90,
      durationMs: 2000,
      sha256: 'c'.repeat(64),
      model: 'vid-2',
      prompt: 'a red then blue film',
      request: {},
      createdAt: day + 3000,
    });
  }
  db.close();
  const { studio, dataDir } = await createTestStudio({ libraryDir });
  studios.push(studio);
  const events: { name: string; payload: unknown }[] = [];
  studio.bus.subscribe((name, payload) => events.push({ name, payload }));
  const ids = async (filter: object): Promise<string[]> =>
    (await callRoute<{ items: AssetView[] }>(studio, 'library.list_assets', filter)).items.map((a) => a.id);
  /** A new result, as a finished download would add it (straight into the open database). */
  const arrive = (id: string, prompt: string): void => {
    // The database the running studio has open, in its data folder (WAL: both connections see each other's rows).
    const extra = LibraryDatabase.open(libraryDatabaseFile(dataDir, libraryDir));
    insertAsset(extra, {
      id,
      kind: 'image',
      filePath: `${folder}/${id}.png`,
      mime: 'image/png',
      bytes: 1,
      sha256: createHash('sha256').update(`${id}-1`).digest('hex'),
      model: 'gen-image-2',
      prompt,
      request: {},
      createdAt: day + 9000,
    });
    extra.close();
  };
  return { studio, events, ids, arrive };
}

describe('boards as places', () => {
  it("keeps the order the artist gives, with each board's count and cover; renaming and deleting leave the results", async () => {
    const { studio, events, ids } = await studioWith();
    const zebra = await callRoute<BoardView>(studio, 'library.create_board', { name: 'Zebra' });
    const apple = await callRoute<BoardView>(studio, 'library.create_board', { name: 'Apple' });
    // New boards go last, not by name.
    expect((await callRoute<BoardView[]>(studio, 'library.list_boards', {})).map((b) => b.name)).toEqual(['Zebra', 'Apple']);
    await callRoute(studio, 'library.add_to_board', { boardId: zebra.id, ids: ['fox', 'cat'] });
    const boards = await callRoute<BoardView[]>(studio, 'library.reorder_boards', { ids: [apple.id] });
    expect(boards.map((b) => [b.name, b.count, b.coverPath, b.filter])).toEqual([
      ['Apple', 0, null, null],
      // The newest item's picture is the cover (the cat has no thumbnail: its file).
      ['Zebra', 2, `${folder}/cat.png`, null],
    ]);
    expect(events.filter((e) => e.name === 'library.boards_changed').at(-1)?.payload).toEqual(boards);
    const facets = await callRoute<AssetFacets>(studio, 'library.count_facets', {});
    expect(facets.boards.map((b) => b.name)).toEqual(['Apple', 'Zebra']);

    await callRoute(studio, 'library.rename_board', { id: zebra.id, name: 'Zebras 斑马' });
    expect((await callRoute<BoardView[]>(studio, 'library.list_boards', {})).map((b) => b.name)).toEqual(['Apple', 'Zebras 斑马']);
    await callRoute(studio, 'library.delete_board', { id: zebra.id });
    expect(await ids({})).toEqual(['zhfox', 'cat', 'fox']);
  });
});

describe('smart boards', () => {
  it('show what their saved search finds, narrowed by the rest of the filter, and gain new matching results', async () => {
    const { studio, ids, arrive } = await studioWith();
    const foxes = await callRoute<BoardView>(studio, 'library.create_smart_board', { name: 'Foxes', filter: { text: 'fox', kind: 'image' } });
    expect(foxes).toMatchObject({ name: 'Foxes', count: 2, filter: { text: 'fox', kind: 'image' } });
    expect(await ids({ boardId: foxes.id })).toEqual(['zhfox', 'fox']);
    expect(await ids({ boardId: foxes.id, favourite: true })).toEqual(['zhfox']);

    arrive('newfox', 'a fox at dusk');
    arrive('newcat', 'a cat at dusk');
    expect(await ids({ boardId: foxes.id })).toEqual(['newfox', 'zhfox', 'fox']);
    const [board] = await callRoute<BoardView[]>(studio, 'library.list_boards', {});
    expect(board).toMatchObject({ count: 3, coverPath: `${folder}/newfox.png` });
    // The filter panel counts a smart board as what matches both it and the rest of the filter.
    const facets = await callRoute<AssetFacets>(studio, 'library.count_facets', { text: 'dusk' });
    expect(facets.boards).toEqual([{ id: foxes.id, name: 'Foxes', count: 1 }]);

    // A smart board within another: foxes that are favourites.
    const favourites = await callRoute<BoardView>(studio, 'library.create_smart_board', { name: 'Best foxes', filter: { boardId: foxes.id, favourite: true } });
    expect(await ids({ boardId: favourites.id })).toEqual(['zhfox']);
  });

  it('refuse results put on them by hand, in words', async () => {
    const { studio } = await studioWith();
    const smart = await callRoute<BoardView>(studio, 'library.create_smart_board', { name: 'Cats', filter: { text: 'cat' } });
    const answer = await studio.router.dispatch('library.add_to_board', { boardId: smart.id, ids: ['fox'] });
    expect(answer).toMatchObject({ ok: false, error: { code: 'conflict', reason: 'board_is_smart' } });
  });
});

describe('placing a new result in a list only the library can decide', () => {
  it('answers which of the given results a search, a tag or a smart board shows', async () => {
    const { studio, arrive } = await studioWith();
    arrive('fresh', 'a snowy fox 狐狸');
    const match = async (filter: object, list: string[]) =>
      (await callRoute<{ ids: string[] }>(studio, 'library.match_assets', { filter, ids: list })).ids.sort();
    expect(await match({ text: 'fox' }, ['fresh', 'cat', 'gone'])).toEqual(['fresh']);
    expect(await match({ text: '狐狸' }, ['fresh', 'zhfox', 'fox'])).toEqual(['fresh', 'zhfox']);
    expect(await match({ tag: 'winter' }, ['fresh', 'fox'])).toEqual(['fox']);
    const smart = await callRoute<BoardView>(studio, 'library.create_smart_board', { name: 'Snow', filter: { text: 'snow' } });
    expect(await match({ boardId: smart.id }, ['fresh', 'fox', 'cat'])).toEqual(['fox', 'fresh']);
  });
});

describe('a frame of a video', () => {
  it('is kept as a PNG image of the moment asked for, said to every window, with the video it came from', async () => {
    // Red for a second, then blue.
    const clip = await makeVideo([
      ...['-filter_complex', 'color=c=red:s=160x90:r=10:d=1[a];color=c=blue:s=160x90:r=10:d=1[b];[a][b]concat=n=2:v=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ]);
    const { studio, events } = await studioWith(clip);
    const read = async (still: AssetView) => await sharp(join(studio.libraryRoot(), still.mediaPath)).raw().toBuffer({ resolveWithObject: true });

    const red = await callRoute<AssetView>(studio, 'library.grab_frame', { assetId: 'clip', atMs: 500 });
    expect(red).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      width: 160,
      height: 90,
      prompt: 'a red then blue film',
      model: 'vid-2',
      request: { frame_of: 'clip', frame_at_ms: 500 },
    });
    expect(red.thumbPath).not.toBeNull();
    const redPixels = await read(red);
    expect(redPixels.data[0]).toBeGreaterThan(240);
    expect(redPixels.data[2]).toBeLessThan(16);
    // Past the end: the last frame, which is blue.
    const blue = await read(await callRoute<AssetView>(studio, 'library.grab_frame', { assetId: 'clip', atMs: 60_000 }));
    expect(blue.data[2]).toBeGreaterThan(240);
    expect(events.filter((e) => e.name === 'library.added').map((e) => (e.payload as AssetView).id)).toContain(red.id);

    await expect(studio.router.dispatch('library.grab_frame', { assetId: 'fox', atMs: 0 })).resolves.toMatchObject({
      ok: false,
      error: { reason: 'frame_not_video' },
    });
    // Frame steps go by the file's own rate (10 frames a second here, not the usual 24).
    expect(await callRoute(studio, 'library.video_frame_rate', { id: 'clip' })).toEqual({ framesPerSecond: 10 });
    await expect(studio.router.dispatch('library.video_frame_rate', { id: 'fox' })).resolves.toMatchObject({ ok: false, error: { reason: 'frame_not_video' } });
  });

  it('a video says whether it has sound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-sound-'));
    const make = async (name: string, sound: boolean): Promise<string> => {
      const file = join(dir, name);
      const video = await makeVideo([
        ...['-f', 'lavfi', '-i', 'testsrc=s=64x48:r=5:d=1'],
        ...(sound ? ['-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'aac'] : []),
        ...['-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ]);
      writeFileSync(file, video);
      return file;
    };
    const inspector = new MediaInspector();
    expect(await inspector.probe(await make('sound.mp4', true), 'video')).toMatchObject({ hasAudio: true });
    expect(await inspector.probe(await make('silent.mp4', false), 'video')).toMatchObject({ hasAudio: false });
  });
});
