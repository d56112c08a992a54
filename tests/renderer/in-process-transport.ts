import { errorFor, type Envelope } from '../../src/shared/contract';
import { encodeLibraryPath, type StudioTransport } from '../../src/shared/contract/client';
import { createInProcessTransport as directTransport } from '../../src/main/core/in-process-client';
import type { Studio } from '../../src/main/core/studio';

/**
 * The studio contract without a process boundary: calls go to the real router, events come from
 * the real bus (main's own in-process transport). Inputs, answers and events are cloned on the
 * way, as IPC does, so the renderer never shares an object with main; events arrive after the
 * current task, as over a real wire. A call abandoned by its signal answers at once as an
 * abandoned fetch does (main may still run it).
 */
export function createInProcessTransport(studio: Studio): StudioTransport {
  const direct = directTransport(studio, (libraryPath) => `/media/${encodeLibraryPath(libraryPath)}`);
  return {
    invoke: async (route, input, signal) => {
      const answer = direct.invoke(route, structuredClone(input)).then((value) => structuredClone(value));
      if (!signal) return answer;
      const abandoned = new Promise<Envelope<unknown>>((resolve) =>
        signal.addEventListener('abort', () => resolve({ ok: false, error: errorFor('studio_unreachable') }), { once: true }),
      );
      return Promise.race([answer, abandoned]);
    },
    on: (event, listener) =>
      direct.on(event, (payload) => {
        const copy = structuredClone(payload);
        setTimeout(() => listener(copy), 0);
      }),
    mediaUrl: (libraryPath) => direct.mediaUrl(libraryPath),
  };
}
