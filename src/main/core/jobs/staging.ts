/**
 * Results that arrive inside an answer (Base64 images of direct variants, or addresses of a
 * direct `url` answer) exist nowhere else: they are written to a staging file in the library
 * folder, flushed to disk, before the job moves on. A crash after that point loses nothing; the
 * downloader turns staged results into library files and then removes the staging file.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../library';

/** Hidden folder of the library root; library scans only look at dated folders. */
export const STAGING_FOLDER = '.staging';

export const stagedResultSchema = z.object({
  b64: z.string().optional(),
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

/** Staged results per job (direct answers) or per task (task records that inline Base64). */
export class ResultStaging {
  constructor(private readonly libraryRoot: string) {}

  private pathOf(owner: { jobId: string } | { taskId: string }): string {
    const name = 'jobId' in owner ? `job-${owner.jobId}` : `task-${owner.taskId}`;
    return join(this.libraryRoot, STAGING_FOLDER, `${encodeURIComponent(name)}.json`);
  }

  /** Writes (atomically, flushed) the results of a job's direct answer or of a task record. */
  async write(owner: { jobId: string } | { taskId: string }, manifest: StagedManifest): Promise<void> {
    await writeFileAtomic(this.pathOf(owner), JSON.stringify(manifestSchema.parse(manifest)));
  }

  /** The staged results, or undefined when there are none (or the file is unreadable). */
  async read(owner: { jobId: string } | { taskId: string }): Promise<StagedManifest | undefined> {
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

  async remove(owner: { jobId: string } | { taskId: string }): Promise<void> {
    await rm(this.pathOf(owner), { force: true });
  }
}
