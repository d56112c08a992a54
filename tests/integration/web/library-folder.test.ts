/**
 * The library folder decides what `/media` serves, so a browser session cannot move it at will:
 * the window may only propose a folder, which the person at this computer confirms in the
 * terminal web mode runs in (Electron asks with its folder dialog instead).
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Studio } from '../../../src/main/core/studio';
import { startWebConsole, type WebConsole } from '../../../src/main/web/console';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { createTestStudio, until } from '../../helpers/studio';

let studio: Studio | undefined;
let server: RunningWebServer | undefined;
let webConsole: WebConsole | undefined;
afterEach(async () => {
  webConsole?.close();
  await server?.close();
  await studio?.stop();
  studio = server = webConsole = undefined;
});

/** A web-mode studio whose console is a pair of streams the test types into and reads. */
async function studioWithConsole(): Promise<{ server: RunningWebServer; type: (line: string) => void; printed: () => string }> {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  webConsole = startWebConsole({ input, output });
  ({ studio } = await createTestStudio({ libraryFolderChooser: webConsole.libraryFolderChooser }));
  server = await startWebServer({ studio });
  const running = server;
  webConsole.offerLaunchAddresses(() => running.newLaunchUrl());
  return { server, type: (line) => input.write(`${line}\n`), printed: () => printed };
}

async function call(
  target: RunningWebServer,
  route: string,
  input: unknown,
): Promise<{ status: number; body: { ok: boolean; value?: unknown; error?: { code: string; reason?: string } } }> {
  const res = await fetch(`${target.url}/api/invoke/${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ input }),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; value?: unknown } };
}

describe('the library folder from a web session', () => {
  it('cannot be set to any path: settings.update takes only the default back', async () => {
    const { server: web } = await studioWithConsole();
    const refused = await call(web, 'settings.update', { libraryDir: '/' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await call(web, 'settings.get', {})).body).toMatchObject({ ok: true, value: { libraryDir: null } });
    expect((await call(web, 'settings.update', { libraryDir: null })).body).toMatchObject({ ok: true, value: { libraryDir: null } });
  });

  it('moves only when the person at the terminal types yes; anything else declines', async () => {
    const { server: web, type, printed } = await studioWithConsole();
    const folder = mkdtempSync(join(tmpdir(), 'atelier-chosen-'));
    const declined = call(web, 'settings.choose_library_folder', { proposed: '/' });
    await until(printed, (text) => text.includes("A browser asks to keep the studio's results in:\n  /\n"), 'the question on the console');
    type('no');
    expect((await declined).body).toMatchObject({ ok: true, value: { chosen: false, settings: { libraryDir: null } } });

    const confirmed = call(web, 'settings.choose_library_folder', { proposed: folder });
    await until(printed, (text) => text.includes(`results in:\n  ${folder}\n`), 'the second question');
    type('yes');
    expect((await confirmed).body).toMatchObject({ ok: true, value: { chosen: true, settings: { libraryDir: folder } } });
    expect((await call(web, 'settings.get', {})).body).toMatchObject({ ok: true, value: { libraryDir: folder } });
  });

  it('refuses a relative proposal before asking anyone', async () => {
    const { server: web, printed } = await studioWithConsole();
    const answer = await call(web, 'settings.choose_library_folder', { proposed: 'Pictures/art' });
    expect(answer.body).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(printed()).not.toContain('asks to keep');
  });

  it('refuses, before the terminal prints a thing, a folder with escape sequences, invisible or look-alike characters, or one not normalised', async () => {
    const { server: web, printed } = await studioWithConsole();
    const spoofs = [
      // Erases the line and prints a harmless path over a hidden one.
      '/tmp/evil\u001b[2K\r  /home/me/Pictures',
      '/home/me/Pictures\u001b]8;;x\u0007',
      '\u2215home\u2215me\u2215Pictures',
      '/home/me\uff0fPictures',
      '/home/me/\u202eserutciP',
      '/home/me/Pic\u200btures',
      '/home/me/Pictures\u0338/x',
      '/home/me/Pictures\u00a0/x',
      '/home/me/../../etc',
      '/home/me/./Pictures',
      '/home//me/Pictures',
    ];
    for (const proposed of spoofs) {
      const answer = await call(web, 'settings.choose_library_folder', { proposed });
      expect(answer.body, JSON.stringify(proposed)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(printed()).not.toContain('asks to keep');
    expect((await call(web, 'settings.get', {})).body).toMatchObject({ ok: true, value: { libraryDir: null } });
  });

  it.skipIf(process.platform === 'win32')('shows the real path of a proposed link, and saves the folder it showed', async () => {
    const { server: web, type, printed } = await studioWithConsole();
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'atelier-chosen-')));
    const target = join(base, 'private');
    mkdirSync(target);
    symlinkSync(target, join(base, 'Pictures'));
    const answer = call(web, 'settings.choose_library_folder', { proposed: join(base, 'Pictures', 'Atelier') });
    const expected = join(target, 'Atelier');
    await until(printed, (text) => text.includes(`results in:\n  ${expected}\n`), 'the real path on the console');
    type('yes');
    expect((await answer).body).toMatchObject({ ok: true, value: { chosen: true, settings: { libraryDir: expected } } });
  });

  it.skipIf(process.platform === 'win32')('refuses a link that leads to a folder whose name could deceive', async () => {
    const { server: web, printed } = await studioWithConsole();
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'atelier-chosen-')));
    const deceptive = join(base, 'x\u001b[2K\r  home');
    mkdirSync(deceptive);
    symlinkSync(deceptive, join(base, 'Pictures'));
    const answer = await call(web, 'settings.choose_library_folder', { proposed: join(base, 'Pictures') });
    expect(answer.body).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(printed()).not.toContain('asks to keep');
  });

  it('cannot be changed where the studio has no terminal to ask on', async () => {
    const input = new PassThrough();
    webConsole = startWebConsole({ input, output: new PassThrough() });
    input.end();
    ({ studio } = await createTestStudio({ libraryFolderChooser: webConsole.libraryFolderChooser }));
    server = await startWebServer({ studio });
    await until(
      () => call(server as RunningWebServer, 'settings.choose_library_folder', { proposed: '/srv/art' }),
      (answer) => !answer.body.ok,
      'the refusal',
    );
    expect((await call(server, 'settings.choose_library_folder', { proposed: '/srv/art' })).body).toMatchObject({
      ok: false,
      error: { code: 'unsupported', reason: 'library_folder_unconfirmable' },
    });
  });
});

describe('the console', () => {
  it('prints a proposed folder with every control, invisible and look-alike character spelt out', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    webConsole = startWebConsole({ input, output });
    const answer = webConsole.libraryFolderChooser.choose('/srv/x\u001b[2K\r\u2215home\u202e\\me');
    await until(
      () => printed,
      (text) => text.includes('asks to keep'),
      'the question',
    );
    input.write('no\n');
    expect(await answer).toBeUndefined();
    expect(printed).toContain('  /srv/x\\u{1B}[2K\\u{D}\\u{2215}home\\u{202E}\\\\me\n');
    // Nothing but plain printable text and the console's own line breaks.
    expect(printed).not.toMatch(/[^\P{C}\n]|[\u2215\u202e]/u);
  });

  it('prints a new one-time launch address on Enter, which opens a session once', async () => {
    const { server: web, type, printed } = await studioWithConsole();
    type('');
    const text = await until(printed, (out) => /A new launch address[^\n]*\n {2}http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+/.test(out), 'a launch address');
    const address = /http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+/.exec(text)?.[0] ?? '';
    const hop = await fetch(address, { redirect: 'manual' });
    expect(hop.status).toBe(307);
    expect(hop.headers.get('location')).toBe(`${web.sessionOrigin}/${new URL(address).search}`);
  });
});
