/**
 * Results that arrive inside an answer (Base64 images of direct variants, or addresses of a
 * direct `url` answer) exist nowhere else: they are written to the staging folder of the library,
 * flushed to disk, before the job moves on. Base64 images are decoded there a slice at a time,
 * each into its own file, so the manifest holds no image data. A crash after that point loses
 * nothing; the downloader turns staged results into library files and then removes them.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../library';
import { PRIVATE_MODES } from '../private-files';
import { writeBase64File } from './base64-file';

/** Hidden folder of the library root; library scans only look at dated folders. */
export const STAGING_FOLDER = '.staging';

const stagedResultSchema = z.object({
  /** Base64 as an earlier version staged it; results are now decoded into `file`. */
  b64: z.string().optional(),
  /** A decoded result: a file name in the staging folder. */
  file: z
    .string()
    .regex(/^[\w.%-]+\.bin$/)
    .optional(),
  url: z.string().optional(),
  revisedPrompt: z.string().optional(),
});
export type StagedResult = z.infer<typeof stagedResultSchema>;

const manifestSchema = z.object({
  /** When the answer arrived (Unix ms): the assets' creation time. */
  receivedAt: z.number(),
  results: z.array(stagedResultSchema),
});
export type StagedManifest = z.infer<typeof manifestSchema>;

type Owner = { jobId: string } | { taskId: string };

/** Staged results per job (direct answers) or per task (task records that inline Base64). */
export class ResultStaging {
  constructor(private readonly libraryRoot: string) {}

  private nameOf(owner: Owner): string {
    return encodeURIComponent('jobId' in owner ? `job-${owner.jobId}` : `task-${owner.taskId}`);
  }

  private pathOf(owner: Owner): string {
    return join(this.libraryRoot, STAGING_FOLDER, `${this.nameOf(owner)}.json`);
  }

  /** Where a staged result's decoded file is. */
  fileOf(name: string): string {
    return join(this.libraryRoot, STAGING_FOLDER, name);
  }

  /** Writes (flushed) the results of a job's direct answer or of a task record, Base64 decoded into files first. */
  async write(owner: Owner, manifest: StagedManifest): Promise<void> {
    const results: StagedResult[] = [];
    for (const [index, result] of manifest.results.entries()) {
      const { b64, ...rest } = result;
      if (b64 === undefined || b64 === '') {
        results.push(rest);
        continue;
      }
      const file = `${this.nameOf(owner)}.${index}.bin`;
      await writeBase64File(b64, this.fileOf(file), { mode: PRIVATE_MODES.file });
      results.push({ ...rest, file });
    }
    await writeFileAtomic(this.pathOf(owner), JSON.stringify(manifestSchema.parse({ ...manifest, results })));
  }

  /** The staged results, or undefined when there are none (or the file is unreadable). */
  async read(owner: Owner): Promise<StagedManifest | undefined> {
    let text: string;
    try {
      text = await readFile(this.pathOf(owner), 'utf8');
    } catch {
      return undefined;
    }
    try {
      const parsed = manifestSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  async remove(owner: Owner): Promise<void> {
    const staged = await this.read(owner);
    for (const result of staged?.results ?? []) if (result.file !== undefined) await rm(this.fileOf(result.file), { force: true });
    await rm(this.pathOf(owner), { force: true });
  }
}
