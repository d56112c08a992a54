import Database from 'better-sqlite3';

/**
 * Which compiled better-sqlite3 addon this process loads. Node (tests, web mode, the CLI) uses the
 * package's own build; the Electron shell points it at a build for Electron's ABI, kept in its own
 * folder so the two never overwrite each other. A process property, like its runtime: set once at start.
 */
let nativeBinding: string | undefined;

/** Called by the Electron shell before the library opens; `undefined` means the package's own build. */
export function useSqliteNativeBinding(path: string | undefined): void {
  nativeBinding = path;
}

/** The options every connection of the library opens with. */
export function sqliteOpenOptions(): Database.Options {
  return nativeBinding === undefined ? {} : { nativeBinding };
}

/**
 * Loads the addon once (opening a throwaway in-memory database) and reports why it cannot load,
 * so a shell can name the problem and its fix instead of failing later with a stack trace.
 */
export function probeSqliteBinding(path: string | undefined): { ok: true } | { ok: false; error: Error } {
  try {
    new Database(':memory:', path === undefined ? {} : { nativeBinding: path }).close();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}
