/**
 * The demo gateway's image library: sharp with its native libvips addon on plain Node, or its
 * WebAssembly build inside Electron (the demo gateway runs inside the desktop app's main process,
 * where native libvips and Electron's own GLib have been seen to crash it on Linux, and which never
 * loads a native image addon). The studio makes the same choice in its own code; the demo gateway
 * shares no code with it, so the rule is repeated here. `ATELIER_IMAGE_BUILD=native|wasm` forces a
 * build on plain Node.
 *
 * The WebAssembly build has no text renderer (no Pango): there, captions are drawn as font
 * outlines instead (`outline-text.ts`).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import type sharpModule from 'sharp';

type ImageBuild = 'native' | 'wasm';

/** WebAssembly inside Electron, native on plain Node unless `override` names a build. */
function chooseImageBuild(electron: string | undefined, override: string | undefined): ImageBuild {
  if (electron !== undefined) return 'wasm';
  return override === 'native' || override === 'wasm' ? override : 'native';
}

// Not named `require`: the bundler declares its own in the shared chunk.
const load = createRequire(import.meta.url);

/** sharp's JavaScript bound to the WebAssembly addon, so its loader never tries the native one. */
function loadWasm(): typeof sharpModule {
  const entry = load.resolve('sharp');
  const dist = dirname(entry);
  const addonModule = join(dist, 'sharp.cjs');
  // Worker threads of the WebAssembly build load its script by path: use the unpacked copy if any.
  const packed = load.resolve('@img/sharp-wasm32/sharp.node');
  const copy = packed.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  const binding: unknown = load(copy !== packed && existsSync(copy) ? copy : packed);
  const cache = load.cache;
  const ours = (key: string): boolean => key.startsWith(dist + sep);
  const saved = Object.entries(cache).filter(([key]) => ours(key));
  for (const [key] of saved) Reflect.deleteProperty(cache, key);
  try {
    const Module = load('node:module') as new (id: string) => NodeJS.Module;
    const addon = new Module(addonModule);
    Object.assign(addon, { filename: addonModule, loaded: true, exports: binding });
    cache[addonModule] = addon;
    return load(entry) as typeof sharpModule;
  } finally {
    for (const key of Object.keys(cache).filter(ours)) Reflect.deleteProperty(cache, key);
    for (const [key, module] of saved) cache[key] = module;
  }
}

/** The build the demo gateway uses in this process. */
const imageBuild: ImageBuild = chooseImageBuild(process.versions.electron, process.env.ATELIER_IMAGE_BUILD);

/** sharp, from the chosen build: the demo gateway's one import point of image work. */
export const sharp: typeof sharpModule = imageBuild === 'wasm' ? loadWasm() : (load('sharp') as typeof sharpModule);

/** Whether sharp's own text input (Pango) is there: only in the native build. */
export const canRenderText = imageBuild === 'native';
