/**
 * SHA-256 of bytes as they stream past, worked out on a worker thread: a download's own thread
 * only copies each chunk across (a memory copy, some ten times cheaper than hashing it),
 * so a file's identity costs its transfer no throughput. One worker per process, started by the
 * first hash and left unreferenced while no hash runs. Where no worker can start, hashes inline.
 * A file on disk is read by the worker itself (`sha256OfFile`): nothing crosses but its path.
 * (A new upload hashes its 256 KB reads on its own thread instead: see `gateway/multipart-body.ts`.)
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** A hash under way; its `update` answers a promise when the worker is behind (wait for it before the next chunk). */
export interface StreamHash {
  update(chunk: Uint8Array): Promise<void> | undefined;
  /** The hex digest of everything given; the hash is then finished. */
  digest(): Promise<string>;
  /** Drops an unfinished hash (the transfer failed). */
  discard(): void;
}

/** Chunks are gathered into batches of this size before crossing, so a 100 MB file is 200 messages. */
const BATCH_BYTES = 512 * 1024;
/** Bytes handed over but not yet hashed beyond which `update` asks the caller to wait (memory stays flat). */
const MOST_OUTSTANDING = 8 * BATCH_BYTES;

/** Batches the worker has given back, filled again by the next hashes. */
const spareBatches: Uint8Array<ArrayBuffer>[] = [];

type ToWorker = { id: number; bytes: Uint8Array } | { id: number; end: true } | { id: number; drop: true } | { id: number; path: string };
type FromWorker = { id: number; hashed: number; bytes: Uint8Array<ArrayBuffer> } | { id: number; sha256: string } | { id: number; error: string };

// CommonJS run with `eval`, so the same text works from sources, the bundle and the packed app.
const WORKER_SOURCE = String.raw`
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { createReadStream } = require('node:fs');
const hashes = new Map();
const fail = (id, error) => parentPort.postMessage({ id, error: String(error) });
// A file read and hashed here, so the asking thread neither reads nor copies its bytes.
const hashFile = (id, path) => {
  const sha = createHash('sha256');
  createReadStream(path, { highWaterMark: 1024 * 1024 })
    .on('data', (chunk) => sha.update(chunk))
    .on('end', () => parentPort.postMessage({ id, sha256: sha.digest('hex') }))
    .on('error', (error) => fail(id, error));
};
parentPort.on('message', (message) => {
  try {
    if (message.path !== undefined) return void hashFile(message.id, message.path);
    if (message.drop) return void hashes.delete(message.id);
    let hash = hashes.get(message.id);
    if (hash === undefined) hashes.set(message.id, (hash = { sha: createHash('sha256'), hashed: 0 }));
    if (message.end) {
      hashes.delete(message.id);
      return void parentPort.postMessage({ id: message.id, sha256: hash.sha.digest('hex') });
    }
    hash.sha.update(message.bytes);
    hash.hashed += message.bytes.byteLength;
    // The batch goes back to be filled again: no new memory per batch on either side.
    parentPort.postMessage({ id: message.id, hashed: hash.hashed, bytes: message.bytes }, [message.bytes.buffer]);
  } catch (error) {
    hashes.delete(message.id);
    fail(message.id, error);
  }
});
`;

interface Listener {
  onHashed(total: number): void;
  onDigest(sha256: string): void;
  onError(error: Error): void;
}

/** The process's hashing worker, shared by every hash. */
class HashWorker {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly listeners = new Map<number, Listener>();

  /** Registers a hash; undefined when no worker can be started here. */
  open(listener: Listener): { id: number; send: (message: ToWorker, transfer?: ArrayBuffer[]) => void; close: () => void } | undefined {
    const worker = this.workerFor();
    if (worker === undefined) return undefined;
    const id = this.nextId++;
    this.listeners.set(id, listener);
    worker.ref();
    return {
      id,
      send: (message, transfer) => worker.postMessage(message, transfer),
      close: () => {
        if (!this.listeners.delete(id)) return;
        if (this.listeners.size === 0) worker.unref();
      },
    };
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
      const listener = this.listeners.get(message.id);
      if (listener === undefined) return;
      if ('hashed' in message) {
        if (message.bytes.byteLength === BATCH_BYTES && spareBatches.length < MOST_OUTSTANDING / BATCH_BYTES + 2) spareBatches.push(message.bytes);
        listener.onHashed(message.hashed);
      } else if ('sha256' in message) listener.onDigest(message.sha256);
      else listener.onError(new Error(`hashing failed: ${message.error}`));
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

function inlineHash(): StreamHash {
  const hash: Hash = createHash('sha256');
  return {
    update: (chunk) => void hash.update(chunk),
    digest: () => Promise.resolve(hash.digest('hex')),
    discard: () => undefined,
  };
}

/** The SHA-256 (hex) of a file, read and hashed on the shared worker (inline where none can start). */
export function sha256OfFile(path: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const channel = shared.open({
      onHashed: () => undefined,
      onDigest: (sha256) => {
        channel?.close();
        resolve(sha256);
      },
      onError: (error) => {
        channel?.close();
        reject(error);
      },
    });
    if (channel !== undefined) return channel.send({ id: channel.id, path });
    const hash = createHash('sha256');
    createReadStream(path, { highWaterMark: 1024 * 1024 })
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Starts a SHA-256 of bytes to come, on the shared worker (inline where none can start). */
export function startSha256(): StreamHash {
  let hashed = 0;
  let sent = 0;
  let failure: Error | undefined;
  let caughtUp: (() => void) | undefined;
  let finished: { resolve: (sha256: string) => void; reject: (error: Error) => void } | undefined;
  const channel = shared.open({
    onHashed: (total) => {
      hashed = total;
      if (sent - hashed <= MOST_OUTSTANDING / 2) caughtUp?.();
    },
    onDigest: (sha256) => {
      channel?.close();
      finished?.resolve(sha256);
    },
    onError: (error) => {
      failure = error;
      channel?.close();
      caughtUp?.();
      finished?.reject(error);
    },
  });
  if (channel === undefined) return inlineHash();

  const freshBatch = (): Uint8Array<ArrayBuffer> => spareBatches.pop() ?? new Uint8Array(BATCH_BYTES);
  let batch = freshBatch();
  let filled = 0;
  const flush = (): void => {
    if (filled === 0) return;
    sent += filled;
    if (filled < BATCH_BYTES) {
      // The tail of a transfer: a copy of its size crosses, the batch stays for the next.
      channel.send({ id: channel.id, bytes: batch.slice(0, filled) });
    } else {
      channel.send({ id: channel.id, bytes: batch }, [batch.buffer]);
      batch = freshBatch();
    }
    filled = 0;
  };
  let givenBack = false;
  /** The batch in hand goes back to the spares once this hash needs no more (once: two hashes must never share one). */
  const giveBack = (): void => {
    if (givenBack) return;
    givenBack = true;
    if (spareBatches.length < MOST_OUTSTANDING / BATCH_BYTES + 2) spareBatches.push(batch);
  };
  const behind = (): Promise<void> | undefined => {
    if (failure !== undefined) return Promise.reject(failure);
    if (sent - hashed <= MOST_OUTSTANDING) return undefined;
    return new Promise<void>((resolve) => {
      caughtUp = () => {
        caughtUp = undefined;
        resolve();
      };
    }).then(() => {
      if (failure !== undefined) throw failure;
    });
  };

  return {
    update: (chunk) => {
      let offset = 0;
      while (offset < chunk.byteLength) {
        const taken = Math.min(chunk.byteLength - offset, BATCH_BYTES - filled);
        batch.set(chunk.subarray(offset, offset + taken), filled);
        filled += taken;
        offset += taken;
        if (filled === BATCH_BYTES) flush();
      }
      return behind();
    },
    digest: () => {
      if (failure !== undefined) return Promise.reject(failure);
      const digest = new Promise<string>((resolve, reject) => (finished = { resolve, reject }));
      flush();
      giveBack();
      channel.send({ id: channel.id, end: true });
      return digest;
    },
    discard: () => {
      giveBack();
      channel.send({ id: channel.id, drop: true });
      channel.close();
    },
  };
}
