/**
 * Image results: what a file really is (sharp reads its magic bytes and header, never the declared
 * type) and its WebP thumbnail, written atomically with the library's file modes.
 */
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Metadata } from 'sharp';
import { temporaryPathFor } from '../library';
import { PRIVATE_MODES, type FileModes } from '../private-files';
import { imageLibrary } from './image-library';
import { InvalidMediaError, THUMB_SIZE, type MediaInfo } from './media-info';

const IMAGE_MIME: Readonly<Record<string, string>> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** The first `length` bytes of a file. */
export async function headOf(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Reads an image result; throws InvalidMediaError when it is not a PNG, JPEG, WebP or GIF. */
export async function probeImage(path: string): Promise<MediaInfo> {
  let meta: Metadata;
  try {
    meta = await imageLibrary()(path).metadata();
  } catch (error) {
    const head = await headOf(path, 64);
    const text = head.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 60);
    throw new InvalidMediaError(`The result is not a readable image${text ? ` (it starts with "${text}")` : ''}: ${(error as Error).message}`);
  }
  const mime = IMAGE_MIME[meta.format];
  if (mime === undefined) throw new InvalidMediaError(`The result is a ${meta.format} file, not a PNG, JPEG, WebP or GIF image.`);
  return { kind: 'image', mime, width: meta.width, height: meta.height, durationMs: null };
}

/** Writes a WebP thumbnail of an image (a file or encoded bytes) to `target`, replacing it atomically. */
export async function writeThumbnail(input: string | Buffer, target: string, modes: FileModes = PRIVATE_MODES): Promise<void> {
  await mkdir(dirname(target), { recursive: true, mode: modes.dir });
  const temporary = temporaryPathFor(target);
  try {
    await imageLibrary()(input, { animated: false })
      .rotate()
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(temporary);
    await chmod(temporary, modes.file);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}
