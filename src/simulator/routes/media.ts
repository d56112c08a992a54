/**
 * The media route plugins: uploads, images, videos, remix, characters and the served files.
 * They share one `MediaState` (media/media-state.ts) per simulator.
 */
import type { SimRoutePlugin } from '../context';
import { fileRoutes } from './files';
import { imageRoutes } from './images';
import { uploadRoutes } from './uploads';
import { videoGenerationRoutes } from './video-generations';
import { videoRoutes } from './videos';

export const mediaRoutePlugins: readonly SimRoutePlugin[] = [fileRoutes, uploadRoutes, imageRoutes, videoGenerationRoutes, videoRoutes];
