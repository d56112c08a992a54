import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DesktopShell } from '../../../src/main/core/desktop/desktop-shell';
import { insertAsset } from '../../../src/main/core/library/assets';
import { LibraryDatabase } from '../../../src/main/core/library/library-database';
import { libraryDatabasePath } from '../../../src/main/core/library/library-service';
import type { Studio } from '../../../src/main/core/studio';
import { FolderDesktop } from '../../helpers/folder-desktop';
import { createTestStudio } from '../../helpers/studio';

const studios: Studio[] = [];
afterEach(async () => {
  for (const studio of studios.splice(0)) await studio.stop();
});

/** A studio whose library holds two images (with sidecar and thumbnail) made before it opened. */
async function studioWithLibrary(desktop: DesktopShell | undefined) {
  const libraryDir = mkdtempSync(join(tmpdir(), 'atelier-desktop-lib-'));
  mkdirSync(join(libraryDir, '2026/11/22'), { recursive: true });
  mkdirSync(join(libraryDir, '.thumbs/2026/11/22'), { recursive: true });
  const db = LibraryDatabase.open(libraryDatabasePath(libraryDir));
  for (const id of ['a1', 'a2']) {
    writeFileSync(join(libraryDir, `2026/11/22/${id}.png`), 'png');
    writeFileSync(join(libraryDir, `2026/11/22/${id}.json`), '{}');
    writeFileSync(join(libraryDir, `.thumbs/2026/11/22/${id}.webp`), 'webp');
    insertAsset(db, {
      id,
      kind: 'image',
      filePath: `2026/11/22/${id}.png`,
      thumbPath: `.thumbs/2026/11/22/${id}.webp`,
      mime: 'image/png',
      bytes: 3,
      width: 1,
      height: 1,
      sha256: createHash('sha256').update(id).digest('hex'),
      model: 'gen-image-2',
      variantId: null,
      prompt: 'a cat',
      request: {},
    });
  }
  db.close();
  const { studio } = await createTestStudio({ libraryDir, ...(desktop ? { desktop } : {}) });
  studios.push(studio);
  return { studio, libraryDir };
}

describe('desktop routes in the Electron shell', () => {
  it('reveals the file of a result by its id, inside the library folder', async () => {
    const desktop = new FolderDesktop();
    const { studio, libraryDir } = await studioWithLibrary(desktop);
    await expect(studio.router.dispatch('desktop.reveal_asset', { id: 'a1' })).resolves.toEqual({ ok: true, value: { revealed: true } });
    expect(desktop.revealed).toEqual([join(libraryDir, '2026/11/22/a1.png')]);
    await expect(studio.router.dispatch('desktop.reveal_asset', { id: 'missing' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found', reason: 'asset_not_found' },
    });
    // A file deleted behind the studio's back: the item is known, its file is not there to show.
    rmSync(join(libraryDir, '2026/11/22/a2.png'));
    await expect(studio.router.dispatch('desktop.reveal_asset', { id: 'a2' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found', reason: 'asset_file_missing' },
    });
    expect(desktop.revealed).toHaveLength(1);
  });

  it('moves a result, its sidecar and its thumbnail to the trash and removes it from the library', async () => {
    const desktop = new FolderDesktop();
    const { studio, libraryDir } = await studioWithLibrary(desktop);
    await expect(studio.router.dispatch('desktop.trash_assets', { ids: ['a1', 'gone'] })).resolves.toEqual({
      ok: true,
      value: {
        trashed: ['a1'],
        failed: [{ id: 'gone', error: { code: 'not_found', reason: 'asset_not_found', params: {}, message: 'That item is no longer in the library.' } }],
      },
    });
    for (const name of ['a1.png', 'a1.json', 'a1.webp']) expect(existsSync(join(desktop.trashDir, name))).toBe(true);
    expect(existsSync(join(libraryDir, '2026/11/22/a1.png'))).toBe(false);
    const left = await studio.router.dispatch('library.list_assets', {});
    expect(left.ok && (left.value as { items: { id: string }[] }).items.map((a) => a.id)).toEqual(['a2']);
  });

  it('keeps a result whole in the library when its file cannot be moved to the trash', async () => {
    const desktop = new FolderDesktop();
    desktop.failTrashOf = 'a2.png';
    const { studio, libraryDir } = await studioWithLibrary(desktop);
    await expect(studio.router.dispatch('desktop.trash_assets', { ids: ['a2'] })).resolves.toMatchObject({
      ok: true,
      value: { trashed: [], failed: [{ id: 'a2', error: { code: 'storage_error', reason: 'asset_trash_failed' } }] },
    });
    expect(existsSync(join(libraryDir, '2026/11/22/a2.png'))).toBe(true);
    await expect(studio.router.dispatch('library.get_asset', { id: 'a2' })).resolves.toMatchObject({ ok: true });
  });

  it('drags the files of the chosen results out, with the first thumbnail as its picture', async () => {
    const desktop = new FolderDesktop();
    const { studio, libraryDir } = await studioWithLibrary(desktop);
    await expect(studio.router.dispatch('desktop.start_drag', { ids: ['a1', 'a2'] })).resolves.toEqual({ ok: true, value: { started: true } });
    expect(desktop.drags).toEqual([
      { files: [join(libraryDir, '2026/11/22/a1.png'), join(libraryDir, '2026/11/22/a2.png')], icon: join(libraryDir, '.thumbs/2026/11/22/a1.webp') },
    ]);
  });

  it.skipIf(process.platform === 'win32')('hands the shell no file that a link leads outside the library, as the transports serve none', async () => {
    const desktop = new FolderDesktop();
    const { studio, libraryDir } = await studioWithLibrary(desktop);
    const outside = join(mkdtempSync(join(tmpdir(), 'atelier-outside-')), 'private.png');
    writeFileSync(outside, 'not the library');
    // The result of a2 replaced by a link to a file elsewhere, and its sidecar by a link too.
    rmSync(join(libraryDir, '2026/11/22/a2.png'));
    symlinkSync(outside, join(libraryDir, '2026/11/22/a2.png'));
    rmSync(join(libraryDir, '2026/11/22/a2.json'));
    symlinkSync(outside, join(libraryDir, '2026/11/22/a2.json'));

    await expect(studio.router.dispatch('desktop.reveal_asset', { id: 'a2' })).resolves.toMatchObject({ ok: false, error: { reason: 'asset_file_missing' } });
    await expect(studio.router.dispatch('desktop.start_drag', { ids: ['a2', 'a1'] })).resolves.toEqual({ ok: true, value: { started: true } });
    expect(desktop.drags[0]?.files).toEqual([join(libraryDir, '2026/11/22/a1.png')]);
    await expect(studio.router.dispatch('desktop.trash_assets', { ids: ['a2'] })).resolves.toMatchObject({
      ok: true,
      value: { trashed: [], failed: [{ id: 'a2', error: { reason: 'asset_trash_failed' } }] },
    });
    expect(desktop.revealed).toEqual([]);
    expect(existsSync(outside)).toBe(true);
    await expect(studio.router.dispatch('library.get_asset', { id: 'a2' })).resolves.toMatchObject({ ok: true });
  });

  it("keeps the shell's preferences and answers what the desktop can do", async () => {
    const { studio } = await studioWithLibrary(new FolderDesktop());
    await expect(studio.router.dispatch('desktop.update_preferences', { closeWhileRunning: 'quit' })).resolves.toMatchObject({
      ok: true,
      value: { preferences: { closeWhileRunning: 'quit', sessionOnlyKeys: false }, keyProtection: 'weak' },
    });
    await expect(studio.router.dispatch('desktop.update_preferences', { closeWhileRunning: 'sometimes' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('says so in words when the shell cannot save a preference, and keeps the previous choice', async () => {
    const desktop = new FolderDesktop();
    const { studio } = await studioWithLibrary(desktop);
    desktop.failNextPreferencesWrite = true;
    await expect(studio.router.dispatch('desktop.update_preferences', { closeWhileRunning: 'quit' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'storage_error', reason: 'desktop_preferences_not_saved' },
    });
    await expect(studio.router.dispatch('desktop.get_info', {})).resolves.toMatchObject({
      ok: true,
      value: { preferences: { closeWhileRunning: 'keep-running' } },
    });
  });
});

describe('desktop routes in web mode', () => {
  it('says nothing is available, and that the key file protects keys weakly, and refuses the actions as unsupported, touching no file', async () => {
    const { studio, libraryDir } = await studioWithLibrary(undefined);
    await expect(studio.router.dispatch('desktop.get_info', {})).resolves.toEqual({
      ok: true,
      value: { reveal: false, trash: false, drag: false, systemNotifications: false, export: false, tray: false, keyProtection: 'weak', preferences: null },
    });
    for (const [route, input] of [
      ['desktop.reveal_asset', { id: 'a1' }],
      ['desktop.trash_assets', { ids: ['a1'] }],
      ['desktop.start_drag', { ids: ['a1'] }],
      ['desktop.export_assets', { ids: ['a1'] }],
      ['desktop.update_preferences', { closeWhileRunning: 'quit' }],
    ] as const) {
      await expect(studio.router.dispatch(route, input)).resolves.toMatchObject({ ok: false, error: { code: 'unsupported', reason: 'desktop_unsupported' } });
    }
    expect(existsSync(join(libraryDir, '2026/11/22/a1.png'))).toBe(true);
  });
});
