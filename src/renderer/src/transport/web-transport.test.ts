import { describe, expect, it } from 'vitest';
import { errorFor } from '../../../shared/contract/error-summary';
import { createWebTransport } from './web-transport';

type FetchCall = { url: string; init: RequestInit | undefined };

/** A stand-in for the browser's fetch that answers with a fixed response and records requests. */
function answering(response: () => Response) {
  const calls: FetchCall[] = [];
  const fetch: typeof globalThis.fetch = (url, init) => {
    calls.push({ url: url instanceof Request ? url.url : url.toString(), init });
    return Promise.resolve(response());
  };
  return { calls, fetch };
}

/** A stand-in for the browser's EventSource: tests push named events through `deliver`. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close(): void {
    this.closed = true;
  }
  deliver(event: string, data: string): void {
    this.dispatchEvent(new MessageEvent(event, { data }));
  }
}

const withEvents = () => {
  FakeEventSource.opened = [];
  return createWebTransport({ EventSource: FakeEventSource as unknown as typeof EventSource });
};

describe('web transport: invoke', () => {
  it('posts {input} as JSON to /api/invoke/<route> with the session cookie and returns the envelope', async () => {
    const { calls, fetch } = answering(() => Response.json({ ok: true, value: { theme: 'dark' } }));
    const transport = createWebTransport({ fetch });
    expect(await transport.invoke('settings.update', { theme: 'dark' })).toEqual({ ok: true, value: { theme: 'dark' } });
    expect(calls[0]?.url).toBe('/api/invoke/settings.update');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: { theme: 'dark' } }),
    });
  });

  it('passes on the envelope that comes with HTTP 400 and 404', async () => {
    const invalid = { ok: false, error: { code: 'invalid_input', message: 'name: Give the profile a name' } };
    expect(await createWebTransport(answering(() => Response.json(invalid, { status: 400 }))).invoke('profiles.save', {})).toEqual(invalid);
    const unknown = { ok: false, error: { code: 'unknown_route', message: 'There is no route named "x.y".' } };
    expect(await createWebTransport(answering(() => Response.json(unknown, { status: 404 }))).invoke('x.y', {})).toEqual(unknown);
  });

  it('turns the plain-text 401 and 403 into envelopes that say how to get back in', async () => {
    const unauthorized = await createWebTransport(answering(() => new Response('Unauthorized', { status: 401 }))).invoke('settings.get', {});
    expect(unauthorized).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(unauthorized.ok ? '' : unauthorized.error.message).toMatch(/Open the address the studio printed at start/);

    const forbidden = await createWebTransport(answering(() => new Response('Forbidden', { status: 403 }))).invoke('settings.get', {});
    expect(forbidden).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(forbidden.ok ? '' : forbidden.error.message).toMatch(/Open the address the studio printed at start/);
  });

  it('answers with an error envelope, never a throw, when the studio is gone or says something odd', async () => {
    const gone = createWebTransport({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await gone.invoke('settings.get', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
    const html = createWebTransport(answering(() => new Response('<html>', { status: 502 })));
    expect(await html.invoke('settings.get', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
    const notEnvelope = createWebTransport(answering(() => Response.json({ hello: 'world' })));
    expect(await notEnvelope.invoke('settings.get', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('web transport: files', () => {
  it('drops the request of an abandoned call and answers with an error envelope', async () => {
    // A studio that never answers: as the browser's fetch does, the request ends only when its signal aborts.
    let requestSignal: AbortSignal | undefined;
    const fetch: typeof globalThis.fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        requestSignal = init?.signal ?? undefined;
        requestSignal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const abandon = new AbortController();
    const answer = createWebTransport({ fetch }).invoke('library.list_assets', { cursor: 'next' }, abandon.signal);
    expect(requestSignal?.aborted).toBe(false);
    abandon.abort();
    expect(await answer).toEqual({ ok: false, error: errorFor('studio_unreachable') });
    expect(requestSignal?.aborted).toBe(true);
  });

  it('sends bytes as a multipart file part, never as Base64 inside JSON, with the other fields as JSON', async () => {
    const { calls, fetch } = answering(() => Response.json({ ok: true, value: {} }));
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    await createWebTransport({ fetch }).invoke('uploads.add', { fileName: 'sky.png', bytes: bytes.buffer });
    const body = calls[0]?.init?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(form.get('input') as string)).toEqual({ fileName: 'sky.png' });
    const file = form.get('bytes') as File;
    expect(file.name).toBe('sky.png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([...bytes]);
    // No content type of our own: the browser writes the multipart boundary.
    expect(calls[0]?.init?.headers).toEqual({});
  });

  it('keeps JSON for inputs without bytes', async () => {
    const { calls, fetch } = answering(() => Response.json({ ok: true, value: {} }));
    await createWebTransport({ fetch }).invoke('jobs.estimate_cost', { prompts: ['a'], values: { n: 1 } });
    expect(calls[0]?.init?.body).toBe(JSON.stringify({ input: { prompts: ['a'], values: { n: 1 } } }));
  });
});

describe('web transport: events', () => {
  it('opens one stream for all listeners and hands each its own parsed event', () => {
    const transport = withEvents();
    const settings: unknown[] = [];
    const profiles: unknown[] = [];
    transport.on('settings.changed', (p) => settings.push(p));
    transport.on('profiles.changed', (p) => profiles.push(p));
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events']);

    const stream = FakeEventSource.opened[0];
    stream?.deliver('settings.changed', '{"theme":"dark"}');
    stream?.deliver('profiles.changed', '[]');
    stream?.deliver('settings.changed', 'not json');
    expect(settings).toEqual([{ theme: 'dark' }]);
    expect(profiles).toEqual([[]]);
  });

  it('stops delivering after unsubscribe and closes the stream when nobody listens', () => {
    const transport = withEvents();
    const seen: unknown[] = [];
    const stopA = transport.on('settings.changed', (p) => seen.push(p));
    const stopB = transport.on('profiles.changed', () => undefined);
    const stream = FakeEventSource.opened[0];

    stopA();
    stopA(); // A second call must not unbalance the count.
    stream?.deliver('settings.changed', '{}');
    expect(seen).toEqual([]);
    expect(stream?.closed).toBe(false);
    stopB();
    expect(stream?.closed).toBe(true);

    transport.on('settings.changed', () => undefined);
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});

describe('web transport: media', () => {
  it('points library files at /media with each path segment encoded', () => {
    const transport = createWebTransport({ baseUrl: 'http://127.0.0.1:9' });
    expect(transport.mediaUrl('2026/11/22/a b#1.png')).toBe('http://127.0.0.1:9/media/2026/11/22/a%20b%231.png');
  });
});
