import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSqliteBinding } from '../core/library/sqlite-binding';
import { diagnoseNativeLoad, electronBuildFolder, sqliteBindingPath, type RuntimeFacts } from './native-binding';
import { shellText } from './shell-text';

const nodeBuild = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');

const runtime = (over: Partial<RuntimeFacts>): RuntimeFacts => ({
  electronVersion: '42.11.18',
  platform: 'linux',
  arch: 'x64',
  packaged: false,
  resourcesPath: '/opt/Atelier/resources',
  appPath: '/home/me/atelier',
  ...over,
});

describe('which better-sqlite3 build each runtime loads', () => {
  it("uses the package's own (Node) build on plain Node: tests, web mode and the CLI", () => {
    expect(sqliteBindingPath(runtime({ electronVersion: undefined }))).toBeUndefined();
  });

  it('uses the Electron build in its own folder when run from source, one folder per version and target', () => {
    expect(sqliteBindingPath(runtime({}))).toBe('/home/me/atelier/.native/electron-v42.11.18-linux-x64/better_sqlite3.node');
    expect(electronBuildFolder({ electronVersion: 'v41.0.0', platform: 'darwin', arch: 'arm64' })).toBe('electron-v41.0.0-darwin-arm64');
  });

  it('uses the copy the installer put in resources/native when packaged', () => {
    expect(sqliteBindingPath(runtime({ packaged: true }))).toBe('/opt/Atelier/resources/native/better_sqlite3.node');
  });

  it('never points Electron at the Node build inside node_modules', () => {
    for (const packaged of [true, false]) expect(sqliteBindingPath(runtime({ packaged }))).not.toContain('node_modules');
  });
});

describe('the start-up check of the native addon', () => {
  it('loads the Node build by default and through an explicit nativeBinding path', () => {
    expect(probeSqliteBinding(undefined)).toEqual({ ok: true });
    expect(probeSqliteBinding(nodeBuild)).toEqual({ ok: true });
  });

  it('names a missing Electron build as missing, with the command that builds it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'atelier-native-')), 'electron-v42-linux-x64', 'better_sqlite3.node');
    const probe = probeSqliteBinding(path);
    expect(probe.ok).toBe(false);
    if (probe.ok) return;
    const problem = diagnoseNativeLoad(probe.error);
    expect(problem.kind).toBe('missing');
    const message = shellText('en').native.message(problem, false, path);
    expect(message).toContain(path);
    expect(message).toContain('npm run native:electron');
    expect(shellText('zh-CN').native.message(problem, false, path)).toContain('npm run native:electron');
  });

  it('tells an installed copy to reinstall rather than to run a developer command', () => {
    const message = shellText('en').native.message({ kind: 'missing', cause: 'x' }, true, '/opt/x.node');
    expect(message).toMatch(/Reinstall Atelier/);
    expect(message).not.toContain('npm');
  });

  it('reads the ABI numbers from the loader message of an addon built for another runtime', () => {
    // Node's wording when an addon's NODE_MODULE_VERSION differs from the runtime's.
    const error = new Error(
      "The module '/p/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 146. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).",
    );
    const problem = diagnoseNativeLoad(error);
    expect(problem).toMatchObject({ kind: 'abi-mismatch', builtFor: 115, needs: 146 });
    expect(shellText('en').native.message(problem, false, '/p/better_sqlite3.node')).toContain('ABI 115; Electron needs 146');
  });

  it('reports a file that is not an addon at all as another problem, with the loader words as details', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'atelier-native-')), 'better_sqlite3.node');
    writeFileSync(path, 'not a shared library');
    const probe = probeSqliteBinding(path);
    expect(probe.ok).toBe(false);
    if (probe.ok) return;
    const problem = diagnoseNativeLoad(probe.error);
    expect(problem.kind).toBe('other');
    expect(shellText('en').native.message(problem, false, path)).toContain(probe.error.message);
  });
});
