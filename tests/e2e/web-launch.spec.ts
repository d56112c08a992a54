import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { endWithThisProcess, stopProcess } from '../helpers/processes';
import { startRecordingServer } from '../helpers/recording-server';
import { startWebMode } from './support/web-mode';

const root = join(import.meta.dirname, '../..');

/** Every command line on this machine, as other local accounts can read them. */
function allCommandLines(): string {
  if (!existsSync('/proc')) return '';
  const lines: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      // The process ended meanwhile.
    }
  }
  return lines.join('\n');
}

test('opens the browser on a private launch page: no secret on any command line, one use, then the studio', { tag: '@smoke' }, async ({ browser }) => {
  const work = mkdtempSync(join(tmpdir(), 'atelier-launch-'));
  const recorded = join(work, 'browser-args.txt');
  // Stands in for the user's browser: records what it was asked to open.
  const fakeBrowser = join(work, 'browser.sh');
  writeFileSync(fakeBrowser, `#!/bin/sh\nprintf '%s\\n' "$@" > "${recorded}"\n`);
  chmodSync(fakeBrowser, 0o700);
  const dataDir = join(work, 'data');
  const child = spawn(process.execPath, [join(root, 'out/main/web.js'), '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, ATELIER_LOG: 'silent', BROWSER: fakeBrowser },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  endWithThisProcess(child);
  try {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => existsSync(recorded), { timeout: 20_000 }).toBe(true);

    const pageUrl = readFileSync(recorded, 'utf8').trim();
    expect(pageUrl).toMatch(/^file:\/\/.*\/launch\/launch-\d+\.html$/);
    const pagePath = fileURLToPath(pageUrl);
    expect(statMode(pagePath)).toBe('600');
    const code = /[?&]code=([\w-]+)/.exec(readFileSync(pagePath, 'utf8'))?.[1] ?? '';
    expect(code.length).toBeGreaterThan(20);
    expect(allCommandLines()).not.toContain(code);
    const printed = /http:\/\/127\.0\.0\.1:(\d+)\/\?code=([\w-]+)/.exec(output);
    expect(printed).not.toBeNull();
    expect(allCommandLines()).not.toContain(printed?.[2] ?? 'none');
    // The studio's own host name for this run, where the browser keeps its session.
    const origin = /running in web mode at (http:\/\/atelier-[0-9a-f]{20}\.localhost:(\d+))/.exec(output);
    expect(origin?.[2]).toBe(printed?.[1]);

    // The user's browser opens the page and lands in the studio, the code gone from the address.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pageUrl);
    // The window's router then opens its first page (`#/create`).
    const studioOrigin = origin?.[1] ?? '';
    await expect(page).toHaveURL(new RegExp(`^${studioOrigin.replaceAll('.', '\\.')}/(#/.*)?$`));
    await expect(page.getByRole('navigation')).toBeVisible();
    await expect.poll(() => existsSync(pagePath)).toBe(false);
    const cookies = await context.cookies();
    expect(cookies.map((c) => [c.name, c.domain])).toEqual([['atelier_session', new URL(studioOrigin).hostname]]);
    expect(cookies[0]?.value).not.toBe(code);

    // The code is dead for anyone else, on either address.
    const stranger = await browser.newContext();
    for (const address of [`http://127.0.0.1:${printed?.[1] ?? ''}/?code=${code}`, `${studioOrigin}/?code=${code}`]) {
      const response = await (await stranger.newPage()).goto(address);
      expect(response?.status()).toBe(401);
      expect(await response?.text()).not.toContain('.localhost');
    }
    await stranger.close();
    await context.close();
  } finally {
    await stopProcess(child);
  }
});

test('no session credential reaches another local server, whatever port or loopback name it answers on', async ({ browser }) => {
  const studio = await startWebMode();
  // Another program's server on this computer, on another port: it records what the browser sends it.
  const other = await startRecordingServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Another local server</title><p>Hello</p>');
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(studio.launchUrl);
    await expect(page.getByRole('navigation')).toBeVisible();
    const session = await context.cookies();
    expect(session).not.toEqual([]);

    // The user browses to it, and it asks for more with credentials: nothing of the studio's session may come along.
    for (const host of ['127.0.0.1', 'localhost', 'another-app.localhost']) {
      await page.goto(`http://${host}:${other.port}/`);
      await expect(page).toHaveTitle('Another local server');
      await page.evaluate(async () => {
        await fetch('/probe', { credentials: 'include' });
      });
    }
    expect(other.requests.length).toBeGreaterThanOrEqual(6);
    for (const request of other.requests) {
      const sent = `${request.headers.cookie ?? ''} ${request.headers.authorization ?? ''}`;
      for (const cookie of session) expect(sent, `${request.method} ${request.url}`).not.toContain(cookie.value);
    }
    // The session cookie belongs to this run's own host name only, never to a shared loopback name.
    for (const cookie of session) expect(['127.0.0.1', 'localhost', '[::1]']).not.toContain(cookie.domain);

    // And the studio still answers in that browser.
    await page.goto(studio.url);
    await expect(page.getByRole('navigation')).toBeVisible();
  } finally {
    await context.close();
    await other.close();
    await studio.stop();
  }
});

test('a browser signs the others out: their page loses the studio at once, its own carries on', async ({ browser }) => {
  const studio = await startWebMode(undefined, { console: true });
  const mine = await browser.newContext();
  const theirs = await browser.newContext();
  try {
    const page = await mine.newPage();
    await page.goto(studio.launchUrl);
    await expect(page.getByRole('navigation')).toBeVisible();
    // A second browser gets its own one-time address from the terminal (Enter).
    studio.typeOnConsole('');
    const newAddress = /A new launch address[^\n]*\n\s+(http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+)/;
    await expect.poll(() => newAddress.exec(studio.printed())?.[1]).toBeTruthy();
    const other = await theirs.newPage();
    await other.goto(newAddress.exec(studio.printed())?.[1] ?? '');
    await expect(other.getByRole('navigation')).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    const browsers = page.getByRole('region', { name: 'Browsers' });
    await browsers.getByRole('button', { name: 'Sign out other browsers' }).click();
    await expect(browsers.getByRole('status')).toHaveText('Signed out 1 other browser.');

    const status = (target: typeof page) =>
      target.evaluate(
        async () => (await fetch('/api/invoke/settings.get', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"input":{}}' })).status,
      );
    expect(await status(other)).toBe(401);
    expect((await other.reload())?.status()).toBe(401);
    expect(await status(page)).toBe(200);
  } finally {
    await Promise.all([mine.close(), theirs.close()]);
    await studio.stop();
  }
});

function statMode(path: string): string {
  return (statSync(path).mode & 0o777).toString(8);
}
