// The built main bundle's entry, read as Electron loads it: what its static imports pull in before
// start-up's guard (the start-up dialog and startup.log) is in place. Needs `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const entry = join(import.meta.dirname, '../../out/main/index.js');

/** The modules a built file imports statically (`import … from "x"`, `import "x"`), not `import("x")`. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\s+(?:[^'"();]*?\s+from\s+)?["']([^"']+)["'];?/gm)].map((match) => match[1] ?? '');
}

/** Every package and built-in the entry loads before any of its code runs, following its own chunks. */
function packagesLoadedAtStart(file: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const specifier of staticImports(path)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(path), specifier));
      else packages.add(specifier);
    }
  };
  visit(file);
  return packages;
}

describe("the Electron entry's static imports", () => {
  it('load only electron and Node built-ins: the studio (SQLite, the image library, the HTTP client) loads inside the start-up guard', () => {
    if (!existsSync(entry)) throw new Error('Run "npm run build" before the packaging check.');
    const loaded = [...packagesLoadedAtStart(entry)];
    expect(loaded).toContain('electron');
    expect(loaded.filter((name) => name !== 'electron' && !name.startsWith('node:'))).toEqual([]);
  });
});
