import { z } from 'zod';
// The contract's modules one by one, not its index: the window's first screen needs neither every route's schema nor the model catalog.
import type { Envelope, StudioError } from '../../../shared/contract';
import { errorFor } from '../../../shared/contract/error-summary';
import { studioErrorSchema } from '../../../shared/contract/errors';
import { encodeLibraryPath, type CallSignal, type StudioTransport } from '../../../shared/contract/client';

/** Platform pieces the web transport needs; injectable so tests can stand in for the browser. */
export interface WebTransportOptions {
  /** Prefix of the API paths; '' means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  EventSource?: new (url: string, init?: EventSourceInit) => EventSource;
}

const envelopeSchema = z.union([z.object({ ok: z.literal(true), value: z.unknown() }), z.object({ ok: z.literal(false), error: studioErrorSchema })]);

/** Errors for answers that carry no envelope: the session guard answers 401/403 in plain text. */
function failureForStatus(status: number): StudioError {
  if (status === 401) return errorFor('no_session');
  if (status === 403) return errorFor('session_refused');
  return errorFor('studio_unexpected_answer', { status });
}

function isBinary(value: unknown): value is ArrayBuffer | ArrayBufferView | Blob {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value) || (typeof Blob !== 'undefined' && value instanceof Blob);
}

/**
 * The body of a call: JSON `{input}`, or multipart when the input carries bytes (a dropped
 * reference image), so files cross as files and never as Base64 inside JSON. The part `input`
 * holds the other fields as JSON; each file part is named after its field.
 */
function requestBody(input: unknown): { body: string | FormData; headers: Record<string, string> } {
  if (input === null || typeof input !== 'object' || Array.isArray(input) || !Object.values(input).some(isBinary)) {
    return { body: JSON.stringify({ input }), headers: { 'content-type': 'application/json' } };
  }
  const form = new FormData();
  const fields: Record<string, unknown> = {};
  const record = input as Record<string, unknown>;
  const fileName = typeof record.fileName === 'string' ? record.fileName : 'file';
  for (const [key, value] of Object.entries(record)) {
    if (!isBinary(value)) fields[key] = value;
  }
  form.append('input', JSON.stringify(fields));
  for (const [key, value] of Object.entries(record)) {
    if (!isBinary(value)) continue;
    // A copy: a view may sit on a shared buffer, which a Blob does not take.
    const blob =
      value instanceof Blob
        ? value
        : new Blob([value instanceof ArrayBuffer ? value : new Uint8Array(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))]);
    form.append(key, blob, fileName);
  }
  // The browser sets the multipart content type with its boundary.
  return { body: form, headers: {} };
}

/**
 * Web mode: routes are `POST /api/invoke/<route>` with `{input}` (multipart when it carries bytes), events arrive on one
 * server-sent event stream (`/api/events`). The session cookie set at launch carries the auth.
 */
export function createWebTransport(options: WebTransportOptions = {}): StudioTransport {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const EventSourceImpl = options.EventSource ?? globalThis.EventSource;
  let stream: EventSource | undefined;
  let listenerCount = 0;

  async function invoke(route: string, input: unknown, signal?: CallSignal): Promise<Envelope<unknown>> {
    let response: Response;
    try {
      const { body, headers } = requestBody(input);
      const abandon = new AbortController();
      if (signal?.aborted) abandon.abort();
      signal?.addEventListener('abort', () => abandon.abort(), { once: true });
      response = await fetchImpl(`${baseUrl}/api/invoke/${encodeURIComponent(route)}`, {
        method: 'POST',
        headers,
        body,
        credentials: 'same-origin',
        signal: abandon.signal,
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
