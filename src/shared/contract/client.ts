import type { Envelope } from './define';
import type { EventName, EventPayload, RouteInput, RouteName, RouteOutput } from './index';

/**
 * What a transport must provide: the preload bridge in Electron, fetch + an event stream in web mode.
 * Untyped on purpose: the typed surface is `StudioClient`, and main validates every input anyway.
 */
export interface StudioTransport {
  invoke(route: string, input: unknown): Promise<Envelope<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  /** A URL the window can load for a file of the library (`mediaPath` / `thumbPath` of an asset). */
  mediaUrl(libraryPath: string): string;
}

/** Encodes each segment of a library path for use in a URL. */
export function encodeLibraryPath(libraryPath: string): string {
  return libraryPath.split('/').map(encodeURIComponent).join('/');
}

/** The renderer's one way to reach main. No component knows which transport is underneath. */
export interface StudioClient {
  call<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Envelope<RouteOutput<R>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  mediaUrl(libraryPath: string): string;
}

export function createStudioClient(transport: StudioTransport): StudioClient {
  return {
    call: (route, input) => transport.invoke(route, input) as never,
    on: (event, listener) => transport.on(event, listener as (payload: unknown) => void),
    mediaUrl: (libraryPath) => transport.mediaUrl(libraryPath),
  };
}
