import type { Envelope } from './define';
import type { EventName, EventPayload, RouteInput, RouteName, RouteOutput } from './index';

/** What a call needs of an `AbortSignal` (shared code sees neither the DOM's nor Node's). */
export interface CallSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
}

/**
 * What a transport must provide: the preload bridge in Electron, fetch + an event stream in web mode.
 * Untyped on purpose: the typed surface is `StudioClient`, and main validates every input anyway.
 */
export interface StudioTransport {
  /** `signal` abandons the call: web mode drops its request, freeing the window's connection; otherwise the caller only ignores the answer. */
  invoke(route: string, input: unknown, signal?: CallSignal): Promise<Envelope<unknown>>;
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
  call<R extends RouteName>(route: R, input: RouteInput<R>, signal?: CallSignal): Promise<Envelope<RouteOutput<R>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  mediaUrl(libraryPath: string): string;
}

export function createStudioClient(transport: StudioTransport): StudioClient {
  return {
    call: (route, input, signal) => transport.invoke(route, input, signal) as never,
    on: (event, listener) => transport.on(event, listener as (payload: unknown) => void),
    mediaUrl: (libraryPath) => transport.mediaUrl(libraryPath),
  };
}
