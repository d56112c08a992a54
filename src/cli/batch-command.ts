/**
 * `atelier batch`: check every line, then run the jobs on the studio's job engine and report.
 * Order matters for the user's money: nothing is uploaded or submitted until every line of the
 * file is valid, and a batch is keyed by its input so that running the same command again
 * resumes it instead of submitting its jobs a second time.
 */
import { join } from 'node:path';
import { defaultDataDir } from '../main/core/paths';
import { EXIT, type BatchArgs } from './args';
import { formatNotes, formatProblem, readBatchInput } from './batch-input';
import type { CliIo } from './cli-io';
import { apiKeyFor } from './gateway-connection';
import { jsonResult } from './report';
import { runBatch } from './run-batch';

/**
 * The CLI's own library folder beside the studio's, unless `--library` names another. Not the
 * studio's own: two engines on one library at once would each see the other's jobs.
 */
function defaultLibraryRoot(): string {
  return join(defaultDataDir(), 'cli-library');
}

export async function runBatchCommand(args: BatchArgs, io: CliIo): Promise<number> {
  // The key is checked first: a missing key is a usage error, whatever the file holds.
  const apiKey = apiKeyFor(args.gateway, io.env);
  const input = await readBatchInput(args.jobsFile);
  if (input.problems.length > 0) {
    const count = input.problems.length;
    io.stderr.write(`${input.path}: ${count} problem${count === 1 ? '' : 's'}; nothing was submitted.\n`);
    for (const problem of input.problems) io.stderr.write(`  ${formatProblem(problem)}\n`);
    if (args.json) io.stdout.write(`${JSON.stringify(jsonResult([], { id: null, resumed: false }, input.problems))}\n`);
    return EXIT.usage;
  }
  for (const note of formatNotes(input.warnings)) io.stderr.write(`note: ${note}\n`);
  return runBatch({ args, io, input, apiKey, libraryRoot: args.library ?? defaultLibraryRoot() });
}
