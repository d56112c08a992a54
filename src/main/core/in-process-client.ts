import { createStudioClient, type StudioClient, type StudioTransport } from '../../shared/contract/client';
import { isEventName } from '../../shared/contract';
import type { EventBus } from './events/event-bus';
import type { Router } from './router/router';

/**
 * The studio contract inside main, for the desktop shell: calls go through the router (validated
 * as any transport's), events come from the bus. `mediaUrl` is how the shell's window loads a file.
 */
export function createInProcessTransport(studio: { router: Router; bus: EventBus }, mediaUrl: (libraryPath: string) => string): StudioTransport {
  return {
    invoke: (route, input) => studio.router.dispatch(route, input),
    on: (event, listener) => (isEventName(event) ? studio.bus.on(event, listener) : () => undefined),
    mediaUrl,
  };
}

/** The typed `StudioClient` over the in-process transport: route names and answers checked by the contract. */
export function createInProcessClient(studio: { router: Router; bus: EventBus }, mediaUrl: (libraryPath: string) => string): StudioClient {
  return createStudioClient(createInProcessTransport(studio, mediaUrl));
}
