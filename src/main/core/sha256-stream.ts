/**
 * SHA-256 of a file on disk, read and hashed on a worker thread (`sha256OfFile`): nothing
 * crosses but its path, so the asking thread neither reads nor copies the bytes. One worker per
 * process, started by the first hash and left unreferenced while no hash runs. Where no worker
 * can start, hashes inline. Bytes already passing through a thread are hashed there, as they go:
 * a download's (`jobs/result-file-sink.ts`) and a new upload's (`gateway/multipart-body.ts`).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Worker } from 'node:worker_threads';

type FromWorker = { id: number; sha256: string } | { id: number; error: string };

// CommonJS run with `eval`, so the same text works from sources, the bundle and the packed app.
const WORKER_SOURCE = String.raw`
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { createReadStream } = require('node:fs');
parentPort.on('message', ({ id, path }) => {
  const sha = createHash('sha256');
  createReadStream(path, { highWaterMark: 1024 * 1024 })
    .on('data', (chunk) => sha.update(chunk))
    .on('end', () => parentPort.postMessage({ id, sha256: sha.digest('hex') }))
    .on('error', (error) => parentPort.postMessage({ id, error: String(error) }));
});
`;

interface Listener {
  onDigest(sha256: string): void;
  onError(error: Error): void;
}

/** The process's hashing worker, shared by every hash. */
class HashWorker {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly listeners = new Map<number, Listener>();

  /** Asks for the file's hash; false when no worker can be started here. */
  hash(path: string, listener: Listener): boolean {
    const worker = this.workerFor();
    if (worker === undefined) return false;
    const id = this.nextId++;
    this.listeners.set(id, listener);
    worker.ref();
    worker.postMessage({ id, path });
    return true;
  }

  private settle(id: number): Listener | undefined {
    const listener = this.listeners.get(id);
    this.listeners.delete(id);
    if (this.listeners.size === 0) this.worker?.unref();
    return listener;
  }

  private workerFor(): Worker | undefined {
    if (this.worker !== undefined) return this.worker;
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, { eval: true });
    } catch {
      return undefined;
    }
    worker.unref();
    worker.on('message', (message: FromWorker) => {
      const listener = this.settle(message.id);
      if ('sha256' in message) listener?.onDigest(message.sha256);
      else listener?.onError(new Error(`hashing failed: ${message.error}`));
    });
    const lost = (error: Error): void => {
      if (this.worker === worker) this.worker = undefined;
      const listeners = [...this.listeners.values()];
      this.listeners.clear();
      for (const listener of listeners) listener.onError(error);
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('the hashing worker stopped')));
    this.worker = worker;
    return worker;
  }
}

const shared = new HashWorker();

/** The SHA-256 (hex) of a file, read and hashed on the shared worker (inline where none can start). */
export function sha256OfFile(path: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    if (shared.hash(path, { onDigest: resolve, onError: reject })) return;
    const hash = createHash('sha256');
    createReadStream(path, { highWaterMark: 1024 * 1024 })
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}
