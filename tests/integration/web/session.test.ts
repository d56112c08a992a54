/**
 * Web mode's session: a launch code works once and only trades for a separate random session id,
 * kept in a cookie under this run's own host name (`atelier-<random>.localhost`): browsers scope
 * cookies by host, not port, so a cookie of 127.0.0.1 would reach every other local server. A
 * session ends when idle with no open tab, and any browser can sign the others out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { Studio } from '../../../src/main/core/studio';
import { browserCommand, launchPageHtml } from '../../../src/main/web/launch-page';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { DEFAULT_SESSION_IDLE_MS } from '../../../src/main/web/sessions';
import { createTestStudio } from '../../helpers/studio';

let studio: Studio;
let server: RunningWebServer;
let other: RunningWebServer;
/** The web servers' clock: tests move it instead of waiting half an hour. */
let now = Date.UTC(2026, 0, 1);
const clock = { now: () => now };

beforeAll(async () => {
  ({ studio } = await createTestStudio());
  server = await startWebServer({ studio, sessions: clock });
  other = await startWebServer({ studio, sessions: clock });
});
afterAll(async () => {
  await Promise.all([server.close(), other.close()]);
  await studio.stop();
});

const hostOf = (target: RunningWebServer): string => new URL(target.sessionOrigin).host;

/** A request to `target` as a browser sends it: to the run's own host name unless `host` says otherwise. */
async function send(
  target: RunningWebServer,
  path: string,
  options: { host?: string; cookie?: string; method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
) {
  const post = options.method === 'POST';
  const res = await request(`${target.url}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      host: options.host ?? hostOf(target),
      ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
      ...(post ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(post ? { body: '{"input":{}}' } : {}),
  });
  const text = await res.body.text();
  const setCookie = res.headers['set-cookie'];
  const location = res.headers.location;
  return {
    status: res.statusCode,
    text,
    location: Array.isArray(location) ? location[0] : location,
    cookie: (Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? '',
  };
}

/** The path and query of an address, with the host it names. */
const pathOf = (address: string): { path: string; host: string } => ({
  path: new URL(address).pathname + new URL(address).search,
  host: new URL(address).host,
});

const settingsWith = (target: RunningWebServer, cookie: string, host?: string) =>
  send(target, '/api/invoke/settings.get', { method: 'POST', cookie, ...(host === undefined ? {} : { host }) });

/** Opens a launch address as a browser would: the hop from 127.0.0.1, then the trade under the run's name. */
async function launch(target: RunningWebServer, launchUrl = target.newLaunchUrl()): Promise<string> {
  const printed = pathOf(launchUrl);
  const hop = await send(target, printed.path, { host: printed.host });
  expect(hop.status).toBe(307);
  const onward = new URL(hop.location ?? '');
  expect(onward.host).toBe(hostOf(target));
  const traded = await send(target, onward.pathname + onward.search);
  expect(traded.status).toBe(200);
  return traded.cookie.split(';')[0] ?? '';
}

describe('launch codes', () => {
  it('work once: the printed address sends the browser on to the run’s own name, where the code trades for a session', async () => {
    const cookie = await launch(server, server.launchUrl);
    expect((await settingsWith(server, cookie)).status).toBe(200);
    const printed = pathOf(server.launchUrl);
    const again = await send(server, printed.path, { host: printed.host });
    expect(again.status).toBe(401);
    expect(again.text).not.toContain('.localhost');
  });

  it('a run’s host name is random, told only to a holder of a live code', async () => {
    expect(hostOf(server)).toMatch(/^atelier-[0-9a-f]{20}\.localhost:\d+$/);
    expect(hostOf(server)).not.toBe(hostOf(other));
    const guess = await send(server, '/?code=not-a-code', { host: `127.0.0.1:${server.port}` });
    expect(guess).toMatchObject({ status: 401, location: undefined });
    expect(guess.text).not.toContain(hostOf(server));
  });

  it('trade for a random session id, not the code, in a host-only HttpOnly SameSite=Strict cookie', async () => {
    const url = server.newLaunchUrl();
    const code = new URL(url).searchParams.get('code') ?? '';
    const traded = await send(server, `/?code=${code}`, { headers: { 'sec-fetch-site': 'none' } });
    expect(traded.status).toBe(303);
    expect(traded.location).toBe('/');
    expect(traded.cookie).toMatch(/^atelier_session=[\w-]{32,}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(traded.cookie).not.toContain(code);
    const fromElsewhere = await send(server, `/?code=${new URL(server.newLaunchUrl()).searchParams.get('code') ?? ''}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.text).toContain('http-equiv="refresh" content="0; url=/"');
  });

  it('a used link opened again in the browser that used it just drops the code', async () => {
    const url = server.newLaunchUrl();
    const cookie = await launch(server, url);
    const res = await send(server, pathOf(url).path, { cookie });
    expect(res).toMatchObject({ status: 303, location: '/' });
  });

  it('the session cookie counts only under the run’s own name: presented on 127.0.0.1 or localhost it opens nothing', async () => {
    const cookie = await launch(server);
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) expect((await settingsWith(server, cookie, host)).status).toBe(401);
    expect((await settingsWith(server, cookie)).status).toBe(200);
  });

  it('a session or code of one studio does not open another on the same computer', async () => {
    const cookie = await launch(server);
    expect((await settingsWith(other, cookie)).status).toBe(401);
    const code = new URL(server.newLaunchUrl()).searchParams.get('code') ?? '';
    expect((await send(other, `/?code=${code}`)).status).toBe(401);
    expect((await send(other, `/?code=${code}`, { host: `127.0.0.1:${other.port}` })).status).toBe(401);
  });
});

/** Opens the event stream of a session; `ended` resolves when the server closes it. */
async function openStream(target: RunningWebServer, cookie: string): Promise<{ ended: Promise<void>; close: () => void }> {
  const controller = new AbortController();
  const res = await request(`${target.url}/api/events`, { headers: { host: hostOf(target), cookie }, signal: controller.signal });
  expect(res.statusCode).toBe(200);
  const ended = new Promise<void>((resolve) => {
    res.body.on('end', resolve);
    res.body.on('error', () => resolve());
    res.body.resume();
  });
  return { ended, close: () => controller.abort() };
}

describe('sessions end', () => {
  it('after the idle time with no request and no open tab, and not while a tab holds its event stream', async () => {
    const idle = await launch(server);
    const open = await launch(server);
    const stream = await openStream(server, open);
    now += DEFAULT_SESSION_IDLE_MS - 1000;
    expect((await settingsWith(server, idle)).status).toBe(200);
    now += DEFAULT_SESSION_IDLE_MS + 1000;
    expect((await settingsWith(server, idle)).status).toBe(401);
    expect((await settingsWith(server, open)).status).toBe(200);
    // The tab closes: the idle time counts from then.
    stream.close();
    await stream.ended;
    await expect.poll(async () => (await settingsWith(server, open)).status).toBe(200);
    now += DEFAULT_SESSION_IDLE_MS + 1000;
    expect((await settingsWith(server, open)).status).toBe(401);
    // Programs of this process (tests, tools) keep their token for the run.
    const program = await request(`${server.url}/api/invoke/settings.get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: '{"input":{}}',
    });
    expect(program.statusCode).toBe(200);
    await program.body.dump();
  });

  it('when another browser signs them out: their open pages lose the stream at once, the caller stays', async () => {
    const mine = await launch(server);
    const laptop = await launch(server);
    const forgotten = await launch(server);
    const laptopTab = await openStream(server, laptop);
    const answer = await send(server, '/api/invoke/app.sign_out_other_browsers', { method: 'POST', cookie: mine });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ ok: true, value: { signedOut: expect.any(Number) as unknown } });
    expect((JSON.parse(answer.text) as { value: { signedOut: number } }).value.signedOut).toBeGreaterThanOrEqual(2);
    await laptopTab.ended;
    expect((await settingsWith(server, laptop)).status).toBe(401);
    expect((await settingsWith(server, forgotten)).status).toBe(401);
    expect((await settingsWith(server, mine)).status).toBe(200);
    expect((await send(server, '/api/events', { cookie: laptop })).status).toBe(401);
  });
});

describe('the browser opener', () => {
  it('is given a page, never the address with its code', () => {
    expect(browserCommand({ BROWSER: 'firefox --new-window' }, 'linux')).toEqual(['firefox', '--new-window']);
    expect(browserCommand({}, 'linux')).toBeUndefined();
    expect(browserCommand({ DISPLAY: ':0' }, 'linux')).toEqual(['xdg-open']);
    const html = launchPageHtml('http://127.0.0.1:5/?code=abc&x="y"');
    expect(html).toContain('content="0; url=http://127.0.0.1:5/?code=abc&#38;x=&#34;y&#34;"');
  });
});
