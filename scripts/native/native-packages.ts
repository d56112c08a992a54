// Which installed packages the app ships, and which of them carry native parts. The packaging
// configuration unpacks those from app.asar (a library or executable cannot load from inside the
// archive), so a package added later is unpacked without anyone editing a list.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { isNativeFile, readHead } from './native-files';

export interface ShippedPackage {
  name: string;
  /** Folder relative to the project, with forward slashes: `node_modules/@img/sharp-linux-x64`. */
  folder: string;
  /** Names of its dependencies (and installed optional dependencies) that the app ships. */
  dependencies: string[];
}

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifest = (folder: string): Manifest => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest;
const dependencyNames = (m: Manifest): string[] => [...new Set([...Object.keys(m.dependencies ?? {}), ...Object.keys(m.optionalDependencies ?? {})])];

/** Where Node would find `name` from `from`: the nearest `node_modules/<name>` up to the project. */
function resolvePackage(root: string, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dirname(dir) === dir) return undefined;
  }
}

/**
 * The production dependencies of the project at `root` as installed (the packages electron-builder
 * copies into the app): `dependencies` and installed `optionalDependencies`, transitively.
 */
export function shippedPackages(root: string): ShippedPackage[] {
  const found = new Map<string, ShippedPackage>();
  const visit = (from: string, names: string[]): string[] => {
    const reached: string[] = [];
    for (const name of names) {
      const folder = resolvePackage(root, from, name);
      // A missing optional dependency (another platform's build) is simply not shipped.
      if (folder === undefined) continue;
      reached.push(name);
      const key = relative(root, folder).split(sep).join('/');
      if (found.has(key)) continue;
      const entry: ShippedPackage = { name, folder: key, dependencies: [] };
      found.set(key, entry);
      entry.dependencies = visit(folder, dependencyNames(manifest(folder)));
    }
    return reached;
  };
  visit(root, dependencyNames(manifest(root)));
  return [...found.values()].sort((a, b) => a.folder.localeCompare(b.folder));
}

/** The package's native files, relative to its folder (nested packages are their own entries). */
export function nativeFilesOf(packageFolder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory()) walk(path, `${name}/`);
      else if (entry.isFile() && isNativeFile(name, lstatSync(path).mode, () => readHead(path))) files.push(name);
    }
  };
  walk(packageFolder, '');
  return files.sort();
}

/**
 * The `asarUnpack` patterns: every shipped package with native parts, and every package that loads
 * one of those (sharp loads `@img/sharp-<platform>`, which loads `@img/sharp-libvips-<platform>`),
 * as sharp's documentation asks. Whole packages, so a library finds its neighbours on disk.
 */
export function unpackPatterns(root: string, packages: ShippedPackage[] = shippedPackages(root)): string[] {
  const native = new Set(packages.filter((p) => nativeFilesOf(join(root, p.folder)).length > 0).map((p) => p.name));
  const loaders = packages.filter((p) => p.dependencies.some((name) => native.has(name)));
  const unpacked = new Set([...packages.filter((p) => native.has(p.name)), ...loaders].map((p) => `${p.folder}/**`));
  return [...unpacked].sort();
}
