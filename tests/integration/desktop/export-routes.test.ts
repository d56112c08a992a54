// Export through main: the window cannot download from the media protocol (another origin), so
// `desktop.export_assets` asks the desktop for a file name (the system's save dialog) and writes the
// export there itself. A real studio on a temporary library; the dialog answers with a real path.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { insertAsset } from '../../../src/main/core/library/assets';
import { EXPORTS_FOLDER } from '../../../src/main/core/library/export';
import { LibraryDatabase } from '../../../src/main/core/library/library-database';
import { libraryDatabasePath } from '../../../src/main/core/library/library-service';
import { readPngText, RECIPE_KEYWORD } from '../../../src/main/core/library/png-recipe';
import type { Studio } from '../../../src/main/core/studio';
import { FolderDesktop } from '../../helpers/folder-desktop';
import { createTestStudio } from '../../helpers/studio';

const studios: Studio[] = [];
const folders: string[] = [];
const folder = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterEach(async () => {
  for (const studio of studios.splice(0)) await studio.stop();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A studio whose library holds two real PNG results, with a desktop whose save dialog the test answers. */
async function studioWithImages() {
  const libraryDir = folder('atelier-export-lib-');
  mkdirSync(join(libraryDir, '2026/11/22'), { recursive: true });
  const db = LibraryDatabase.open(libraryDatabasePath(libraryDir));
  for (const [id, prompt] of [
    ['a1aaaaaa', 'a lighthouse at dusk'],
    ['b2bbbbbb', 'a fox in snow'],
  ] as const) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    writeFileSync(join(libraryDir, `2026/11/22/${id}.png`), png);
    insertAsset(db, {
      id,
      kind: 'image',
      filePath: `2026/11/22/${id}.png`,
      thumbPath: null,
      mime: 'image/png',
      bytes: png.length,
      width: 8,
      height: 8,
      sha256: createHash('sha256').update(id).digest('hex'),
      model: 'gen-image-2',
      variantId: null,
      prompt,
      request: { prompt },
    });
  }
  db.close();
  const desktop = new FolderDesktop();
  const { studio } = await createTestStudio({ libraryDir, desktop });
  studios.push(studio);
  return { studio, desktop, libraryDir };
}

describe('export through main', () => {
  it('writes the file the save dialog names: the PNG with its recipe inside, offered under its export name', async () => {
    const { studio, desktop, libraryDir } = await studioWithImages();
    const chosen = join(folder('atelier-export-to-'), 'my lighthouse.png');
    desktop.saveDialogAnswer = () => chosen;
    const answer = await studio.router.dispatch('desktop.export_assets', { ids: ['a1aaaaaa'] });
    expect(answer).toEqual({ ok: true, value: { saved: true, fileName: 'my lighthouse.png', items: 1, missing: [] } });
    expect(desktop.exportSuggestions).toEqual(['a-lighthouse-at-dusk-a1aaaaaa.png']);
    const saved = readFileSync(chosen);
    expect((await sharp(saved).metadata()).width).toBe(8);
    expect(JSON.parse(readPngText(saved)[RECIPE_KEYWORD] ?? '{}')).toMatchObject({ id: 'a1aaaaaa', prompt: 'a lighthouse at dusk' });
    // Nothing left behind: no temporary file beside it, no copy in the library's exports folder.
    expect(readdirSync(join(chosen, '..'))).toEqual(['my lighthouse.png']);
    expect(existsSync(join(libraryDir, EXPORTS_FOLDER)) ? readdirSync(join(libraryDir, EXPORTS_FOLDER)) : []).toEqual([]);
  });

  it('writes several results as one ZIP, and writes nothing when the dialog is canceled', async () => {
    const { studio, desktop } = await studioWithImages();
    const target = folder('atelier-export-to-');
    desktop.saveDialogAnswer = () => undefined;
    await expect(studio.router.dispatch('desktop.export_assets', { ids: ['a1aaaaaa', 'b2bbbbbb'] })).resolves.toMatchObject({
      ok: true,
      value: { saved: false, items: 2 },
    });
    expect(readdirSync(target)).toEqual([]);
    desktop.saveDialogAnswer = (suggested) => join(target, suggested);
    const answer = await studio.router.dispatch('desktop.export_assets', { ids: ['a1aaaaaa', 'b2bbbbbb'] });
    expect(answer).toMatchObject({ ok: true, value: { saved: true, items: 2, missing: [] } });
    const [zip] = readdirSync(target);
    expect(zip).toMatch(/^atelier-\d{4}-\d{2}-\d{2}-2-items\.zip$/);
    // A ZIP's local file header, and the two exported names inside.
    const bytes = readFileSync(join(target, zip ?? ''));
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(bytes.toString('latin1')).toContain('a-fox-in-snow-b2bbbbbb.png');
  });

  it('says the export was not saved when the chosen folder cannot be written (gone with its drive), leaving no file', async () => {
    const { studio, desktop } = await studioWithImages();
    const parent = folder('atelier-export-gone-');
    desktop.saveDialogAnswer = (suggested) => join(parent, 'unplugged drive', suggested);
    await expect(studio.router.dispatch('desktop.export_assets', { ids: ['a1aaaaaa'] })).resolves.toMatchObject({
      ok: false,
      error: { code: 'storage_error', reason: 'export_not_saved' },
    });
    expect(readdirSync(parent)).toEqual([]);
  });
});
