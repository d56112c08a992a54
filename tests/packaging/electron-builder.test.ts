// Packs the built app with the project's electron-builder configuration, as `npm run dist` does,
// into an unpacked folder (`--linux dir`). The Electron runtime cannot be downloaded here, so a
// stand-in carries the fuse wire of a real Electron binary (its sentinel, version and defaults):
// what is checked is our configuration, not Electron. Needs `npm run build` first.
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installedElectronVersion } from '../../scripts/native/electron-sqlite';
import { checkPackedNatives, type PackedNativeReport } from '../../scripts/native/packed-app-check';
import { wasmBuildProblems } from '../../scripts/native/wasm-builds';
import { endWithThisProcess } from '../helpers/processes';
import { startPackedMain, type PackedMain } from './support/packed-main';

const root = join(import.meta.dirname, '../..');
const run = promisify(execFile);
const electronVersion = installedElectronVersion();
/** Node's build of the SQLite addon stands in for Electron's: a real library, so the native checks apply to it. */
const STAND_IN_ADDON = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');

/** Every temporary folder of this file (a packed app is about 100 MB), removed at the end. */
const scratch: string[] = [];
const scratchFolder = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** An unpacked "Electron" whose binary holds the fuse wire as Electron ships it (all defaults). */
function standInElectron(): string {
  const dir = scratchFolder('atelier-electron-dist-');
  // Sentinel, wire version 1, 8 fuses: RunAsNode on, cookie encryption off, NODE_OPTIONS on, inspect on,
  // ASAR integrity off, only-ASAR off, browser V8 snapshot off, file protocol privileges on.
  const wire = Buffer.concat([
    Buffer.from('#!/bin/sh\nexit 0\n'),
    Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
    Buffer.from([1, 8]),
    Buffer.from('10110001\n'),
  ]);
  writeFileSync(join(dir, 'electron'), wire, { mode: 0o755 });
  writeFileSync(join(dir, 'version'), electronVersion);
  writeFileSync(join(dir, 'LICENSE'), 'MIT');
  mkdirSync(join(dir, 'resources'));
  return dir;
}

/** A native folder with a stand-in Electron addon, so packaging does not need the network to build one. */
function nativeFolder(): string {
  const dir = scratchFolder('atelier-native-');
  mkdirSync(join(dir, `electron-v${electronVersion}-linux-x64`));
  copyFileSync(STAND_IN_ADDON, join(dir, `electron-v${electronVersion}-linux-x64`, 'better_sqlite3.node'));
  return dir;
}

interface Packed {
  /** The unpacked app (`linux-unpacked`), also when packing failed after electron-builder laid it out. */
  app: string;
  /** What electron-builder printed (its own checks say what they found). */
  log: string;
  /** Whether electron-builder ended without an error. */
  ok: boolean;
}

async function pack(env: Record<string, string> = {}, extraArgs: string[] = []): Promise<Packed> {
  const output = scratchFolder('atelier-dist-');
  const packing = run(
    join(root, 'node_modules/.bin/electron-builder'),
    ['--linux', 'dir', '--x64', '--publish', 'never', `-c.electronDist=${standInElectron()}`, `-c.directories.output=${output}`, ...extraArgs],
    { cwd: root, env: { ...process.env, ATELIER_NATIVE_DIR: nativeFolder(), ...env }, maxBuffer: 16 * 1024 * 1024 },
  );
  // Killed with the test worker should the test's deadline cut it off (tests/helpers/processes.ts).
  endWithThisProcess(packing.child);
  const app = join(output, 'linux-unpacked');
  return packing.then(
    ({ stdout, stderr }) => ({ app, log: `${stdout}${stderr}`, ok: true }),
    (error: unknown) => {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      return { app, log: `${stdout}${stderr}`, ok: false };
    },
  );
}

/**
 * A pack of a configuration that leaves a native library inside the archive (the unpack list before
 * it was derived: only ffmpeg, so libvips stayed in app.asar), given an update feed. Packing is the
 * slowest step of this file, so the one pack answers two questions: electron-builder writes the feed
 * in its own after-pack step, which runs before ours, whose native check then refuses the app.
 */
let misconfigured: Promise<Packed>;
let app: string;
let archive: string[];
/** What the pack of the app printed (its own checks say what they found). */
let packLog: string;

beforeAll(async () => {
  if (!existsSync(join(root, 'out/main/index.js'))) throw new Error('Run "npm run build" before the packaging check.');
  delete process.env.ATELIER_UPDATE_URL;
  // Both packs at once: each waits on the disk and its child processes much of the time.
  misconfigured = pack({ ATELIER_UPDATE_URL: 'https://updates.example.com/atelier' }, ['-c.asarUnpack=node_modules/@ffmpeg-installer/**']);
  const packed = await pack();
  if (!packed.ok) throw new Error(`electron-builder failed:\n${packed.log}`);
  ({ app, log: packLog } = packed);
  archive = listPackage(join(app, 'resources/app.asar'), { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
}, 300_000);

describe('the packaged app', () => {
  it('sets the Electron fuses: no RunAsNode, no NODE_OPTIONS, no inspect, encrypted cookies, the app only from a checked ASAR', async () => {
    const wire = await getCurrentFuseWire(join(app, 'atelier'));
    // A fuse is the character '1' (49) when on and '0' (48) when off.
    const on = (option: FuseV1Options): boolean => Number(wire[option]) === '1'.charCodeAt(0);
    expect(on(FuseV1Options.RunAsNode)).toBe(false);
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false);
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe(false);
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe(true);
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true);
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true);
    expect(on(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(false);
  });

  it('holds the built app and its icons in the archive, and no source, test or dev tool', () => {
    for (const file of [
      '/out/main/index.js',
      '/out/main/web.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/resources/icon.png',
      '/resources/tray.png',
      '/resources/trayTemplate.png',
      '/resources/drag-icon.png',
      '/package.json',
    ]) {
      expect(archive).toContain(file);
    }
    for (const dependency of ['better-sqlite3/lib/index.js', 'electron-updater/package.json', 'sharp/package.json', 'zod/package.json'])
      expect(archive).toContain(`/node_modules/${dependency}`);
    const stray = archive.filter((entry) =>
      /^\/(src|tests|scripts|bench|\.native)\/|^\/node_modules\/(electron|vitest|@playwright|electron-builder|typescript)\/|\.map$/.test(entry),
    );
    expect(stray).toEqual([]);
  });

  it("leaves Node's better-sqlite3 build out and carries the Electron build as resources/native", () => {
    expect(archive.filter((entry) => entry.startsWith('/node_modules/better-sqlite3/') && /\/(build|deps|src)\//.test(entry))).toEqual([]);
    expect(readFileSync(join(app, 'resources/native/better_sqlite3.node')).equals(readFileSync(STAND_IN_ADDON))).toBe(true);
  });

  it('leaves no native library inside app.asar; every one outside finds its libraries, and each addon Node can load loads', () => {
    const report: PackedNativeReport = checkPackedNatives(join(app, 'resources'), { runnable: true });
    expect(report.problems).toEqual([]);
    expect(report.inArchive).toEqual([]);
    const unpacked = (pattern: RegExp) => report.unpacked.filter((entry) => pattern.test(entry.file));
    // sharp's addon and the libvips it links to, side by side on disk, as it loads in the app.
    expect(unpacked(/^app\.asar\.unpacked\/node_modules\/@img\/sharp-linux-x64\/lib\/sharp-linux-x64-[\d.]+\.node$/)).toEqual([
      expect.objectContaining({ libraries: 'resolved', load: 'loaded' }),
    ]);
    expect(unpacked(/^app\.asar\.unpacked\/node_modules\/@img\/sharp-libvips-linux-x64\/lib\/libvips-cpp\.so\.[\d.]+$/)).toEqual([
      expect.objectContaining({ libraries: 'resolved' }),
    ]);
    expect(unpacked(/^native\/better_sqlite3\.node$/)).toEqual([expect.objectContaining({ libraries: 'resolved', load: 'loaded' })]);
  });

  it("unpacks what must load from disk: the image library and its WebAssembly build's worker script", () => {
    expect(existsSync(join(app, 'resources/app.asar.unpacked/node_modules/@img'))).toBe(true);
    expect(existsSync(join(app, 'resources/app.asar.unpacked/node_modules/@img/sharp-wasm32/lib'))).toBe(true);
  });

  it('carries the WebAssembly builds outside app.asar, whole, and the packed ffmpeg build starts', () => {
    const resources = join(app, 'resources');
    expect(wasmBuildProblems(resources, { runnable: true })).toEqual([]);
    // The pack step itself ran the same check.
    expect(packLog).toMatch(/WebAssembly builds unpacked, ffmpeg started/);
    // The archive lists unpacked files too; each of them must be marked as living outside it.
    for (const entry of archive.filter((name) => name.endsWith('.wasm'))) expect(entry).toMatch(/^\/node_modules\/(@ffmpeg\/core|@img\/sharp-wasm32)\//);
  });

  it('would be caught leaving a WebAssembly build inside the archive', () => {
    // The same resources, with ffmpeg's build not unpacked.
    const resources = join(app, 'resources');
    const partial = scratchFolder('atelier-partial-');
    mkdirSync(join(partial, 'app.asar.unpacked/node_modules/@img'), { recursive: true });
    symlinkSync(join(resources, 'app.asar'), join(partial, 'app.asar'));
    cpSync(join(resources, 'app.asar.unpacked/node_modules/@img/sharp-wasm32'), join(partial, 'app.asar.unpacked/node_modules/@img/sharp-wasm32'), {
      recursive: true,
    });
    const problems = wasmBuildProblems(partial, { runnable: true });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/@ffmpeg\/core \(.*ffmpeg-core\.js\$\) is not outside app\.asar, where video posters/);
  });

  it('writes no update feed unless one is configured', () => {
    expect(existsSync(join(app, 'resources/app-update.yml'))).toBe(false);
  });
});

describe('the packed main process, started from app.asar under Node with a stand-in for Electron', () => {
  // Our bundle as packed: module resolution inside the archive, what is unpacked, native loading,
  // start-up order, the IPC routes and the media protocol. Not Chromium, the window or Electron itself
  // (docs/desktop.md says what only a machine with the runtime verifies).
  let main: PackedMain | undefined;
  afterAll(() => main?.dispose());

  interface Asset {
    id: string;
    mediaPath: string;
    thumbPath: string | null;
  }
  const value = async <T>(route: string, input: unknown): Promise<T> => (await (main as PackedMain).call(route, input)) as T;
  const batchOf = (name: string, prompt: string) => ({
    name,
    variantIds: ['image.gen-image-2.direct'],
    prompts: [prompt],
    countPerPrompt: 1,
    values: {},
  });

  it("opens its window, makes a demo image through the window's calls, serves it through atelier-media, exports it, and quits with a job queued", async () => {
    main = await startPackedMain(app, electronVersion);
    const started = main;
    // The page, served from the archive through atelier-app: the studio has started.
    const loaded = await started.waitFor('window.loaded', 120_000);
    expect(loaded.detail).toEqual({ url: 'atelier-app://studio/index.html', status: 200 });
    expect(started.records.filter((record) => record.what.startsWith('dialog.'))).toEqual([]);
    expect(started.records.find((record) => record.what === 'BrowserWindow')?.detail).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });

    // One demo image, asked for as the window asks.
    await value('jobs.create_batch', batchOf('Lighthouse', 'a lighthouse at dusk'));
    const asset = await vi.waitFor(
      async () => {
        const [made] = (await value<{ items: Asset[] }>('library.list_assets', {})).items;
        if (made?.thumbPath == null) throw new Error(`no thumbnail yet:\n${started.output()}`);
        return made;
      },
      { timeout: 120_000, interval: 500 },
    );

    // Read back through the media protocol, the picture and its thumbnail (made by the image library in the packed app).
    const picture = await started.fetch(`atelier-media://library/${asset.mediaPath}`);
    expect(picture).toMatchObject({ status: 200, type: 'image/png' });
    expect(picture.body.subarray(1, 4).toString()).toBe('PNG');
    expect((await started.fetch(`atelier-media://library/${asset.thumbPath ?? ''}`)).status).toBe(200);
    expect((await started.fetch('atelier-media://library/..%2f..%2fetc/passwd')).status).toBe(404);

    // Exported where the save dialog says (it accepts main's proposal in Downloads), with its recipe.
    const exported = await value<{ saved: boolean; items: number }>('desktop.export_assets', { ids: [asset.id] });
    expect(exported).toMatchObject({ saved: true, items: 1 });
    const downloads = join(started.home, 'Downloads');
    const [file] = readdirSync(downloads);
    const bytes = readFileSync(join(downloads, file ?? ''));
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.includes(Buffer.from('a lighthouse at dusk'))).toBe(true);

    // A job left queued, then the quit the system asks for at logout: the studio stops, the process exits cleanly.
    await value('jobs.pause_queue', {});
    await value('jobs.create_batch', batchOf('Heron', 'a heron at dawn'));

    // A gateway on the internet is reached through the system's proxy settings, which main asks Electron's
    // session for (the demo gateway, on this computer, never is); its key is sealed by the keyring.
    expect(started.records.filter((record) => record.what === 'session.resolveProxy')).toEqual([]);
    const profile = await value<{ id: string }>('profiles.save', { name: 'Studio gateway', baseUrl: 'https://gateway.invalid' });
    await value('profiles.set_api_key', { id: profile.id, apiKey: 'sk-stand-in-0123456789' });
    void started.call('profiles.test_connection', { id: profile.id }).catch(() => undefined);
    expect((await started.waitFor('session.resolveProxy', 30_000)).detail).toBe('https://gateway.invalid');

    expect(await started.terminate()).toBe(0);
    const libraries = join(started.home, '.config', 'atelier', 'libraries');
    const [library] = readdirSync(libraries);
    const db = new Database(join(libraries, library ?? '', 'library.sqlite'), { readonly: true });
    try {
      expect(db.prepare('SELECT state, COUNT(*) AS n FROM jobs GROUP BY state ORDER BY state').all()).toEqual([
        { state: 'done', n: 1 },
        { state: 'queued', n: 1 },
      ]);
    } finally {
      db.close();
    }
  }, 300_000);
});

describe('the packed app started without the sandbox', () => {
  it("refuses, as where the AppImage's launcher adds --no-sandbox (user namespaces refused), saying to install the deb", async () => {
    const refused = await startPackedMain(app, electronVersion, { args: ['--no-sandbox'], env: { APPIMAGE: '/home/artist/Atelier-0.1.0.AppImage' } });
    try {
      const dialog = await refused.waitFor('dialog.showErrorBox', 60_000);
      expect(dialog.detail).toMatchObject({ title: 'Atelier cannot start safely', content: expect.stringMatching(/\.deb package/) as unknown });
      expect(await refused.exited).toBe(1);
      expect(refused.records.map((record) => record.what)).not.toContain('BrowserWindow');
    } finally {
      refused.dispose();
    }
  }, 120_000);
});

describe('a configuration that leaves a native library inside the archive', () => {
  it('fails to pack, naming the library and what needs it (the check that caught the app dying at start-up)', async () => {
    const { ok, log } = await misconfigured;
    expect(ok).toBe(false);
    expect(log).toMatch(/libvips-cpp\.so[\d.]* is inside app\.asar[\s\S]*sharp-linux-x64[^\n]*needs libraries that are not found: libvips-cpp/);
  }, 180_000);
});

describe('an update feed given at packaging', () => {
  it('is written into the app for electron-updater', async () => {
    const withFeed = await misconfigured;
    const feed = readFileSync(join(withFeed.app, 'resources/app-update.yml'), 'utf8');
    expect(feed).toContain('provider: generic');
    expect(feed).toContain('url: https://updates.example.com/atelier');
  }, 180_000);
});
