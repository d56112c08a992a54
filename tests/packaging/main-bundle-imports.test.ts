/**
 * Electron's main process never loads native sharp: on Linux its libvips brings a GLib that
 * clashes with Electron's own. Walks the static import graph of the built main bundle
 * (`out/main/index.js` and the chunks it imports, as `npm run build` writes them) and the packages
 * it names, and finds no native image library: image work in main reaches sharp only through the
 * image library module, which loads the WebAssembly build at run time.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const entry = join(root, 'out/main/index.js');

/** A package that is, or brings, a native image library. */
function nativeImagePackage(name: string): boolean {
  return name === 'sharp' || (name.startsWith('@img/sharp-') && name !== '@img/sharp-wasm32') || name.includes('libvips');
}

/** The package a bare specifier names (`@scope/name/sub` -> `@scope/name`); undefined for `node:` built-ins. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

interface Graph {
  files: string[];
  /** Package name -> the bundle files that import it statically. */
  packages: Map<string, string[]>;
}

/** Every file and package reached from `start` through static `import` and `export ... from`. */
function staticGraph(start: string): Graph {
  const files: string[] = [];
  const packages = new Map<string, string[]>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (files.includes(file)) continue;
    files.push(file);
    const [imports] = parse(readFileSync(file, 'utf8'), file);
    // `d === -1`: a static import or re-export (dynamic imports and import.meta are not followed).
    for (const { n: specifier, d } of imports) {
      if (d !== -1 || specifier === undefined) continue;
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else {
        const name = packageOf(specifier);
        if (name !== undefined) packages.set(name, [...(packages.get(name) ?? []), file]);
      }
    }
  }
  return { files, packages };
}

/** The dependencies a package declares, transitively (those installed), with the path that reached each. */
function dependencyClosure(names: Iterable<string>): Map<string, string> {
  const load = createRequire(join(root, 'package.json'));
  const reached = new Map<string, string>();
  const queue = [...names].map((name) => ({ name, via: name }));
  while (queue.length > 0) {
    const { name, via } = queue.shift() ?? { name: '', via: '' };
    if (reached.has(name)) continue;
    reached.set(name, via);
    let manifest: { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    try {
      manifest = load(`${name}/package.json`) as typeof manifest;
    } catch {
      continue;
    }
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      queue.push({ name: dependency, via: `${via} > ${dependency}` });
    }
  }
  return reached;
}

describe('the Electron main bundle', () => {
  beforeAll(async () => {
    if (!existsSync(entry)) throw new Error('out/main/index.js is missing: run `npm run build` first');
    await init;
  });

  it('imports no native sharp or libvips, directly or through the packages it imports', () => {
    const { files, packages } = staticGraph(entry);
    expect(files.length).toBeGreaterThan(1);
    const direct = [...packages.entries()].filter(([name]) => nativeImagePackage(name)).map(([name, by]) => `${name} (imported by ${by.join(', ')})`);
    expect(direct).toEqual([]);
    const indirect = [...dependencyClosure(packages.keys()).entries()].filter(([name]) => nativeImagePackage(name)).map(([, via]) => via);
    expect(indirect).toEqual([]);
  });
});
