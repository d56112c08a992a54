/**
 * A library folder may come from someone else (a shared drive, a colleague's copy), so what it
 * holds is untrusted: its `.exports` folder may be a link to somewhere else on this computer.
 * An export must neither delete from nor write to anything outside the library.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORTS_FOLDER } from '../../../src/main/core/library/export';
import type { Studio } from '../../../src/main/core/studio';
import { seedLibraryAssets } from '../../helpers/seed-assets';
import { callRoute, createTestStudio } from '../../helpers/studio';

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

const TWO_HOURS_AGO = (Date.now() - 2 * 60 * 60 * 1000) / 1000;

/** Marks a file or folder as last changed two hours ago: old enough for an export to clear away. */
const age = (path: string): void => utimesSync(path, TWO_HOURS_AGO, TWO_HOURS_AGO);

/** A studio on a library folder prepared by `prepare`, holding one real PNG result. */
async function studioOnLibrary(prepare: (libraryDir: string) => void) {
  const libraryDir = folder('atelier-exports-lib-');
  prepare(libraryDir);
  const { studio, dataDir } = await createTestStudio({ libraryDir });
  studios.push(studio);
  const [asset] = seedLibraryAssets({ dataDir, libraryRoot: libraryDir }, 1);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  mkdirSync(join(libraryDir, '2026/01/01'), { recursive: true });
  writeFileSync(join(libraryDir, '2026/01/01/seed-0.png'), png);
  return { studio, libraryDir, id: asset?.id ?? '' };
}

describe.skipIf(process.platform === 'win32')('an export in a library folder from elsewhere', () => {
  it('does not follow a planted .exports link: nothing outside is deleted or written, and the link is replaced', async () => {
    const elsewhere = folder('atelier-exports-elsewhere-');
    writeFileSync(join(elsewhere, 'thesis.docx'), 'months of work');
    mkdirSync(join(elsewhere, 'photos'));
    writeFileSync(join(elsewhere, 'photos', 'holiday.jpg'), 'jpeg bytes');
    age(join(elsewhere, 'thesis.docx'));
    age(join(elsewhere, 'photos'));
    const { studio, libraryDir, id } = await studioOnLibrary((dir) => symlinkSync(elsewhere, join(dir, EXPORTS_FOLDER)));

    const result = await callRoute<{ path: string }>(studio, 'library.export_assets', { ids: [id] });

    expect(readdirSync(elsewhere).sort()).toEqual(['photos', 'thesis.docx']);
    expect(readdirSync(join(elsewhere, 'photos'))).toEqual(['holiday.jpg']);
    expect(lstatSync(join(libraryDir, EXPORTS_FOLDER)).isSymbolicLink()).toBe(false);
    expect(existsSync(join(libraryDir, result.path))).toBe(true);
  });

  it('clears only its own old export folders: other names, links and files under its names stay', async () => {
    const elsewhere = folder('atelier-exports-elsewhere-');
    writeFileSync(join(elsewhere, 'keep.txt'), 'not the studio\u2019s');
    const ownOld = '0b5e6a4c-1c0d-4a6e-9d7e-3f1b2c3d4e5f';
    const linkUnderOwnName = '1c5e6a4c-1c0d-4a6e-9d7e-3f1b2c3d4e5f';
    const { studio, libraryDir, id } = await studioOnLibrary((dir) => {
      const exportsDir = join(dir, EXPORTS_FOLDER);
      mkdirSync(join(exportsDir, ownOld), { recursive: true });
      writeFileSync(join(exportsDir, ownOld, 'old.png'), 'old export');
      mkdirSync(join(exportsDir, 'notes'));
      writeFileSync(join(exportsDir, 'notes', 'mine.txt'), 'the artist\u2019s notes');
      symlinkSync(elsewhere, join(exportsDir, linkUnderOwnName));
      for (const name of [ownOld, 'notes', linkUnderOwnName]) age(join(exportsDir, name));
    });

    await callRoute(studio, 'library.export_assets', { ids: [id] });

    const left = readdirSync(join(libraryDir, EXPORTS_FOLDER));
    expect(left).not.toContain(ownOld);
    expect(left).toEqual(expect.arrayContaining(['notes', linkUnderOwnName]));
    expect(readdirSync(join(libraryDir, EXPORTS_FOLDER, 'notes'))).toEqual(['mine.txt']);
    expect(readdirSync(elsewhere)).toEqual(['keep.txt']);
  });
});
