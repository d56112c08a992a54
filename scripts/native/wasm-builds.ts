// The WebAssembly builds the packed app loads from disk: worker threads read their scripts and
// modules by path, which cannot reach inside app.asar, so each package is unpacked whole and the
// packed app's check finds every file it loads outside the archive. ffmpeg's build is also
// started once from there (a child Node process runs `ffmpeg -version` on it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface WasmPackage {
  name: string;
  /** Files the app loads, relative to the package (with `/`). */
  files: readonly RegExp[];
  why: string;
}

export const WASM_PACKAGES: readonly WasmPackage[] = [
  {
    name: '@ffmpeg/core',
    files: [/^dist\/umd\/ffmpeg-core\.js$/, /^dist\/umd\/ffmpeg-core\.wasm$/],
    why: 'video posters, frame grabs and the demo videos, in a worker thread',
  },
  {
    name: '@img/sharp-wasm32',
    files: [/^lib\/sharp-wasm32-[\d.]+\.node\.js$/, /^lib\/sharp-wasm32-[\d.]+\.node\.wasm$/],
    why: "image work in Electron's main process (its worker threads load their script by path)",
  },
];

/** `asarUnpack` patterns of the builds (their runtime, @emnapi, is listed beside them in the config). */
export function wasmUnpackPatterns(): string[] {
  return WASM_PACKAGES.map((entry) => `node_modules/${entry.name}/**`);
}

/** Runs `ffmpeg -version` on the core at `core` with the module at `wasm`, in a child Node process. */
function startsFfmpeg(core: string, wasm: string): { ok: boolean; detail: string } {
  const script = `
    globalThis.self = { location: { href: require('node:url').pathToFileURL(process.argv[1]).href } };
    require(process.argv[1])({ wasmBinary: require('node:fs').readFileSync(process.argv[2]) }).then((core) => {
      let line = '';
      core.setLogger(({ message }) => { if (line === '') line = message; });
      const code = core.exec('-version');
      process.stdout.write(line);
      process.exit(code === 0 ? 0 : 1);
    }, (error) => { process.stderr.write(String(error)); process.exit(1); });`;
  const result = spawnSync(process.execPath, ['-e', script, core, wasm], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_OPTIONS: '' } });
  return {
    ok: result.status === 0 && /ffmpeg version/.test(result.stdout),
    detail: (result.stdout || result.stderr || result.error?.message || '').trim().slice(0, 200),
  };
}

/** Non-empty files below `dir`, relative to it with `/`. */
function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(dir, file)).isFile() && statSync(join(dir, file)).size > 0)
    .map((file) => relative(dir, join(dir, file)).split(sep).join('/'));
}

/** Problems with the WebAssembly builds of the packed app whose resources folder is `resources`. */
export function wasmBuildProblems(resources: string, options: { runnable: boolean }): string[] {
  const unpacked = join(resources, 'app.asar.unpacked', 'node_modules');
  const problems: string[] = [];
  for (const entry of WASM_PACKAGES) {
    const present = filesIn(join(unpacked, entry.name));
    for (const file of entry.files) {
      if (!present.some((path) => file.test(path))) {
        problems.push(`${entry.name} (${file.source.replaceAll('\\', '')}) is not outside app.asar, where ${entry.why} must read it: unpack ${entry.name}`);
      }
    }
  }
  if (problems.length === 0 && options.runnable) {
    const core = join(unpacked, '@ffmpeg/core/dist/umd/ffmpeg-core.js');
    const started = startsFfmpeg(core, join(unpacked, '@ffmpeg/core/dist/umd/ffmpeg-core.wasm'));
    if (!started.ok) problems.push(`the packed ffmpeg WebAssembly build does not start: ${started.detail}`);
  }
  return problems;
}
