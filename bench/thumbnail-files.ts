/**
 * Real thumbnail files for a seeded library: a few hundred distinct WebP pictures made with
 * sharp at the studio's own thumbnail size and quality (512 px on the longest side, quality 80),
 * one set per aspect ratio the library holds, hard-linked at every asset's `thumb_path` so the
 * studio serves each asset its own file at its own address (the browser caches nothing across
 * assets) without writing 100,000 files' worth of bytes.
 */
import { linkSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { LibraryDatabase } from '../src/main/core/library';
import { seededRandom } from './prompts';

/** As `writeThumbnail` makes them. */
const THUMB_SIZE = 512;
const THUMB_QUALITY = 80;

/** One asset's thumbnail as the gallery lists it (newest first), for the bare grid too. */
export interface ThumbnailEntry {
  /** Library-relative path, as `thumb_path` holds it. */
  path: string;
  width: number;
  height: number;
}

export interface ThumbnailSet {
  /** Every asset's thumbnail in the gallery's order (newest first). */
  entries: ThumbnailEntry[];
  /** Distinct pictures made, and their total size. */
  distinct: number;
  distinctBytes: number;
}

/** A picture with some structure (soft bands of colour and grain), so decoding costs what a real one does. */
function pixels(width: number, height: number, random: () => number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  const phase = Array.from({ length: 6 }, () => random() * Math.PI * 2);
  const frequency = Array.from({ length: 6 }, () => 0.005 + random() * 0.03);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const wave = Math.sin(x * (frequency[channel] ?? 0) + (phase[channel] ?? 0)) + Math.cos(y * (frequency[channel + 3] ?? 0) + (phase[channel + 3] ?? 0));
        data[at + channel] = Math.max(0, Math.min(255, Math.round(128 + wave * 60 + (random() - 0.5) * 24)));
      }
    }
  }
  return data;
}

/** The thumbnail's pixel size for a result of `width` x `height`. */
function thumbSize(width: number, height: number): { width: number; height: number } {
  const scale = THUMB_SIZE / Math.max(width, height, 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Makes `perRatio` distinct pictures per aspect ratio in `sourceDir` and hard-links one at each asset's thumbnail path
 * under `libraryRoot` (same file system: both in the run's temporary folder).
 */
export async function writeThumbnailFiles(db: LibraryDatabase, libraryRoot: string, sourceDir: string, perRatio: number): Promise<ThumbnailSet> {
  const rows = db.connection
    .prepare('SELECT thumb_path AS path, width, height FROM assets WHERE thumb_path IS NOT NULL ORDER BY created_at DESC, id DESC')
    .all() as { path: string; width: number | null; height: number | null }[];
  const random = seededRandom(512);
  const pools = new Map<string, string[]>();
  let distinctBytes = 0;
  mkdirSync(sourceDir, { recursive: true });
  const entries: ThumbnailEntry[] = [];
  const folders = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const size = thumbSize(row.width ?? 1024, row.height ?? 1024);
    const ratio = `${String(size.width)}x${String(size.height)}`;
    let pool = pools.get(ratio);
    if (!pool) {
      pool = [];
      pools.set(ratio, pool);
      for (let picture = 0; picture < perRatio; picture++) {
        const file = join(sourceDir, `${ratio}-${String(picture)}.webp`);
        const written = await sharp(pixels(size.width, size.height, random), { raw: { width: size.width, height: size.height, channels: 3 } })
          .webp({ quality: THUMB_QUALITY })
          .toFile(file);
        distinctBytes += written.size;
        pool.push(file);
      }
    }
    const target = join(libraryRoot, row.path);
    const folder = dirname(target);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      folders.add(folder);
    }
    linkSync(pool[(index * 7919) % pool.length] ?? '', target);
    entries.push({ path: row.path, width: size.width, height: size.height });
  }
  return { entries, distinct: pools.size * perRatio, distinctBytes };
}
