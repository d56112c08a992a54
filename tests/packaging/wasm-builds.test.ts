// The packed desktop app carries its WebAssembly builds (ffmpeg's, sharp's) where worker threads
// can load them: outside app.asar, whole. Packs the built app with the project's configuration
// (`--linux dir`, a stand-in Electron binary, as electron-builder.test.ts explains) and checks the
// files, then starts the packed ffmpeg build. Needs `npm run build` first.
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedElectronVersion } from '../../scripts/native/electron-sqlite';
import { wasmBuildProblems } from '../../scripts/native/wasm-builds';

const root = join(import.meta.dirname, '../..');
const run = promisify(execFile);
const electronVersion = installedElectronVersion();

const scratch = mkdtempSync(join(tmpdir(), 'atelier-wasm-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let resources: string;
let packLog: string;

beforeAll(async () => {
  // A stand-in Electron (the fuse wire as Electron ships it) and a stand-in Electron SQLite addon.
  const electronDist = join(scratch, 'electron');
  mkdirSync(join(electronDist, 'resources'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from('#!/bin/sh\nexit 0\n'),
    Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
    Buffer.from([1, 8]),
    Buffer.from('10110001\n'),
  ]);
  writeFileSync(join(electronDist, 'electron'), wire, { mode: 0o755 });
  writeFileSync(join(electronDist, 'version'), electronVersion);
  writeFileSync(join(electronDist, 'LICENSE'), 'MIT');
  const native = join(scratch, 'native', `electron-v${electronVersion}-linux-x64`);
  mkdirSync(native, { recursive: true });
  copyFileSync(join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'), join(native, 'better_sqlite3.node'));
  const output = join(scratch, 'dist');
  const packed = await run(
    join(root, 'node_modules/.bin/electron-builder'),
    ['--linux', 'dir', '--x64', '--publish', 'never', `-c.electronDist=${electronDist}`, `-c.directories.output=${output}`],
    { cwd: root, env: { ...process.env, ATELIER_NATIVE_DIR: join(scratch, 'native'), ATELIER_UPDATE_URL: '' }, maxBuffer: 16 * 1024 * 1024 },
  );
  packLog = `${packed.stdout}${packed.stderr}`;
  resources = join(output, 'linux-unpacked/resources');
}, 240_000);

describe('the WebAssembly builds in the packed app', () => {
  it('are outside app.asar, whole, and the packed ffmpeg build starts', () => {
    expect(wasmBuildProblems(resources, { runnable: true })).toEqual([]);
    // The pack step itself ran the same check.
    expect(packLog).toMatch(/WebAssembly builds unpacked, ffmpeg started/);
    const archive = listPackage(join(resources, 'app.asar'), { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
    const wasmInArchive = archive.filter((entry) => /\.wasm$/.test(entry));
    // The archive lists unpacked files too; each of them must be marked as living outside it.
    for (const entry of wasmInArchive) expect(entry).toMatch(/^\/node_modules\/(@ffmpeg\/core|@img\/sharp-wasm32)\//);
  });

  it('are missed by the check when a build is left inside the archive', () => {
    // The same resources, with ffmpeg's build not unpacked.
    const partial = join(scratch, 'partial');
    mkdirSync(join(partial, 'app.asar.unpacked/node_modules/@img'), { recursive: true });
    symlinkSync(join(resources, 'app.asar'), join(partial, 'app.asar'));
    cpSync(join(resources, 'app.asar.unpacked/node_modules/@img/sharp-wasm32'), join(partial, 'app.asar.unpacked/node_modules/@img/sharp-wasm32'), {
      recursive: true,
    });
    const problems = wasmBuildProblems(partial, { runnable: true });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/@ffmpeg\/core \(.*ffmpeg-core\.js\$\) is not outside app\.asar, where video posters/);
  });
});
