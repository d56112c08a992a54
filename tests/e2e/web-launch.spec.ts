import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

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

let child: ChildProcess | undefined;
test.afterEach(() => {
  child?.kill('SIGTERM');
});

test('opens the browser on a private launch page: no secret on any command line, one use, then the studio', async ({ browser }) => {
  const work = mkdtempSync(join(tmpdir(), 'atelier-launch-'));
  const recorded = join(work, 'browser-args.txt');
  // Stands in for the user's browser: records what it was asked to open.
  const fakeBrowser = join(work, 'browser.sh');
  writeFileSync(fakeBrowser, `#!/bin/sh\nprintf '%s\\n' "$@" > "${recorded}"\n`);
  chmodSync(fakeBrowser, 0o700);
  const dataDir = join(work, 'data');
  child = spawn(process.execPath, [join(root, 'out/main/web.js'), '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, ATELIER_LOG: 'silent', BROWSER: fakeBrowser },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
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
  const origin = `http://127.0.0.1:${printed?.[1] ?? ''}`;
  expect(allCommandLines()).not.toContain(printed?.[2] ?? 'none');

  // The user's browser opens the page and lands in the studio, the code gone from the address.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(pageUrl);
  // The window's router then opens its first page (`#/create`).
  await expect(page).toHaveURL(new RegExp(`^${origin}/(#/.*)?$`));
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect.poll(() => existsSync(pagePath)).toBe(false);
  const cookies = await context.cookies(origin);
  expect(cookies.map((c) => c.name)).toEqual([`atelier_session_${printed?.[1] ?? ''}`]);
  expect(cookies[0]?.value).not.toBe(code);

  // The code is dead for anyone else.
  const stranger = await browser.newContext();
  const response = await (await stranger.newPage()).goto(`${origin}/?code=${code}`);
  expect(response?.status()).toBe(401);
  await stranger.close();
  await context.close();
});

function statMode(path: string): string {
  return (statSync(path).mode & 0o777).toString(8);
}
