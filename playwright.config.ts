import { defineConfig } from '@playwright/test';

/** End-to-end tests drive the built studio: web mode in Chromium, and the Electron shell where its runtime exists. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  outputDir: '.tmp/e2e-results',
  use: { trace: 'retain-on-failure' },
});
