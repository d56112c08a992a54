// What went wrong when the studio could not start, in terms the start-up dialog can explain with a
// fix. Each start-up step is named (`StartupStepError`), so the cause is read from where it failed
// and the error's code, never guessed from a stack. Pure: tested on plain Node.

/** The steps of start-up that can fail for a reason the user can fix. */
export type StartupStep = 'data-folder' | 'settings' | 'library' | 'engine';

/** An error of one start-up step, with the file or folder it concerned. */
class StartupStepError extends Error {
  constructor(
    readonly step: StartupStep,
    /** The settings file, the data folder or the library folder. */
    readonly path: string,
    override readonly cause: unknown,
  ) {
    super(`${step}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StartupStepError';
  }
}

/** Runs one start-up step, naming it in any error it throws. */
export async function startupStep<T>(step: StartupStep, path: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof StartupStepError ? error : new StartupStepError(step, path, error);
  }
}

export const STARTUP_PROBLEM_KINDS = [
  'settings-damaged',
  'settings-unreadable',
  'data-folder-unwritable',
  'library-unwritable',
  'database-locked',
  'database-damaged',
  'database-too-new',
  'unknown',
] as const;

export type StartupProblemKind = (typeof STARTUP_PROBLEM_KINDS)[number];

export interface StartupProblem {
  kind: StartupProblemKind;
  /** The file or folder concerned, when known. */
  path: string | undefined;
  /** The error's own words, for the dialog's details and the log. */
  cause: string;
}

const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST', 'ENOENT']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Reads a start-up failure into the problem the dialog explains. */
export function diagnoseStartupFailure(error: unknown): StartupProblem {
  const step = error instanceof StartupStepError ? error : undefined;
  const cause = step ? step.cause : error;
  const text = cause instanceof Error ? cause.message : String(cause);
  const code = codeOf(cause);
  const problem = (kind: StartupProblemKind): StartupProblem => ({ kind, path: step?.path, cause: text });
  if (step?.step === 'data-folder') return problem('data-folder-unwritable');
  if (step?.step === 'settings') return problem(cause instanceof SyntaxError ? 'settings-damaged' : 'settings-unreadable');
  // The library and the engine: SQLite's own codes first, then the file system's.
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || /database is locked/i.test(text)) return problem('database-locked');
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return problem('database-damaged');
  if ((cause as { name?: unknown } | null)?.name === 'SchemaTooNewError') return problem('database-too-new');
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN' || (code !== undefined && NOT_WRITABLE.has(code))) {
    // The file system names the folder or file it refused, which may lie below the library folder.
    const refused = (cause as { path?: unknown }).path;
    return { ...problem('library-unwritable'), ...(typeof refused === 'string' ? { path: refused } : {}) };
  }
  return problem('unknown');
}

/** What the dialog offers besides quitting. */
export type StartupAction = 'quit' | 'show-log' | 'set-aside-settings';

/** The actions for a problem, the first being the default. */
export function startupActions(problem: StartupProblem): StartupAction[] {
  return problem.kind === 'settings-damaged' ? ['quit', 'set-aside-settings', 'show-log'] : ['quit', 'show-log'];
}

/** The name a damaged settings file is moved to, so nothing in it is lost: `settings.damaged-2026-01-02T03-04-05.json`. */
export function setAsideName(file: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  return file.replace(/(\.json)?$/, `.damaged-${stamp}$1`);
}
