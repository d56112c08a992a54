import { encodeLibraryPath, type StudioTransport } from '../../../shared/contract/client';
import type { AtelierBridge } from '../env';

/** Electron: the preload bridge already speaks envelopes, so this only narrows it to the transport shape. */
export function createElectronTransport(bridge: AtelierBridge): StudioTransport {
  return {
    invoke: (route, input) => bridge.invoke(route, input),
    on: (event, listener) => bridge.on(event, listener),
    // Served by the shell's media protocol, confined to the library folder.
    mediaUrl: (libraryPath) => `atelier-media://library/${encodeLibraryPath(libraryPath)}`,
  };
}
