/**
 * The thumbnail worker: reads `/media-thumbnails` answers for the page (`worker-reader.ts`), so
 * the Blobs and object URLs of a screen of pictures are made off the page's thread. An object URL
 * made here is good in the page (same origin) until the page asks for it to be dropped.
 */
import { pageReader } from './thumbnail-reading';
import type { FromThumbnailWorker, ToThumbnailWorker } from './worker-reader';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToThumbnailWorker>) => void) | null;
  postMessage(message: FromThumbnailWorker): void;
}
const scope = globalThis as unknown as WorkerScope;
const reader = pageReader(globalThis.fetch.bind(globalThis));
const reading = new Map<number, AbortController>();

scope.postMessage({ kind: 'running' });
scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'drop') return reader.drop(message.address);
  if (message.kind === 'cancel') return reading.get(message.id)?.abort();
  const { id, request } = message;
  const abort = new AbortController();
  reading.set(id, abort);
  reader
    .read(request, abort.signal, (pictures) => scope.postMessage({ kind: 'pictures', id, pictures }))
    .then(
      () => scope.postMessage({ kind: 'ended', id, failed: false }),
      () => scope.postMessage({ kind: 'ended', id, failed: true }),
    )
    .finally(() => reading.delete(id));
};
