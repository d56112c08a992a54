import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { z } from 'zod';
import { assetKinds, type Asset } from './assets';
import { jsonValueSchema } from './json-column';
import { PathOutsideLibraryError, sidecarPathFor, writeFileAtomic } from './library-files';
import { libraryFolderToWrite } from './media-file';
import { createLogger } from '../log';
import { redactRequest } from './redact';
import { PRIVATE_MODES, type FileModes } from '../private-files';

const log = createLogger('sidecars');

const SIDECAR_FORMAT = 'atelier.asset';
const SIDECAR_VERSION = 1;

/**
 * The JSON file beside each media file: everything the library knows about the asset except
 * local paths, so the database can be rebuilt from the folder alone (`rebuildFromSidecars`).
 */
const assetSidecarSchema = z.object({
  format: z.literal(SIDECAR_FORMAT),
  version: z.literal(SIDECAR_VERSION),
  id: z.string().min(1),
  kind: z.enum(assetKinds),
  jobId: z.string().nullable(),
  taskId: z.string().nullable(),
  resultIndex: z.number().int().nonnegative(),
  mime: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  durationMs: z.number().int().nonnegative().nullable(),
  /** Absent in sidecars written before the studio read a video's sound. */
  hasAudio: z.boolean().nullable().optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/i),
  model: z.string(),
  variantId: z.string().nullable(),
  prompt: z.string(),
  request: jsonValueSchema,
  createdAt: z.iso.datetime({ offset: true }),
  favourite: z.boolean(),
  tags: z.array(z.string()),
  /** The style preset it was made with; absent in sidecars written before presets existed. */
  preset: z
    .object({ id: z.string().min(1), name: z.string() })
    .nullable()
    .optional(),
});
export type AssetSidecar = z.infer<typeof assetSidecarSchema>;

/** The sidecar content of an asset (the request is redacted again, in case). */
export function sidecarOf(asset: Asset): AssetSidecar {
  return {
    format: SIDECAR_FORMAT,
    version: SIDECAR_VERSION,
    id: asset.id,
    kind: asset.kind,
    jobId: asset.jobId,
    taskId: asset.taskId,
    resultIndex: asset.resultIndex,
    mime: asset.mime,
    bytes: asset.bytes,
    width: asset.width,
    height: asset.height,
    durationMs: asset.durationMs,
    hasAudio: asset.hasAudio,
    sha256: asset.sha256,
    model: asset.model,
    variantId: asset.variantId,
    prompt: asset.prompt,
    request: redactRequest(asset.request),
    createdAt: new Date(asset.createdAt).toISOString(),
    favourite: asset.favourite,
    tags: asset.tags,
    preset: asset.preset,
  };
}

/** True when `asset`, written as a sidecar, would pass the check a sidecar read back from a library folder passes. */
export function passesAsSidecar(asset: Asset): boolean {
  return assetSidecarSchema.safeParse(JSON.parse(JSON.stringify(sidecarOf(asset)))).success;
}

/**
 * Writes (atomically) the sidecar of an asset beside its media file, into the real folder of the
 * library (a dated folder that links out of it, in a folder from elsewhere, gets none); returns
 * its absolute path, or undefined when it was not written for that reason.
 */
export async function writeAssetSidecar(root: string, asset: Asset, modes: FileModes = PRIVATE_MODES): Promise<string | undefined> {
  const relativePath = sidecarPathFor(asset.filePath);
  let folder: string;
  try {
    folder = libraryFolderToWrite(root, posix.dirname(relativePath), modes.dir);
  } catch (error) {
    if (!(error instanceof PathOutsideLibraryError)) throw error;
    log.warn(`the sidecar of ${asset.id} was not written: its folder leads out of the library`);
    return undefined;
  }
  const path = join(folder, posix.basename(relativePath));
  await writeFileAtomic(path, `${JSON.stringify(sidecarOf(asset), null, 2)}\n`, modes);
  return path;
}

/** Why a sidecar could not be used. */
class InvalidSidecarError extends Error {
  constructor(path: string, reason: string, options?: ErrorOptions) {
    super(`${path}: ${reason}`, options);
    this.name = 'InvalidSidecarError';
  }
}

/** Reads and checks a sidecar file. */
export async function readAssetSidecar(path: string): Promise<AssetSidecar> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new InvalidSidecarError(path, 'not readable JSON', { cause: error });
  }
  const parsed = assetSidecarSchema.safeParse(value);
  if (!parsed.success) throw new InvalidSidecarError(path, `not an asset sidecar (${z.prettifyError(parsed.error).replace(/\s+/g, ' ')})`);
  return parsed.data;
}
