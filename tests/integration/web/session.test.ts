/**
 * Web mode's session: a launch code works once and only trades for a separate random session id,
 * kept in a cookie whose name carries the port (browsers share cookies across the ports of a
 * host, so two studios, or any other local server, must not mix them up).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Studio } from '../../../src/main/core/studio';
import { browserCommand, launchPageHtml } from '../../../src/main/web/launch-page';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { createTestStudio } from '../../helpers/studio';

let studio: Studio;
let server: RunningWebServer;
let other: RunningWebServer;

beforeAll(async () => {
  ({ studio } = await createTestStudio());
  server = await startWebServer({ studio });
  other = await startWebServer({ studio });
});
afterAll(async () => {
  await Promise.all([server.close(), other.close()]);
  await studio.stop();
});

const settingsWith = (target: RunningWebServer, cookie: string) =>
  fetch(`${target.url}/api/invoke/settings.get`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{"input":{}}' });

async function launch(url: string): Promise<{ status: number; cookie: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.text();
  return { status: res.status, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

describe('launch codes', () => {
  it('work once: the printed address opens one browser, then it is dead', async () => {
    const first = await launch(server.launchUrl);
    expect(first.status).toBe(200);
    expect((await settingsWith(server, first.cookie)).status).toBe(200);
    const again = await launch(server.launchUrl);
    expect(again).toEqual({ status: 401, cookie: '' });
  });

  it('trade for a session id that is not the code, in a cookie named after the port', async () => {
    const url = server.newLaunchUrl();
    const code = new URL(url).searchParams.get('code') ?? '';
    const { cookie } = await launch(url);
    const [name, value] = cookie.split('=');
    expect(name).toBe(`atelier_session_${server.port}`);
    expect(value).not.toBe(code);
    expect(value?.length).toBeGreaterThanOrEqual(32);
  });

  it('an address the user opened directly redirects with the session; one from another page moves on from a page of this origin', async () => {
    const direct = await fetch(server.newLaunchUrl(), { redirect: 'manual', headers: { 'sec-fetch-site': 'none' } });
    expect(direct.status).toBe(303);
    expect(direct.headers.get('location')).toBe('/');
    expect(direct.headers.get('set-cookie')).toMatch(new RegExp(`^atelier_session_${server.port}=[\\w-]{32,}; HttpOnly; SameSite=Strict; Path=/$`));
    const fromElsewhere = await fetch(server.newLaunchUrl(), { redirect: 'manual', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fromElsewhere.status).toBe(200);
    expect(await fromElsewhere.text()).toContain('http-equiv="refresh" content="0; url=/"');
    expect(fromElsewhere.headers.get('set-cookie')).toMatch(/^atelier_session_\d+=/);
  });

  it('a used link opened again in the browser that used it just drops the code', async () => {
    const url = server.newLaunchUrl();
    const { cookie } = await launch(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  it('a session of one studio does not open another on the same host', async () => {
    const { cookie } = await launch(server.newLaunchUrl());
    const value = cookie.split('=')[1] ?? '';
    expect((await settingsWith(other, `atelier_session_${other.port}=${value}`)).status).toBe(401);
    expect((await settingsWith(other, cookie)).status).toBe(401);
  });

  it('a code of one studio does not open another', async () => {
    const code = new URL(server.newLaunchUrl()).searchParams.get('code') ?? '';
    expect((await launch(`${other.url}/?code=${code}`)).status).toBe(401);
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
