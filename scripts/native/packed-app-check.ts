// Checks a packed app's native parts, as the packaging stage can on this machine: nothing native
// left inside app.asar (it cannot load from there), and every addon, library and executable outside
// it finds all its libraries (`ldd`) and, for addons Node can load, actually loads (`process.dlopen`).
import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { extractFile, getRawHeader } from '@electron/asar';
import { binaryFormatOf, isNativeFile, isNativeLibraryName, readHead } from './native-files';

/**
 * Native files allowed to stay inside app.asar. Each needs its reason, e.g.
 * `{ pattern: /^node_modules\/x\/prebuilds\/win32-ia32\//, why: 'another platform's build, never loaded here' }`.
 * None today: every native part the app ships is unpacked.
 */
export const ARCHIVE_EXCEPTIONS: readonly { pattern: RegExp; why: string }[] = [];

export interface UnpackedNative {
  /** Path relative to the resources folder, with forward slashes. */
  file: string;
  /** `ldd`: every library found, some missing, none needed (static), or not checked (not ELF, another platform). */
  libraries: 'resolved' | 'missing' | 'none' | 'not-checked';
  /** Addons only: loaded under this Node, or built for another runtime's ABI (Electron's), so only `ldd` applies. */
  load?: 'loaded' | 'other-abi';
}

export interface PackedNativeReport {
  /** Native files inside app.asar that no exception allows. */
  inArchive: string[];
  unpacked: UnpackedNative[];
  /** Everything wrong, one line each; empty when the app's native parts will load. */
  problems: string[];
}

interface HeaderNode {
  files?: Record<string, HeaderNode>;
  unpacked?: boolean;
  executable?: boolean;
  link?: string;
}

/** Files stored inside the archive (not unpacked), with whether each is marked executable. */
function archivedFiles(archive: string): { path: string; executable: boolean }[] {
  const files: { path: string; executable: boolean }[] = [];
  const walk = (node: HeaderNode, prefix: string): void => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix === '' ? name : `${prefix}/${name}`;
      if (child.files) walk(child, path);
      else if (child.link === undefined && child.unpacked !== true) files.push({ path, executable: child.executable === true });
    }
  };
  walk(getRawHeader(archive).header, '');
  return files;
}

/** Native files left inside the archive: libraries by name, executables by their first bytes. */
export function nativeFilesInArchive(archive: string): string[] {
  return archivedFiles(archive)
    .filter(({ path, executable }) => isNativeLibraryName(path) || (executable && binaryFormatOf(extractFile(archive, path).subarray(0, 4)) !== undefined))
    .map(({ path }) => path)
    .filter((path) => !ARCHIVE_EXCEPTIONS.some((exception) => exception.pattern.test(path)));
}

function filesBelow(dir: string, skip: (path: string) => boolean): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip(path)) continue;
    if (entry.isDirectory()) files.push(...filesBelow(path, skip));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** Libraries `ldd` cannot find for an ELF file (empty for a static one). */
export function missingLibraries(file: string): { dynamic: boolean; missing: string[] } {
  const result = spawnSync('ldd', [file], { encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  if (/not a dynamic executable|statically linked/.test(output)) return { dynamic: false, missing: [] };
  if (result.error) throw new Error(`ldd could not run: ${result.error.message}`);
  const missing = output
    .split('\n')
    .filter((line) => /=>\s*not found/.test(line))
    .map((line) => line.trim().split(/\s+/)[0] ?? line.trim());
  return { dynamic: true, missing };
}

/** Loads an addon with `process.dlopen` in a child Node process. */
export function loadAddon(file: string): { loaded: true } | { loaded: false; otherAbi: boolean; error: string } {
  const script = 'const m = { exports: {} }; process.dlopen(m, process.argv[1]);';
  const result = spawnSync(process.execPath, ['-e', script, file], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (result.status === 0) return { loaded: true };
  const error = (result.stderr || result.error?.message || `exit ${result.status ?? 'by signal'}`).trim();
  // An addon built for Electron names its NODE_MODULE_VERSION, which is never Node's.
  return { loaded: false, otherAbi: /NODE_MODULE_VERSION/.test(error), error: error.split('\n').find((line) => /Error|error:/.test(line)) ?? error };
}

export interface PackedAppCheckOptions {
  /** Whether the packed app is for this machine's platform and architecture: only then can `ldd` and `dlopen` run. */
  runnable: boolean;
}

/** Checks the native parts of the packed app whose resources folder is `resources`. */
export function checkPackedNatives(resources: string, options: PackedAppCheckOptions): PackedNativeReport {
  const archive = join(resources, 'app.asar');
  const inArchive = nativeFilesInArchive(archive);
  const problems = inArchive.map((path) => `${path} is inside app.asar, where it cannot load: unpack its package (asarUnpack) or add a commented exception`);
  const unpacked: UnpackedNative[] = [];
  const canLdd = options.runnable && process.platform === 'linux';
  for (const path of filesBelow(resources, (p) => p === archive)) {
    const file = relative(resources, path).split(sep).join('/');
    if (!isNativeFile(file, lstatSync(path).mode, () => readHead(path))) continue;
    const entry: UnpackedNative = { file, libraries: 'not-checked' };
    const elf = binaryFormatOf(readHead(path)) === 'elf';
    if (canLdd && elf) {
      const { dynamic, missing } = missingLibraries(path);
      entry.libraries = !dynamic ? 'none' : missing.length === 0 ? 'resolved' : 'missing';
      if (missing.length > 0) problems.push(`${file} needs libraries that are not found: ${missing.join(', ')}`);
    } else if (canLdd && file.endsWith('.node')) {
      problems.push(`${file} is not a loadable library for this platform`);
    }
    if (options.runnable && file.endsWith('.node')) {
      const load = loadAddon(path);
      if (load.loaded) entry.load = 'loaded';
      else if (load.otherAbi) entry.load = 'other-abi';
      else problems.push(`${file} does not load: ${load.error}`);
    }
    unpacked.push(entry);
  }
  return { inArchive, unpacked, problems };
}
