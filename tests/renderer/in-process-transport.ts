import { encodeLibraryPath, type StudioTransport } from '../../src/shared/contract/client';
import { createInProcessTransport as directTransport } from '../../src/main/core/in-process-client';
import type { Studio } from '../../src/main/core/studio';

/**
 * The studio contract without a process boundary: calls go to the real router, events come from
 * the real bus (main's own in-process transport). Inputs, answers and events are cloned on the
 * way, as IPC does, so the renderer never shares an object with main; events arrive after the
 * current task, as over a real wire.
 */
export function createInProcessTransport(studio: Studio): StudioTransport {
  const direct = directTransport(studio, (libraryPath) => `/media/${encodeLibraryPath(libraryPath)}`);
  return {
    invoke: async (route, input) => structuredClone(await direct.invoke(route, structuredClone(input))),
    on: (event, listener) =>
      direct.on(event, (payload) => {
        const copy = structuredClone(payload);
        setTimeout(() => listener(copy), 0);
      }),
    mediaUrl: (libraryPath) => direct.mediaUrl(libraryPath),
  };
}
