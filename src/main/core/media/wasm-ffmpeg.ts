/**
 * ffmpeg compiled to WebAssembly (`@ffmpeg/core`, single-threaded, GPL-2.0-or-later with libx264),
 * run in a worker thread: no system binary, no process, no PATH, and a bug in a decoder stays
 * inside the WebAssembly sandbox. Each job gets a fresh instance of the compiled module (nothing
 * leaks from one video to the next), a cap on the instance's heap, and a wall-clock limit after
 * which the worker is terminated and a new one started for the next job.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Limits of one job. */
export interface WasmJobLimits {
  /** Wall-clock time before the worker is terminated. */
  timeMs: number;
  /** Largest heap the WebAssembly instance may grow to (its allocations fail beyond it). */
  heapBytes: number;
}

/** Enough to decode a frame of a 4K video or encode a short 1080p clip, with room to spare. */
const WASM_LIMITS: WasmJobLimits = { timeMs: 60_000, heapBytes: 1024 * 1024 * 1024 };

export interface WasmJob {
  program: 'ffmpeg' | 'ffprobe';
  /** Arguments after the program name; files are named as in `inputs` and `outputs`. */
  args: readonly string[];
  /** Files written into the instance's memory file system before the run. */
  inputs: Readonly<Record<string, Uint8Array>>;
  /** Files read back after the run (absent from the result when not written). */
  outputs: readonly string[];
}

export type WasmRunResult =
  | { ok: true; code: number; outputs: Record<string, Buffer>; log: string[] }
  | { ok: false; reason: 'timeout' | 'failed'; detail: string };

interface WorkerAnswer {
  id: number;
  code?: number;
  outputs?: Record<string, Uint8Array>;
  log?: string[];
  error?: string;
}

// CommonJS run with `eval`, so the same text works from sources, the bundle and the packed app.
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
// The build expects a browser worker: it reads its own address from self.location.
globalThis.self = { location: { href: pathToFileURL(workerData.core).href } };
const createCore = require(workerData.core);
function capHeap(imports, limit) {
  for (const [key, value] of Object.entries(imports.a)) {
    if (typeof value === 'function' && value.name === '_emscripten_resize_heap') {
      imports.a[key] = (requested) => ((requested >>> 0) > limit ? 0 : value(requested));
      return true;
    }
  }
  return false;
}
parentPort.on('message', async (job) => {
  try {
    const wasmModule = workerData.module;
    let capped = false;
    const core = await createCore({
      instantiateWasm(imports, receive) {
        capped = capHeap(imports, job.heapBytes);
        WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance));
        return {};
      },
    });
    if (!capped) throw new Error('the heap cap could not be set on this build');
    const log = [];
    core.setLogger(({ message }) => {
      log.push(message);
      if (log.length > 400) log.shift();
    });
    for (const [name, bytes] of Object.entries(job.inputs)) core.FS.writeFile(name, bytes);
    const code = job.program === 'ffprobe' ? core.ffprobe(...job.args) : core.exec(...job.args);
    const outputs = {};
    for (const name of job.outputs) {
      try { outputs[name] = core.FS.readFile(name); } catch {}
    }
    parentPort.postMessage({ id: job.id, code, log, outputs }, Object.values(outputs).map((bytes) => bytes.buffer));
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

// Not named `require`: the bundler declares its own in the shared chunk.
const load = createRequire(import.meta.url);

/** A file packed into Electron's archive is read from its unpacked copy (a worker reads it by path). */
function unpacked(path: string): string {
  const copy = path.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return copy !== path && existsSync(copy) ? copy : path;
}

// Reads and compiles the build on a thread of its own: on the main thread the 30 MB read and the
// compile held the event loop for over a second (every window call and poll waited).
const COMPILE_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFile } = require('node:fs/promises');
readFile(workerData.path)
  .then((bytes) => WebAssembly.compile(bytes))
  .then((module) => parentPort.postMessage({ module }), (error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

/** The build compiled off the main thread; the WebAssembly.Module comes back without compiling again. */
function compileOffThread(path: string): Promise<object> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COMPILE_SOURCE, { eval: true, workerData: { path } });
    worker.once('message', (message: { module?: object; error?: string }) => {
      void worker.terminate();
      if (message.module !== undefined) resolve(message.module);
      else reject(new Error(message.error ?? 'the build could not be compiled'));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the compiling thread stopped (code ${code})`)));
  });
}

/**
 * The build compiled once per process while any worker runs (a WebAssembly.Module, which workers receive
 * without compiling again and whose optimised code they share), given back when the last worker stops.
 */
const compiledBuild = {
  module: undefined as Promise<object> | undefined,
  workers: 0,
  get(): Promise<object> {
    this.module ??= compileOffThread(unpacked(load.resolve('@ffmpeg/core/wasm')));
    void this.module.catch(() => {
      this.module = undefined;
    });
    return this.module;
  },
  workerStopped(): void {
    this.workers -= 1;
    if (this.workers === 0) this.module = undefined;
  },
};

/** Stops an idle worker after this long, giving its compiled code back. */
const IDLE_MS = 30_000;

interface Pending {
  job: WasmJob;
  limits: WasmJobLimits;
  resolve: (result: WasmRunResult) => void;
}

/** One worker running jobs one at a time, in order. */
export class WasmFfmpeg {
  private worker: Worker | undefined;
  private readonly queue: Pending[] = [];
  private running = false;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly limits: WasmJobLimits = WASM_LIMITS) {}

  /** Runs `job`; never throws. */
  run(job: WasmJob, limits: Partial<WasmJobLimits> = {}): Promise<WasmRunResult> {
    return new Promise((resolve) => {
      this.queue.push({ job, limits: { ...this.limits, ...limits }, resolve });
      this.pump();
    });
  }

  /** Stops the worker (a running job fails). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) await worker.terminate();
  }

  private pump(): void {
    if (this.running) return;
    const next = this.queue.shift();
    if (next === undefined) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_MS).unref();
      return;
    }
    clearTimeout(this.idleTimer);
    this.running = true;
    void this.execute(next).then((result) => {
      this.running = false;
      next.resolve(result);
      this.pump();
    });
  }

  private async workerFor(): Promise<Worker> {
    if (this.worker !== undefined) return this.worker;
    const module = await compiledBuild.get();
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { core: unpacked(load.resolve('@ffmpeg/core')), module }, stdout: true, stderr: true });
    compiledBuild.workers += 1;
    worker.once('exit', () => compiledBuild.workerStopped());
    // Idle, the worker keeps no process alive; a running job refs it.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private async execute(pending: Pending): Promise<WasmRunResult> {
    try {
      return await this.executeOn(await this.workerFor(), pending);
    } catch (error) {
      return { ok: false, reason: 'failed', detail: `the WebAssembly build could not be compiled: ${(error as Error).message}` };
    }
  }

  private executeOn(worker: Worker, { job, limits }: Pending): Promise<WasmRunResult> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const finish = (result: WasmRunResult): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
        resolve(result);
      };
      const discard = (): void => {
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
      };
      const onMessage = (answer: WorkerAnswer): void => {
        if (answer.id !== id) return;
        if (answer.error !== undefined) {
          discard();
          finish({ ok: false, reason: 'failed', detail: answer.error });
          return;
        }
        const outputs: Record<string, Buffer> = {};
        for (const [name, bytes] of Object.entries(answer.outputs ?? {})) outputs[name] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        finish({ ok: true, code: answer.code ?? -1, outputs, log: answer.log ?? [] });
      };
      const onError = (error: Error): void => {
        discard();
        finish({ ok: false, reason: 'failed', detail: error.message });
      };
      const onExit = (): void => {
        if (this.worker === worker) this.worker = undefined;
        finish({ ok: false, reason: 'failed', detail: 'the WebAssembly worker stopped' });
      };
      const timer = setTimeout(() => {
        discard();
        finish({ ok: false, reason: 'timeout', detail: `the WebAssembly ffmpeg took longer than ${limits.timeMs} ms` });
      }, limits.timeMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.ref();
      // Inputs are copied (not transferred): the caller keeps its bytes.
      worker.postMessage({ id, program: job.program, args: job.args, inputs: job.inputs, outputs: job.outputs, heapBytes: limits.heapBytes });
    });
  }
}
