import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '../core/private-files';
import type { StartupProblem } from './startup-failure';

/** The start-up log's file name in the app's logs folder. */
const STARTUP_LOG = 'startup.log';

/**
 * Appends a failed start to `<logs>/startup.log` (owner-only): when, what the user was told, and the
 * whole error with its stack and causes, so the log holds what the dialog leaves out. Returns the file.
 */
export function writeStartupLog(logsDir: string, entry: { at: Date; version: string; problem: StartupProblem; error: unknown }): string {
  ensurePrivateDir(logsDir);
  const file = join(logsDir, STARTUP_LOG);
  const lines = [
    `${entry.at.toISOString()} Atelier ${entry.version} could not start: ${entry.problem.kind}${entry.problem.path ? ` (${entry.problem.path})` : ''}`,
    ...describeError(entry.error).map((line) => `  ${line}`),
    '',
  ];
  appendFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

/** The error, its stack and its chain of causes, line by line. */
function describeError(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error)) return [String(error)];
  const lines = (error.stack ?? `${error.name}: ${error.message}`).split('\n');
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') lines.splice(1, 0, `code: ${code}`);
  if (error.cause !== undefined && depth < 5) lines.push('caused by:', ...describeError(error.cause, depth + 1));
  return lines;
}
