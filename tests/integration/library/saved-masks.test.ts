// Saved masks: the PNG kept in the library folder and its row in the real SQLite file, checked
// before it is written, served by the same check as every library file, and kept across a restart.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedMaskView, UploadedImageView } from '../../../src/shared/contract';
import { resolveLibraryMedia } from '../../../src/main/core/library/media-file';
import type { Studio } from '../../../src/main/core/studio';
import { callRoute, createTestStudio } from '../../helpers/studio';

const studios: Studio[] = [];
afterEach(async () => {
  for (const studio of studios.splice(0)) await studio.stop();
});

/** A studio on `dataDir` (a new folder by default) with its library inside it. */
async function open(dataDir = mkdtempSync(join(tmpdir(), 'atelier-masks-'))) {
  const libraryDir = join(dataDir, 'library');
  const { studio } = await createTestStudio({ libraryDir, dataDir });
  studios.push(studio);
  return { studio, dataDir, libraryDir };
}

/** A mask as the painter exports it: RGBA, transparent where the image is to be repainted. */
const maskPng = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();

const refusal = async (studio: Studio, input: unknown) => {
  const answer = await studio.router.dispatch('masks.save_mask', input);
  if (answer.ok) throw new Error('the mask was saved');
  return answer.error;
};

describe('saved masks', () => {
  it('keeps the PNG in <library>/.masks, lists it with its size, serves it, and still has it after a restart', async () => {
    const { studio, dataDir, libraryDir } = await open();
    const png = await maskPng(64, 48);
    const saved = await callRoute<SavedMaskView>(studio, 'masks.save_mask', { name: '  Sky  ', bytes: png.toString('base64') });
    expect(saved).toMatchObject({ name: 'Sky', width: 64, height: 48, filePath: `.masks/${saved.id}.png` });
    expect(readFileSync(join(libraryDir, '.masks', `${saved.id}.png`)).equals(png)).toBe(true);
    expect(resolveLibraryMedia(libraryDir, saved.filePath).type).toBe('image/png');
    // No temporary file is left beside it.
    expect(readdirSync(join(libraryDir, '.masks'))).toEqual([`${saved.id}.png`]);

    await studio.stop();
    studios.splice(0);
    const again = await open(dataDir);
    expect(await callRoute<SavedMaskView[]>(again.studio, 'masks.list_masks', {})).toEqual([saved]);
    // The painter reads it back byte for byte, to load it again.
    const read = await callRoute<{ name: string; width: number; height: number; pngBase64: string }>(again.studio, 'masks.read_mask', { id: saved.id });
    expect(read).toMatchObject({ id: saved.id, name: 'Sky', width: 64, height: 48 });
    expect(Buffer.from(read.pngBase64, 'base64').equals(png)).toBe(true);
  });

  it('says a saved mask is gone when its row or its file is', async () => {
    const { studio, libraryDir } = await open();
    const saved = await callRoute<SavedMaskView>(studio, 'masks.save_mask', { name: 'door', bytes: (await maskPng(8, 8)).toString('base64') });
    rmSync(join(libraryDir, '.masks', `${saved.id}.png`));
    for (const id of [saved.id, 'no-such-mask']) {
      const answer = await studio.router.dispatch('masks.read_mask', { id });
      expect(answer.ok ? answer.value : answer.error).toMatchObject({ code: 'not_found', reason: 'mask_not_found' });
    }
  });

  it('refuses what is not a whole PNG or is too large, in words the artist reads, and writes nothing', async () => {
    const { studio, libraryDir } = await open();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const png = await maskPng(16, 16);
    expect(await refusal(studio, { name: 'photo', bytes: jpeg.toString('base64') })).toMatchObject({ code: 'invalid_input', reason: 'mask_not_png' });
    const cut = png.subarray(0, png.length - 20);
    expect(await refusal(studio, { name: 'cut', bytes: cut.toString('base64') })).toMatchObject({ reason: 'mask_not_png' });
    const wide = await maskPng(9000, 2);
    const tooLarge = await refusal(studio, { name: 'wide', bytes: wide.toString('base64') });
    expect(tooLarge).toMatchObject({ code: 'invalid_input', reason: 'mask_too_large', params: { width: 9000, height: 2, limit: 8192 } });
    expect(tooLarge.message).toContain('9000 × 2 pixels');
    expect(await refusal(studio, { name: '   ', bytes: png.toString('base64') })).toMatchObject({ code: 'invalid_input' });
    expect(await callRoute<SavedMaskView[]>(studio, 'masks.list_masks', {})).toEqual([]);
    expect(existsSync(join(libraryDir, '.masks'))).toBe(false);
  });

  it('does not write through a .masks link that leads out of the library', async () => {
    const { studio, libraryDir } = await open();
    const outside = mkdtempSync(join(tmpdir(), 'atelier-outside-'));
    mkdirSync(libraryDir, { recursive: true });
    symlinkSync(outside, join(libraryDir, '.masks'));
    const png = await maskPng(8, 8);
    expect(await refusal(studio, { name: 'escape', bytes: png.toString('base64') })).toMatchObject({ code: 'storage_error', reason: 'mask_not_saved' });
    expect(readdirSync(outside)).toEqual([]);
    expect(await callRoute<SavedMaskView[]>(studio, 'masks.list_masks', {})).toEqual([]);
  });

  it('lists every saved mask and deletes one with its file', async () => {
    const { studio, libraryDir } = await open();
    const first = await callRoute<SavedMaskView>(studio, 'masks.save_mask', { name: 'first', bytes: (await maskPng(8, 8)).toString('base64') });
    const second = await callRoute<SavedMaskView>(studio, 'masks.save_mask', { name: 'second', bytes: (await maskPng(10, 6)).toString('base64') });
    const listed = await callRoute<SavedMaskView[]>(studio, 'masks.list_masks', {});
    expect(new Set(listed.map((mask) => mask.id))).toEqual(new Set([first.id, second.id]));
    expect(await callRoute(studio, 'masks.delete_mask', { id: first.id })).toEqual({ deleted: true });
    expect(existsSync(join(libraryDir, first.filePath))).toBe(false);
    expect((await callRoute<SavedMaskView[]>(studio, 'masks.list_masks', {})).map((mask) => mask.name)).toEqual(['second']);
    expect(await callRoute(studio, 'masks.delete_mask', { id: first.id })).toEqual({ deleted: false });
  });

  it('uploads a saved mask to the demo gateway as it was saved, and says when it is gone', async () => {
    const { studio, libraryDir } = await open();
    const png = await maskPng(32, 24);
    const saved = await callRoute<SavedMaskView>(studio, 'masks.save_mask', { name: 'door', bytes: png.toString('base64') });
    const uploaded = await callRoute<UploadedImageView>(studio, 'uploads.add_saved_mask', { maskId: saved.id });
    expect(uploaded).toMatchObject({ mimeType: 'image/png', width: 32, height: 24 });
    const served = await fetch(uploaded.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    rmSync(join(libraryDir, saved.filePath));
    const missing = await studio.router.dispatch('uploads.add_saved_mask', { maskId: saved.id });
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'not_found', reason: 'mask_not_found' });
  });
});
