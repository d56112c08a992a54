/**
 * Opening the studio in the user's browser without putting a secret on a command line (every
 * local account can read command lines in the process list): the one-time launch address goes
 * into a small page in a folder only the user may read, and the browser is given the page's
 * path. The page is removed as soon as its code is traded for a session, and at shutdown.
 */
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLogger } from '../core/log';
import { ensurePrivateDir, PRIVATE_MODES } from '../core/private-files';
import type { RunningWebServer } from './server';

const log = createLogger('web');

export interface OpenedLaunchPage {
  /** Removes the launch page if it is still there. */
  remove(): Promise<void>;
}

/** The browser command: `$BROWSER` (`%s` stands for the page, else it is appended), or the platform's opener. */
export function browserCommand(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string[] | undefined {
  const chosen = env.BROWSER?.trim();
  if (chosen) return chosen.split(/\s+/);
  if (platform === 'darwin') return ['open'];
  if (platform === 'win32') return ['explorer'];
  return env.DISPLAY || env.WAYLAND_DISPLAY ? ['xdg-open'] : undefined;
}

/** The launch page: sends the browser on to the one-time address. */
export function launchPageHtml(launchUrl: string): string {
  const href = launchUrl.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return (
    `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
    `<meta http-equiv="refresh" content="0; url=${href}"><title>Atelier</title></head>` +
    `<body><p><a href="${href}">Open Atelier</a></p></body></html>\n`
  );
}

/** Writes a launch page with a fresh one-time code and opens it; undefined when no browser can be opened here. */
export function openInBrowser(server: RunningWebServer, dataDir: string): OpenedLaunchPage | undefined {
  const command = browserCommand();
  if (command === undefined) return undefined;
  const folder = join(dataDir, 'launch');
  ensurePrivateDir(folder);
  const page = join(folder, `launch-${server.port}.html`);
  const launchUrl = server.newLaunchUrl();
  const code = new URL(launchUrl).searchParams.get('code');
  const remove = (): Promise<void> => rm(page, { force: true });
  server.onLaunch((used) => {
    if (used === code) void remove();
  });
  void writeFile(page, launchPageHtml(launchUrl), { mode: PRIVATE_MODES.file })
    .then(() => {
      const [program = '', ...args] = command;
      const target = pathToFileURL(page).href;
      const withPage = args.includes('%s') ? args.map((arg) => (arg === '%s' ? target : arg)) : [...args, target];
      const child = spawn(program, withPage, { detached: true, stdio: 'ignore' });
      child.on('error', () => log.warn('no browser could be opened; use the address printed above'));
      child.unref();
    })
    .catch((error: unknown) => log.warn('the launch page could not be written; use the address printed above', error));
  return { remove };
}
