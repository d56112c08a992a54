import { z } from 'zod';
import type { Envelope, StudioError } from '../../../shared/contract';
import { errorFor, studioErrorSchema } from '../../../shared/contract';
import { encodeLibraryPath, type StudioTransport } from '../../../shared/contract/client';

/** Platform pieces the web transport needs; injectable so tests can stand in for the browser. */
export interface WebTransportOptions {
  /** Prefix of the API paths; '' means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  EventSource?: new (url: string, init?: EventSourceInit) => EventSource;
}

const envelopeSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: studioErrorSchema }),
]);

/** Errors for answers that carry no envelope: the session guard answers 401/403 in plain text. */
function failureForStatus(status: number): StudioError {
  if (status === 401) return errorFor('no_session');
  if (status === 403) return errorFor('session_refused');
  return errorFor('studio_unexpected_answer', { status });
}

/**
 * Web mode: routes are `POST /api/invoke/<route>` with `{input}`, events arrive on one
 * server-sent event stream (`/api/events`). The session cookie set at launch carries the auth.
 */
export function createWebTransport(options: WebTransportOptions = {}): StudioTransport {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const EventSourceImpl = options.EventSource ?? globalThis.EventSource;
  let stream: EventSource | undefined;
  let listenerCount = 0;

  async function invoke(route: string, input: unknown): Promise<Envelope<unknown>> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}/api/invoke/${encodeURIComponent(route)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input }),
        credentials: 'same-origin',
      });
    } catch {
      return { ok: false, error: errorFor('studio_unreachable') };
    }
    if (response.status === 401 || response.status === 403) return { ok: false, error: failureForStatus(response.status) };
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { ok: false, error: failureForStatus(response.status) };
    }
    const parsed = envelopeSchema.safeParse(body);
    if (!parsed.success) return { ok: false, error: failureForStatus(response.status) };
    return parsed.data;
  }

  function on(event: string, listener: (payload: unknown) => void): () => void {
    // One stream for all listeners; EventSource reconnects by itself after a dropped connection.
    stream ??= new EventSourceImpl(`${baseUrl}/api/events`, { withCredentials: true });
    const source = stream;
    const handle = (message: Event): void => {
      const data = (message as MessageEvent<unknown>).data;
      if (typeof data !== 'string') return;
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        return; // A malformed event is dropped rather than breaking every other listener.
      }
      listener(payload);
    };
    source.addEventListener(event, handle);
    listenerCount += 1;
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      source.removeEventListener(event, handle);
      listenerCount -= 1;
      if (listenerCount === 0) {
        source.close();
        stream = undefined;
      }
    };
  }

  // Served by the web server's /media route behind the session cookie, confined to the library folder.
  const mediaUrl = (libraryPath: string): string => `${baseUrl}/media/${encodeLibraryPath(libraryPath)}`;

  return { invoke, on, mediaUrl };
}
