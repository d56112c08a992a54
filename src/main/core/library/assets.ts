import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parseJsonColumn, parseJsonValueColumn } from './json-column';
import type { LibraryDatabase } from './library-database';
import type { PresetRef } from '../../../shared/contract';
import { presetFromColumn, presetToColumn } from './preset-column';
import { redactRequest, type JsonValue } from './redact';
import { characterUsernamesOf } from './asset-characters';
import { normalizeTags } from './tags';

export const assetKinds = ['image', 'video'] as const;
export type AssetKind = (typeof assetKinds)[number];

/** One downloaded result in the library. Paths are relative to the library root, with `/`. */
export interface Asset {
  id: string;
  jobId: string | null;
  /** The gateway task it came from; null for direct (synchronous) results. */
  taskId: string | null;
  /** Which result of the task (or direct response) this is, from 0. */
  resultIndex: number;
  kind: AssetKind;
  filePath: string;
  thumbPath: string | null;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** A video with a sound track; null for images and when it was not read. */
  hasAudio: boolean | null;
  sha256: string;
  model: string;
  variantId: string | null;
  prompt: string;
  /** The request that produced it, without secrets. */
  request: JsonValue;
  createdAt: number;
  favourite: boolean;
  tags: string[];
  /** The boards it is on (ids). */
  boardIds: string[];
  /** The batch of the job that made it, if any. */
  batchId: string | null;
  /** The style preset it was made with, as its recipe names it. */
  preset: PresetRef | null;
}

/** What the downloader knows about a result it just stored; omitted fields take their defaults. */
export interface NewAsset {
  id?: string;
  jobId?: string | null;
  taskId?: string | null;
  resultIndex?: number;
  kind: AssetKind;
  filePath: string;
  thumbPath?: string | null;
  mime: string;
  bytes: number;
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
  hasAudio?: boolean | null;
  sha256: string;
  model: string;
  variantId?: string | null;
  prompt?: string;
  /** Redacted before it is stored. */
  request?: unknown;
  /** Defaults to now. */
  createdAt?: number;
  favourite?: boolean;
  tags?: readonly string[];
  preset?: PresetRef | null;
}

/** Row shape of `assetColumns` (the tags come as a JSON array). */
export interface AssetRow {
  id: string;
  job_id: string | null;
  task_id: string | null;
  result_index: number;
  kind: AssetKind;
  file_path: string;
  thumb_path: string | null;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  has_audio: number | null;
  sha256: string;
  model: string;
  variant_id: string | null;
  prompt: string;
  request: string;
  created_at: number;
  favourite: number;
  tags: string;
  board_ids: string;
  batch_id: string | null;
  preset: string | null;
}

/** The select list that `toAsset` reads, for table alias `a`. */
export const assetColumns = `a.id, a.job_id, a.task_id, a.result_index, a.kind, a.file_path, a.thumb_path, a.mime, a.bytes, a.width, a.height,
  a.duration_ms, a.has_audio, a.sha256, a.model, a.variant_id, a.prompt, a.request, a.created_at, a.favourite, a.preset,
  (SELECT json_group_array(tag) FROM (SELECT tag FROM asset_tags WHERE asset_id = a.id ORDER BY tag)) AS tags,
  (SELECT json_group_array(board_id) FROM (SELECT board_id FROM board_items WHERE asset_id = a.id ORDER BY board_id)) AS board_ids,
  (SELECT batch_id FROM jobs WHERE id = a.job_id) AS batch_id`;

const tagsSchema = z.array(z.string());

export function toAsset(row: AssetRow): Asset {
  return {
    id: row.id,
    jobId: row.job_id,
    taskId: row.task_id,
    resultIndex: row.result_index,
    kind: row.kind,
    filePath: row.file_path,
    thumbPath: row.thumb_path,
    mime: row.mime,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    durationMs: row.duration_ms,
    hasAudio: row.has_audio === null ? null : row.has_audio === 1,
    sha256: row.sha256,
    model: row.model,
    variantId: row.variant_id,
    prompt: row.prompt,
    request: parseJsonValueColumn(row.request, `assets.request of ${row.id}`),
    createdAt: row.created_at,
    favourite: row.favourite === 1,
    tags: parseJsonColumn(tagsSchema, row.tags, `tags of asset ${row.id}`),
    boardIds: parseJsonColumn(tagsSchema, row.board_ids, `boards of asset ${row.id}`),
    batchId: row.batch_id,
    preset: presetFromColumn(row.preset, `assets.preset of ${row.id}`),
  };
}

/**
 * Adds a result to the library, once: if this task result (or direct result of this job) is
 * already stored, nothing is written and the stored asset is returned with `inserted: false`.
 */
export function insertAsset(db: LibraryDatabase, input: NewAsset): { asset: Asset; inserted: boolean } {
  return db.transaction(() => {
    const existing = findAssetByResult(db, input);
    if (existing) return { asset: existing, inserted: false };
    const id = input.id ?? randomUUID();
    const sql = `INSERT INTO assets (id, job_id, task_id, result_index, kind, file_path, thumb_path, mime, bytes, width, height, duration_ms,
                   has_audio, sha256, model, variant_id, prompt, request, created_at, favourite, preset)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    db.prepare(sql).run(
      id,
      input.jobId ?? null,
      input.taskId ?? null,
      input.resultIndex ?? 0,
      input.kind,
      input.filePath,
      input.thumbPath ?? null,
      input.mime,
      input.bytes,
      input.width ?? null,
      input.height ?? null,
      input.durationMs ?? null,
      input.hasAudio == null ? null : input.hasAudio ? 1 : 0,
      input.sha256,
      input.model,
      input.variantId ?? null,
      input.prompt ?? '',
      JSON.stringify(redactRequest(input.request ?? {})),
      input.createdAt ?? db.now(),
      input.favourite === true ? 1 : 0,
      presetToColumn(input.preset),
    );
    writeTags(db, id, input.tags ?? []);
    // The characters are those the gateway was asked for: the sent prompt says `@username` where the artist wrote a name.
    const sentPrompt = (input.request as { prompt?: unknown } | undefined)?.prompt;
    writeAssetCharacters(db, id, typeof sentPrompt === 'string' ? sentPrompt : (input.prompt ?? ''));
    return { asset: getAssetOrThrow(db, id), inserted: true };
  });
}

/** The stored asset for this task result (or direct result of this job), if any. */
export function findAssetByResult(db: LibraryDatabase, result: { taskId?: string | null; jobId?: string | null; resultIndex?: number }): Asset | undefined {
  const index = result.resultIndex ?? 0;
  const row =
    result.taskId != null
      ? db.prepare<[string, number], AssetRow>(`SELECT ${assetColumns} FROM assets a WHERE a.task_id = ? AND a.result_index = ?`).get(result.taskId, index)
      : result.jobId != null
        ? db
            .prepare<[string, number], AssetRow>(`SELECT ${assetColumns} FROM assets a WHERE a.job_id = ? AND a.task_id IS NULL AND a.result_index = ?`)
            .get(result.jobId, index)
        : undefined;
  return row && toAsset(row);
}

export function getAsset(db: LibraryDatabase, id: string): Asset | undefined {
  const row = db.prepare<[string], AssetRow>(`SELECT ${assetColumns} FROM assets a WHERE a.id = ?`).get(id);
  return row && toAsset(row);
}

function getAssetOrThrow(db: LibraryDatabase, id: string): Asset {
  const asset = getAsset(db, id);
  if (!asset) throw new Error(`Asset ${id} vanished while it was being written.`);
  return asset;
}

/** A job's assets in result order. */
export function listJobAssets(db: LibraryDatabase, jobId: string): Asset[] {
  return db.prepare<[string], AssetRow>(`SELECT ${assetColumns} FROM assets a WHERE a.job_id = ? ORDER BY a.task_id, a.result_index`).all(jobId).map(toAsset);
}

/** Marks or unmarks a favourite; returns the updated asset, or undefined when there is none. */
export function setAssetFavourite(db: LibraryDatabase, id: string, favourite: boolean): Asset | undefined {
  db.prepare('UPDATE assets SET favourite = ? WHERE id = ?').run(favourite ? 1 : 0, id);
  return getAsset(db, id);
}

/** Replaces an asset's tags (normalised); returns the updated asset, or undefined when there is none. */
export function setAssetTags(db: LibraryDatabase, id: string, tags: readonly string[]): Asset | undefined {
  return db.transaction(() => {
    if (!db.prepare('SELECT 1 FROM assets WHERE id = ?').get(id)) return undefined;
    db.prepare('DELETE FROM asset_tags WHERE asset_id = ?').run(id);
    writeTags(db, id, tags);
    return getAsset(db, id);
  });
}

/** Records the thumbnail made for an asset (path relative to the library root). */
export function setAssetThumb(db: LibraryDatabase, id: string, thumbPath: string | null): boolean {
  return db.prepare('UPDATE assets SET thumb_path = ? WHERE id = ?').run(thumbPath, id).changes === 1;
}

/** Removes an asset row (its files are the caller's to delete). */
export function deleteAsset(db: LibraryDatabase, id: string): boolean {
  return db.prepare('DELETE FROM assets WHERE id = ?').run(id).changes === 1;
}

function writeTags(db: LibraryDatabase, assetId: string, tags: readonly string[]): void {
  const insert = db.prepare('INSERT OR IGNORE INTO asset_tags (asset_id, tag) VALUES (?, ?)');
  for (const tag of normalizeTags(tags)) insert.run(assetId, tag);
}

/** Records the characters an asset's prompt mentions (for the gallery's character filter). */
function writeAssetCharacters(db: LibraryDatabase, assetId: string, prompt: string): void {
  const insert = db.prepare('INSERT OR IGNORE INTO asset_characters (asset_id, username) VALUES (?, ?)');
  for (const username of characterUsernamesOf(prompt)) insert.run(assetId, username);
}
