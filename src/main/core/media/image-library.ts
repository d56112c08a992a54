/**
 * The one place core gets its image library from: sharp, with either its native libvips addon or
 * its WebAssembly build (`@img/sharp-wasm32`). Both offer the same API; the choice is made once
 * per process.
 *
 * Inside Electron, native libvips and Electron each bring their own GLib on Linux and crashes on
 * the first decode have been reported (sharp warns `SharpElectronLinux`), so image work in the
 * desktop app's main process runs on the WebAssembly build, which shares no native library with
 * Electron, on every platform: main never loads a native image addon. On plain Node (web mode,
 * the CLI, tests) the native build is safe and several times faster.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import type sharpModule from 'sharp';

/** The sharp function (`sharp(input, options)`), whichever build backs it. */
export type ImageLibrary = typeof sharpModule;

export type ImageBuild = 'native' | 'wasm';

export interface ImageBuildContext {
  /** `process.versions.electron`: set when running inside Electron. */
  electron: string | undefined;
  /** `ATELIER_IMAGE_BUILD`: forces a build on plain Node (benchmarks, tests of the WebAssembly path); never native inside Electron. */
  override: string | undefined;
}

/** The build a process should use: WebAssembly inside Electron, native on plain Node. */
export function chooseImageBuild(context: ImageBuildContext): ImageBuild {
  if (context.electron !== undefined) return 'wasm';
  if (context.override === 'native' || context.override === 'wasm') return context.override;
  return 'native';
}

/** This process's context for `chooseImageBuild`. */
function currentImageBuildContext(): ImageBuildContext {
  return { electron: process.versions.electron, override: process.env.ATELIER_IMAGE_BUILD };
}

// Not named `require`: the bundler declares its own in the shared chunk.
const load = createRequire(import.meta.url);

/** A file packed into Electron's archive is read from its unpacked copy where there is one (worker threads load it by path). */
function unpacked(path: string): string {
  const copy = path.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return copy !== path && existsSync(copy) ? copy : path;
}

/**
 * sharp bound to its WebAssembly addon. sharp's own loader tries the native addon first and
 * uses WebAssembly only when that fails; here the addon module sharp's JavaScript reads
 * (`dist/sharp.cjs`) is provided up front, so the native addon is never loaded. The copy of
 * sharp's modules this makes is kept apart from any other copy in the process (benchmarks load both).
 */
function loadWasm(): ImageLibrary {
  const entry = load.resolve('sharp');
  const dist = dirname(entry);
  const addonModule = join(dist, 'sharp.cjs');
  const binding: unknown = load(unpacked(load.resolve('@img/sharp-wasm32/sharp.node')));
  const cache = load.cache;
  const ours = (key: string): boolean => key.startsWith(dist + sep);
  const saved = Object.entries(cache).filter(([key]) => ours(key));
  for (const [key] of saved) Reflect.deleteProperty(cache, key);
  try {
    const Module = load('node:module') as new (id: string) => NodeJS.Module;
    const addon = new Module(addonModule);
    Object.assign(addon, { filename: addonModule, loaded: true, exports: binding });
    cache[addonModule] = addon;
    return load(entry) as ImageLibrary;
  } finally {
    for (const key of Object.keys(cache).filter(ours)) Reflect.deleteProperty(cache, key);
    for (const [key, module] of saved) cache[key] = module;
  }
}

const loaded = new Map<ImageBuild, ImageLibrary>();

/** sharp backed by `build`, loaded on first use. */
export function loadImageLibrary(build: ImageBuild): ImageLibrary {
  let library = loaded.get(build);
  if (library === undefined) {
    library = build === 'wasm' ? loadWasm() : (load('sharp') as ImageLibrary);
    loaded.set(build, library);
  }
  return library;
}

/** The build this process uses. */
function imageBuild(): ImageBuild {
  return chooseImageBuild(currentImageBuildContext());
}

/** sharp for this process: the one import point of image work in core. */
export function imageLibrary(): ImageLibrary {
  return loadImageLibrary(imageBuild());
}

/** Which build runs and the libvips version it carries, for Settings. */
export function imageLibraryReport(): { build: ImageBuild; libvips: string } {
  const build = imageBuild();
  return { build, libvips: loadImageLibrary(build).versions.vips };
}
