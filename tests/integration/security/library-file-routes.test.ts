/**
 * Every route that reads, hands out or moves a library file checks the file by its real path
 * (`resolveLibraryFile`), as `/media` does: a library folder from elsewhere may hold links, and a
 * row restored from its sidecars may name a file that is a link out of the library. The routes are
 * enumerated from the contract: each one that takes a library asset is either given a result
 * whose file leads out, and must refuse it, or is named below as touching no file.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { FolderDesktop } from '../../helpers/folder-desktop';
import { seedLibraryAssets } from '../../helpers/seed-assets';
import { createTestStudio } from '../../helpers/studio';

/** Input keys that name a library asset; in the library and desktop domains `id` and `ids` do too. */
const ASSET_KEYS = ['assetId', 'imageAssetId', 'fromAssetId'];
const ASSET_DOMAINS = ['library.', 'desktop.'];

/** Routes that take a library asset but touch no file of it (rows, boards, the gateway's addresses). */
const TOUCH_NO_FILE: Readonly<Record<string, string>> = {
  'library.get_asset': 'reads the row',
  'library.get_asset_detail': 'reads rows',
  'library.set_favourite': 'writes the row and its sidecar',
  'library.set_tags': 'writes the row and its sidecar',
  'library.set_favourites': 'writes rows and sidecars',
  'library.tag_assets': 'writes rows and sidecars',
  'library.rename_board': 'a board',
  'library.delete_board': 'a board',
  'library.reorder_boards': 'boards',
  'library.match_assets': 'rows',
  'library.add_to_board': 'rows',
  'library.remove_from_board': 'rows',
  'characters.create': "the video's gateway task or address, never its file",
};

/** Two ways out: a result file that is a link, and a result in a dated folder that is a link. */
const KINDS = {
  'a linked file': { image: 'linked-file-image', video: 'linked-file-video' },
  'a file in a linked folder': { image: 'linked-folder-image', video: 'linked-folder-video' },
};

/** What each file route is asked with; deletion comes last, as it takes the rows away. */
const READS_LIBRARY_FILES: Readonly<Record<string, (image: string, video: string) => unknown>> = {
  'library.grab_frame': (_, video) => ({ assetId: video, atMs: 0 }),
  'library.video_frame_rate': (_, video) => ({ id: video }),
  'library.export_assets': (image, video) => ({ ids: [image, video] }),
  'uploads.add_asset': (image) => ({ assetId: image }),
  'jobs.rerun_asset': (image) => ({ assetId: image, mode: 'vary' }),
  'assistant.start_reply': (image) => ({ model: 'chat-sonnet-4-6', action: 'describe', text: '', imageAssetId: image }),
  'desktop.reveal_asset': (image) => ({ id: image }),
  'desktop.start_drag': (image, video) => ({ ids: [image, video] }),
  'desktop.trash_assets': (image, video) => ({ ids: [image, video] }),
  'desktop.export_assets': (image, video) => ({ ids: [image, video] }),
  'library.delete_assets': (image, video) => ({ ids: [image, video] }),
};

let studio: Studio;
let desktop: FolderDesktop;
let outside: string;
let secretImage: Buffer;
const folders: string[] = [];

beforeAll(async () => {
  const libraryDir = mkdtempSync(join(tmpdir(), 'atelier-links-lib-'));
  outside = mkdtempSync(join(tmpdir(), 'atelier-links-outside-'));
  folders.push(libraryDir, outside);
  secretImage = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  writeFileSync(join(outside, 'secret.png'), secretImage);
  // An ISO media signature, so only the path check stands between the route and the file.
  writeFileSync(join(outside, 'secret.mp4'), Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypisom\0\0\0\0isom', 'latin1')]));
  mkdirSync(join(outside, 'folder/01'), { recursive: true });
  writeFileSync(join(outside, 'folder/01/seed-2.png'), secretImage);
  writeFileSync(join(outside, 'folder/01/seed-3.mp4'), readFileSync(join(outside, 'secret.mp4')));
  mkdirSync(join(libraryDir, '2026/01/01'), { recursive: true });
  symlinkSync(join(outside, 'secret.png'), join(libraryDir, '2026/01/01/seed-0.png'));
  symlinkSync(join(outside, 'secret.mp4'), join(libraryDir, '2026/01/01/seed-1.mp4'));
  symlinkSync(join(outside, 'folder'), join(libraryDir, '2026/02'));
  desktop = new FolderDesktop();
  desktop.saveDialogAnswer = (suggested) => join(outside, `saved-${suggested}`);
  let dataDir: string;
  ({ studio, dataDir } = await createTestStudio({ libraryDir, desktop }));
  const video = { kind: 'video', mime: 'video/mp4', durationMs: 2000, variantId: null } as const;
  const rows = [
    { id: KINDS['a linked file'].image, filePath: '2026/01/01/seed-0.png' },
    { id: KINDS['a linked file'].video, filePath: '2026/01/01/seed-1.mp4', ...video },
    { id: KINDS['a file in a linked folder'].image, filePath: '2026/02/01/seed-2.png' },
    { id: KINDS['a file in a linked folder'].video, filePath: '2026/02/01/seed-3.mp4', ...video },
  ];
  seedLibraryAssets({ dataDir, libraryRoot: libraryDir }, rows.length, (index) => rows[index] ?? {});
});
afterAll(async () => {
  await studio.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  rmSync(desktop.trashDir, { recursive: true, force: true });
});

/** The input keys of a route, from its contract schema. */
function inputKeys(name: string): string[] {
  const shape = (routes[name as keyof typeof routes].input as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

const takesAnAsset = (name: string): boolean => {
  const keys = inputKeys(name);
  return (
    keys.some((key) => ASSET_KEYS.includes(key)) ||
    (ASSET_DOMAINS.some((domain) => name.startsWith(domain)) && keys.some((key) => key === 'id' || key === 'ids'))
  );
};

describe.skipIf(process.platform === 'win32')('routes that read library files', () => {
  it('write no sidecar through a dated folder that links out of the library', async () => {
    const id = KINDS['a file in a linked folder'].image;
    await studio.router.dispatch('library.set_favourite', { id, favourite: true });
    await studio.router.dispatch('library.set_tags', { id, tags: ['kept'] });
    expect(readdirSync(join(outside, 'folder/01')).sort()).toEqual(['seed-2.png', 'seed-3.mp4']);
  });

  it('are every route that takes a library asset, except those that touch no file', () => {
    const taking = Object.keys(routes).filter(takesAnAsset).sort();
    const named = [...Object.keys(READS_LIBRARY_FILES), ...Object.keys(TOUCH_NO_FILE)].sort();
    expect(taking).toEqual(named);
  });

  const cases = Object.entries(KINDS).flatMap(([kind, ids]) =>
    Object.entries(READS_LIBRARY_FILES).map(([route, input]) => ({ kind, route, input: input(ids.image, ids.video) })),
  );
  it.each(cases)('$route refuses $kind leading out of the library', async ({ route, input }) => {
    const answer = await studio.router.dispatch(route, input);
    if (answer.ok) {
      // Answered, but nothing was read, handed on or moved: the drag did not start, no item was trashed.
      const value = answer.value as Record<string, unknown>;
      const nothingDone = route === 'library.delete_assets' || value.started === false || (Array.isArray(value.trashed) && value.trashed.length === 0);
      expect(nothingDone, `${route} answered ${JSON.stringify(value)}`).toBe(true);
    } else {
      expect(answer.error.reason ?? answer.error.code, route).toMatch(/^(asset_file_missing|asset_trash_failed)$/);
    }
    for (const file of ['secret.png', 'folder/01/seed-2.png']) expect(readFileSync(join(outside, file)).equals(secretImage), file).toBe(true);
    for (const file of ['secret.mp4', 'folder/01/seed-3.mp4']) expect(existsSync(join(outside, file)), file).toBe(true);
    expect(desktop.revealed).toEqual([]);
    expect(desktop.drags).toEqual([]);
  });
});
