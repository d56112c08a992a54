import { encodeLibraryPath, type StudioTransport } from '../../src/shared/contract/client';
import type { Studio } from '../../src/main/core/studio';

/**
 * The studio contract without a process boundary: calls go to the real router, events come from
 * the real bus. Inputs, answers and events are cloned on the way, as IPC does, so the renderer
 * never shares an object with main; events arrive after the current task, as over a real wire.
 */
export function createInProcessTransport(studio: Studio): StudioTransport {
  return {
    invoke: async (route, input) => structuredClone(await studio.router.dispatch(route, structuredClone(input))),
    on: (event, listener) =>
      studio.bus.subscribe((name, payload) => {
        if (name !== event) return;
        const copy = structuredClone(payload);
        setTimeout(() => listener(copy), 0);
      }),
    mediaUrl: (libraryPath) => `/media/${encodeLibraryPath(libraryPath)}`,
  };
}
