/**
 * The media route plugins: uploads, images, videos, remix, characters and the served files.
 * They share one `MediaState` (media/media-state.ts) per simulator.
 */
import type { SimRoutePlugin } from '../context';
import { fileRoutes } from './files';
import { imageRoutes } from './images';
import { uploadRoutes } from './uploads';

export const mediaRoutePlugins: readonly SimRoutePlugin[] = [fileRoutes, uploadRoutes, imageRoutes];
