import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Playwright cannot download its own browser here; use the system Chromium where it is installed.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

/** End-to-end tests drive the built studio: web mode in Chromium, and the Electron shell where its runtime exists. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Deadlines catch hangs, not slowness: `npm test` runs these beside the other suites on two cores, and a fresh
  // machine's first minutes are slower still.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Files run on two workers (each starts its own studio on its own port and data folder); the
  // tests of a file stay in order on one worker.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  outputDir: '.tmp/e2e-results',
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
});
