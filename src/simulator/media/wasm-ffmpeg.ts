/**
 * The demo gateway's own loader of ffmpeg compiled to WebAssembly (`@ffmpeg/core`, GPL-2.0-or-later
 * with libx264), for machines without a system ffmpeg. The build is compiled once per process;
 * each encode runs in a worker thread of its own, on a fresh instance, and the worker is
 * terminated when the encode ends or overruns its time. (The studio has its own loader: the demo
 * gateway shares no code with it.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// CommonJS run with `eval`, so the same text works from sources, the bundle and the packed app.
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
// The build expects a browser worker: it reads its own address from self.location.
globalThis.self = { location: { href: pathToFileURL(workerData.core).href } };
const createCore = require(workerData.core);
(async () => {
  const core = await createCore({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(workerData.module, imports).then((instance) => receive(instance));
      return {};
    },
  });
  const log = [];
  core.setLogger(({ message }) => {
    log.push(message);
    if (log.length > 50) log.shift();
  });
  for (const [name, bytes] of Object.entries(workerData.inputs)) core.FS.writeFile(name, bytes);
  for (const args of workerData.commands) {
    core.reset();
    const code = core.exec(...args);
    if (code !== 0) {
      parentPort.postMessage({ error: 'ffmpeg (WebAssembly) failed with code ' + code + ': ' + log.slice(-5).join(' | ') });
      return;
    }
  }
  const output = core.FS.readFile(workerData.output);
  parentPort.postMessage({ output }, [output.buffer]);
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

// Not named `require`: the bundler declares its own in the shared chunk.
const load = createRequire(import.meta.url);

/** A file packed into Electron's archive is read from its unpacked copy (a worker reads it by path). */
function unpacked(path: string): string {
  const copy = path.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return copy !== path && existsSync(copy) ? copy : path;
}

/** The part of the WebAssembly global used here (the project's Node types do not declare it). */
interface WasmCompiler {
  compile(bytes: Uint8Array): Promise<object>;
}
const { WebAssembly: wasmCompiler } = globalThis as unknown as { WebAssembly: WasmCompiler };

/** The compiled build: a WebAssembly.Module, which workers receive without compiling again. */
let compiled: Promise<object> | undefined;

function compiledBuild(): Promise<object> {
  compiled ??= Promise.resolve().then(() => wasmCompiler.compile(readFileSync(unpacked(load.resolve('@ffmpeg/core/wasm')))));
  void compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

/**
 * Runs ffmpeg `commands` in order on one instance holding `inputs` (file name to bytes, relative
 * names); the bytes of file `output` afterwards. Rejects when a command fails or time runs out.
 */
export async function runWasmFfmpeg(
  commands: readonly (readonly string[])[],
  inputs: Readonly<Record<string, Buffer>>,
  output: string,
  timeMs: number,
): Promise<Buffer> {
  const module = await compiledBuild();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      core: unpacked(load.resolve('@ffmpeg/core')),
      module,
      inputs,
      commands: commands.map((args) => ['-hide_banner', '-loglevel', 'error', ...args]),
      output,
    },
    stdout: true,
    stderr: true,
  });
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`ffmpeg (WebAssembly) took longer than ${timeMs} ms`)), timeMs);
      worker.once('message', (answer: { output?: Uint8Array; error?: string }) => {
        clearTimeout(timer);
        if (answer.output !== undefined) resolve(Buffer.from(answer.output.buffer, answer.output.byteOffset, answer.output.byteLength));
        else reject(new Error(answer.error ?? 'ffmpeg (WebAssembly) wrote nothing'));
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } finally {
    await worker.terminate();
  }
}
