/**
 * Programs the tests start as child processes (the CLI, the demo gateway's command, crash and
 * leak fixtures), bundled once per test run by esbuild into `.tmp/test-bundles/` (the
 * integration project's global setup does it), so each launch loads one file instead of
 * transpiling and resolving every module of the app again.
 */
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** Where the bundles go (git-ignored with the rest of `.tmp/`). */
const BUNDLE_DIR = join(REPO_ROOT, '.tmp', 'test-bundles');

/** Each program by name, with its source entry. */
const BUNDLED_ENTRIES = {
  /** `npm run atelier`: the batch command line. */
  cli: 'src/cli/index.ts',
  /** `npm run sim`: the demo gateway on its own. */
  sim: 'src/simulator/cli.ts',
  /** Web mode's command (without the built renderer beside it: the API and event stream only). */
  'web-mode': 'src/main/web/cli.ts',
  'crash-child': 'tests/integration/jobs/crash-child.ts',
  'submit-then-crash': 'tests/integration/library/fixtures/submit-then-crash.ts',
  'in-process-studio': 'tests/integration/security/fixtures/in-process-studio.ts',
} as const;

export type BundledEntry = keyof typeof BUNDLED_ENTRIES;

/** The bundled file of a program, to run with `node <file>`. */
export function bundledEntry(name: BundledEntry): string {
  return join(BUNDLE_DIR, `${name}.mjs`);
}

/** Bundles every program: the app's and the tests' own code inlined, packages left to node_modules. */
export async function bundleEntries(): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: Object.fromEntries(Object.entries(BUNDLED_ENTRIES).map(([name, source]) => [name, join(REPO_ROOT, source)])),
    outdir: BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Shared modules go to common chunks, so the programs together cost about one app's size.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}
