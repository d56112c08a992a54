import type { StudioTransport } from '../../../shared/contract/client';
import { batchedThumbnails } from './batched-thumbnails';
import { createElectronTransport } from './electron-transport';
import { directThumbnails, type ThumbnailLoader } from './thumbnail-loader';
import { createWebTransport } from './web-transport';

/** The one place that knows which shell serves the renderer: the preload bridge if present, web mode otherwise. */
export function pickTransport(): StudioTransport {
  return window.atelier ? createElectronTransport(window.atelier) : createWebTransport();
}

/** The thumbnail loader of the same shell: the media protocol one picture a request in Electron, a screen a request in web mode. */
export function pickThumbnails(transport: StudioTransport): ThumbnailLoader {
  return window.atelier ? directThumbnails((libraryPath) => transport.mediaUrl(libraryPath)) : batchedThumbnails();
}
