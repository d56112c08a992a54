import { defineConfig } from '@playwright/test';
import { headlessChromium } from './tests/helpers/browsers';

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
    // Recording a trace of every test cost a third of the suite's CPU time; `npm test` runs a failed
    // test once more (--retries=1), and that run records its trace (.tmp/e2e-results/).
    trace: 'on-first-retry',
    // The studio honours reduced motion (no spinners or shimmer drawn at 60 frames a second, no
    // transitions); no test depends on an animation, and software-drawn frames were a third of
    // the suite's CPU time. Screenshots are still frames either way.
    reducedMotion: 'reduce',
    launchOptions: headlessChromium,
  },
});
