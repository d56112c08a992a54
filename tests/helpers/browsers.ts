import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

// Playwright cannot download its own browsers here; the end-to-end tests and benchmarks run the system's.
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

function launchOptions(candidates: readonly string[]): LaunchOptions {
  const executablePath = candidates.find((path) => existsSync(path));
  return { ...(executablePath === undefined ? {} : { executablePath }), args };
}

/** The full browser (Debian's chromium): for what the headless shell does not do as a browser does, and the benchmarks' frame timings. */
export const fullChromium = launchOptions(['/usr/bin/chromium', '/usr/bin/chromium-browser']);

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself runs
 * headless): the same Blink at two thirds of the full browser's CPU time. The full browser where
 * only it is installed.
 */
export const headlessChromium = launchOptions(['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser']);
