/**
 * The page's side of the thumbnail worker (`thumbnail-reader.worker.ts`): an answer shown through
 * object URLs is read there, and only the addresses come back. A first screen's (`inline`) is read
 * in the page: its `data:` addresses cost the page about a millisecond for forty, and the worker,
 * started only when it is first needed, is not in the way of the first pictures. A worker that
 * fails to start (a policy, a missing file) hands its reads back to the page's own reader, so no
 * tile waits for a worker that is not there.
 */
import type { ReadPicture, ThumbnailRead, ThumbnailReader } from './thumbnail-reading';

/** What the page tells the worker. */
export type ToThumbnailWorker = { kind: 'read'; id: number; request: ThumbnailRead } | { kind: 'cancel'; id: number } | { kind: 'drop'; address: string };

/** What the worker tells the page: that it runs, then a read's pictures as they come, then its end. */
export type FromThumbnailWorker =
  | { kind: 'running' }
  | { kind: 'pictures'; id: number; pictures: ReadPicture[] }
  | { kind: 'ended'; id: number; failed: boolean };

/**
 * How long a new worker may take to say it runs before the page reads for itself: a worker whose
 * script never came does not always say so (no `error` event), and its reads would wait forever.
 */
const WORKER_START_MS = 5_000;

interface OpenRead {
  got: (pictures: ReadPicture[]) => void;
  settle: (failed: boolean) => void;
}

export function workerReader(inPage: ThumbnailReader): ThumbnailReader {
  let worker: Worker | null = null;
  let broken = false;
  let lastId = 0;
  const open = new Map<number, OpenRead>();

  const started = (): Worker | null => {
    if (broken) return null;
    if (worker) return worker;
    try {
      worker = new Worker(new URL('./thumbnail-reader.worker.ts', import.meta.url), { type: 'module', name: 'thumbnails' });
    } catch {
      broken = true;
      return null;
    }
    const notRunning = setTimeout(giveUp, WORKER_START_MS);
    worker.onmessage = (event: MessageEvent<FromThumbnailWorker>) => {
      const message = event.data;
      if (message.kind === 'running') return clearTimeout(notRunning);
      const read = open.get(message.id);
      if (message.kind === 'ended') read?.settle(message.failed);
      else if (read) read.got(message.pictures);
      // A cancelled read's pictures still in flight: nobody keeps them.
      else for (const picture of message.pictures) if (picture.address) post({ kind: 'drop', address: picture.address });
    };
    worker.onerror = () => {
      clearTimeout(notRunning);
      giveUp();
    };
    return worker;
  };
  /** Failed reads: their tiles get `/media`'s address, and later reads are the page's. */
  function giveUp(): void {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const read of open.values()) read.settle(true);
  }
  const post = (message: ToThumbnailWorker): void => worker?.postMessage(message);

  return {
    read(request, signal, got) {
      const reading = request.inline ? null : started();
      if (!reading) return inPage.read(request, signal, got);
      const id = (lastId += 1);
      return new Promise<void>((resolve, reject) => {
        const settle = (failed: boolean): void => {
          open.delete(id);
          signal.removeEventListener('abort', cancel);
          if (failed) reject(new Error('the thumbnail worker could not read the answer'));
          else resolve();
        };
        const cancel = (): void => {
          post({ kind: 'cancel', id });
          settle(true);
        };
        if (signal.aborted) return cancel();
        open.set(id, { got, settle });
        signal.addEventListener('abort', cancel);
        reading.postMessage({ kind: 'read', id, request } satisfies ToThumbnailWorker);
      });
    },
    drop(address) {
      if (worker) post({ kind: 'drop', address });
      else inPage.drop(address);
    },
  };
}
