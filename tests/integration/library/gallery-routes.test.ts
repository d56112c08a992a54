// The gallery's routes against a real studio core: boards, characters, facets, sort order, bulk
// changes, deletion with undo (web mode and the desktop's trash) and exports with the recipe inside.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetView } from '../../../src/shared/contract';
import { insertAsset, LibraryDatabase, type NewAsset } from '../../../src/main/core/library';
import { libraryDatabasePath } from '../../../src/main/core/library/library-service';
import { readPngText, RECIPE_KEYWORD } from '../../../src/main/core/library/png-recipe';
import type { Studio } from '../../../src/main/core/studio';
import { FolderDesktop } from '../../helpers/folder-desktop';
import { callRoute, createTestStudio, until } from '../../helpers/studio';
import { VirtualClock } from '../../helpers/virtual-clock';

const studios: Studio[] = [];
afterEach(async () => {
  for (const studio of studios.splice(0)) await studio.stop();
});

const day = Date.UTC(2026, 2, 3, 12);

/** A library with real files: three images (a fox, a cat mentioning @luna, a Chinese fox) and a video. */
async function studioWith(options: { desktop?: FolderDesktop; undoWindowMs?: number; clock?: VirtualClock } = {}) {
  const libraryDir = mkdtempSync(join(tmpdir(), 'atelier-gallery-'));
  mkdirSync(join(libraryDir, '2026/03/03'), { recursive: true });
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#4f3fd0' } })
    .png()
    .toBuffer();
  const db = LibraryDatabase.open(libraryDatabasePath(libraryDir));
  const add = (id: string, extra: Partial<NewAsset>): void => {
    const ext = extra.mime === 'video/mp4' ? 'mp4' : extra.mime === 'image/jpeg' ? 'jpg' : 'png';
    writeFileSync(join(libraryDir, `2026/03/03/${id}.${ext}`), ext === 'png' ? png : Buffer.from(`${id} bytes`));
    writeFileSync(join(libraryDir, `2026/03/03/${id}.json`), '{}');
    insertAsset(db, {
      id,
      kind: 'image',
      filePath: `2026/03/03/${id}.${ext}`,
      mime: 'image/png',
      bytes: 10,
      width: 8,
      height: 6,
      sha256: createHash('sha256').update(id).digest('hex'),
      model: 'gen-image-2',
      prompt: '',
      request: { model: 'gen-image-2' },
      ...extra,
    });
  };
  add('fox', { prompt: 'a red fox in the snow', createdAt: day, tags: ['winter'] });
  add('cat', { prompt: 'a cat with @Luna on a roof', model: 'nova-3-pro-image', createdAt: day + 1000 });
  add('zhfox', { prompt: '雪中的狐狸 @luna', createdAt: day + 2000, favourite: true, mime: 'image/jpeg' });
  add('clip', { prompt: 'a fox running', kind: 'video', mime: 'video/mp4', durationMs: 4000, model: 'vid-2', createdAt: day + 3000 });
  db.close();
  const { studio } = await createTestStudio({
    libraryDir,
    ...(options.desktop ? { desktop: options.desktop } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    undoWindowMs: options.undoWindowMs ?? 60_000,
  });
  studios.push(studio);
  const events: { name: string; payload: unknown }[] = [];
  studio.bus.subscribe((name, payload) => events.push({ name, payload }));
  const ids = async (filter: object): Promise<string[]> =>
    (await callRoute<{ items: AssetView[] }>(studio, 'library.list_assets', filter)).items.map((a) => a.id);
  return { studio, libraryDir, events, ids };
}

describe('boards, characters and facets', () => {
  it('puts items on boards, filters by board and character, and counts every facet', async () => {
    const { studio, ids } = await studioWith();
    const board = await callRoute<{ id: string }>(studio, 'library.create_board', { name: '  Client   A ' });
    await expect(studio.router.dispatch('library.create_board', { name: 'client a' })).resolves.toMatchObject({
      ok: false,
      error: { reason: 'board_name_taken' },
    });
    const other = await callRoute<{ id: string }>(studio, 'library.create_board', { name: 'Moodboard' });
    const added = await callRoute<{ board: { count: number }; assets: AssetView[] }>(studio, 'library.add_to_board', {
      boardId: board.id,
      ids: ['fox', 'zhfox', 'missing'],
    });
    expect(added.board.count).toBe(2);
    await callRoute(studio, 'library.add_to_board', { boardId: other.id, ids: ['fox'] });
    expect(added.assets.find((a) => a.id === 'fox')?.boardIds).toEqual([board.id]);

    expect(await ids({ boardId: board.id })).toEqual(['zhfox', 'fox']);
    // Mentions match without the @ and whatever the case.
    expect(await ids({ character: '@LUNA' })).toEqual(['zhfox', 'cat']);
    expect(await ids({ order: 'oldest' })).toEqual(['fox', 'cat', 'zhfox', 'clip']);

    const facets = await callRoute<Record<string, unknown>>(studio, 'library.count_facets', { kind: 'image', boardId: board.id, since: [day + 1500, day - 1] });
    expect(facets).toMatchObject({
      total: 2,
      kinds: { image: 2, video: 0 },
      boards: [
        { name: 'Client A', count: 2 },
        { name: 'Moodboard', count: 1 },
      ],
      characters: [{ username: 'luna', count: 1 }],
      since: [
        { from: day + 1500, count: 1 },
        { from: day - 1, count: 2 },
      ],
    });
    await callRoute(studio, 'library.remove_from_board', { boardId: board.id, ids: ['fox'] });
    expect(await ids({ boardId: board.id })).toEqual(['zhfox']);
    await callRoute(studio, 'library.delete_board', { id: board.id });
    expect((await callRoute<{ boardIds: string[] }>(studio, 'library.get_asset', { id: 'zhfox' })).boardIds).toEqual([]);
    await expect(studio.router.dispatch('library.rename_board', { id: board.id, name: 'x' })).resolves.toMatchObject({
      ok: false,
      error: { reason: 'board_not_found' },
    });
  });

  it("favourites and tags a selection at once, keeping each item's other tags, and tells other windows", async () => {
    const { studio, ids, events } = await studioWith();
    await callRoute(studio, 'library.set_favourites', { ids: ['fox', 'cat'], favourite: true });
    expect(await ids({ favourite: true })).toEqual(['zhfox', 'cat', 'fox']);
    const tagged = await callRoute<AssetView[]>(studio, 'library.tag_assets', { ids: ['fox', 'cat'], add: ['Client-B'], remove: ['winter'] });
    expect(tagged.map((a) => [a.id, a.tags])).toEqual([
      ['fox', ['client-b']],
      ['cat', ['client-b']],
    ]);
    expect(events.filter((e) => e.name === 'library.changed')).toHaveLength(2);
  });
});

// The undo window passes on a virtual clock: its end is checked to the millisecond, without waiting for it.
describe('delete and undo', () => {
  it('in web mode: files wait in the library trash, undo brings items back whole, and after the window they stay in .trash', async () => {
    const clock = new VirtualClock();
    const { studio, libraryDir, ids, events } = await studioWith({ clock, undoWindowMs: 30_000 });
    const board = await callRoute<{ id: string }>(studio, 'library.create_board', { name: 'Keep' });
    await callRoute(studio, 'library.add_to_board', { boardId: board.id, ids: ['zhfox'] });
    const first = await callRoute<{ deletionId: string; deleted: string[]; failed: unknown[] }>(studio, 'library.delete_assets', { ids: ['zhfox', 'nope'] });
    expect(first.deleted).toEqual(['zhfox']);
    expect(first.failed).toMatchObject([{ id: 'nope', error: { reason: 'asset_not_found' } }]);
    expect(await ids({})).not.toContain('zhfox');
    expect(existsSync(join(libraryDir, '2026/03/03/zhfox.jpg'))).toBe(false);
    expect(existsSync(join(libraryDir, `.trash/${first.deletionId}/2026/03/03/zhfox.jpg`))).toBe(true);
    expect(events.find((e) => e.name === 'library.removed')?.payload).toEqual({ ids: ['zhfox'] });

    const undone = await callRoute<{ restored: AssetView[] }>(studio, 'library.undo_delete', { deletionId: first.deletionId });
    expect(undone.restored[0]).toMatchObject({ id: 'zhfox', favourite: true, boardIds: [board.id], prompt: '雪中的狐狸 @luna' });
    expect(existsSync(join(libraryDir, '2026/03/03/zhfox.jpg'))).toBe(true);
    expect(await ids({ character: 'luna' })).toEqual(['zhfox', 'cat']);

    const second = await callRoute<{ deletionId: string; undoUntil: number }>(studio, 'library.delete_assets', { ids: ['fox'] });
    const third = await callRoute<{ deletionId: string; undoUntil: number }>(studio, 'library.delete_assets', { ids: ['cat'] });
    expect([second.undoUntil, third.undoUntil]).toEqual([clock.now() + 30_000, clock.now() + 30_000]);
    // A millisecond before the window ends, a deletion can still be undone.
    await clock.advance(29_999);
    await expect(callRoute(studio, 'library.undo_delete', { deletionId: third.deletionId })).resolves.toMatchObject({ restored: [{ id: 'cat' }] });
    await clock.advance(1);
    await expect(studio.router.dispatch('library.undo_delete', { deletionId: second.deletionId })).resolves.toMatchObject({
      ok: false,
      error: { reason: 'deletion_not_found' },
    });
    expect(await ids({})).toEqual(expect.arrayContaining(['cat', 'zhfox']));
    expect(await ids({})).not.toContain('fox');
    // Web mode has no system trash: the files stay in the library's own trash folder.
    expect(existsSync(join(libraryDir, `.trash/${second.deletionId}/2026/03/03/fox.png`))).toBe(true);
    expect(existsSync(join(libraryDir, `.trash/${second.deletionId}/2026/03/03/fox.json`))).toBe(true);
  });

  it('in the desktop app: after the window the files go to the system trash', async () => {
    const desktop = new FolderDesktop();
    const clock = new VirtualClock();
    const { studio, libraryDir } = await studioWith({ desktop, clock, undoWindowMs: 30_000 });
    const deletion = await callRoute<{ deletionId: string }>(studio, 'library.delete_assets', { ids: ['fox', 'clip'] });
    await clock.advance(29_999);
    expect(readdirSync(desktop.trashDir)).toEqual([]);
    await clock.advance(1);
    // Time is up; the moves to the system trash are real file operations, waited for as such.
    await until(
      () => readdirSync(desktop.trashDir).sort(),
      (names) => names.length === 4,
      'the files in the system trash',
    );
    expect(readdirSync(desktop.trashDir).sort()).toEqual(['clip.json', 'clip.mp4', 'fox.json', 'fox.png']);
    await until(
      () => existsSync(join(libraryDir, `.trash/${deletion.deletionId}`)),
      (there) => !there,
      'the trash folder to empty',
    );
    // A deletion still in its window when the studio stops leaves no timer running behind it.
    await callRoute(studio, 'library.delete_assets', { ids: ['cat'] });
    expect(clock.pendingTimers).toBeGreaterThan(0);
    await studio.stop();
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('exports with the recipe inside', () => {
  it('writes one PNG with its recipe in a text chunk, and a ZIP with sidecars for anything else', async () => {
    const { studio, libraryDir } = await studioWith();
    const single = await callRoute<{ path: string; fileName: string; items: number }>(studio, 'library.export_assets', { ids: ['fox'] });
    expect(single.fileName).toMatch(/^a-red-fox-in-the-snow-fox\.png$/);
    const texts = readPngText(readFileSync(join(libraryDir, single.path)));
    expect(JSON.parse(texts[RECIPE_KEYWORD] ?? '{}')).toMatchObject({ id: 'fox', prompt: 'a red fox in the snow', model: 'gen-image-2' });
    expect(texts.Description).toBe('a red fox in the snow');

    const many = await callRoute<{ path: string; fileName: string; items: number }>(studio, 'library.export_assets', { ids: ['zhfox', 'clip', 'fox'] });
    expect(many).toMatchObject({ items: 3, fileName: expect.stringMatching(/^atelier-\d{4}-\d{2}-\d{2}-3-items\.zip$/) as unknown });
    const zip = readFileSync(join(libraryDir, many.path)).toString('latin1');
    for (const name of [
      '雪中的狐狸-luna-zhfox.jpg',
      '雪中的狐狸-luna-zhfox.json',
      'a-fox-running-clip.mp4',
      'a-fox-running-clip.json',
      'a-red-fox-in-the-snow-fox.png',
    ]) {
      expect(zip).toContain(Buffer.from(name, 'utf8').toString('latin1'));
    }
    // Served like any library file, so either transport can hand it to the browser.
    await expect(studio.router.dispatch('library.export_assets', { ids: ['gone'] })).resolves.toMatchObject({
      ok: false,
      error: { reason: 'asset_not_found' },
    });
  });
});
