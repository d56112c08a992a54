import { directThumbnails, type ThumbnailLoader } from '../transport/thumbnail-loader';
import { studio } from './studio-client';

let current: ThumbnailLoader | undefined;

/** Installs the transport's thumbnail loader; called once at start, beside `connectStudio`. */
export function connectThumbnails(loader: ThumbnailLoader): void {
  current = loader;
}

/** The loader the Gallery's tiles fetch their pictures with: one request a picture at the client's media address unless a transport installed its own. */
export function thumbnails(): ThumbnailLoader {
  current ??= directThumbnails((libraryPath) => studio().mediaUrl(libraryPath));
  return current;
}
