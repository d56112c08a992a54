import type { StudioTransport } from '../../../shared/contract/client';
import { createElectronTransport } from './electron-transport';
import { createWebTransport } from './web-transport';

/** The one place that knows which shell serves the renderer: the preload bridge if present, web mode otherwise. */
export function pickTransport(): StudioTransport {
  return window.atelier ? createElectronTransport(window.atelier) : createWebTransport();
}
