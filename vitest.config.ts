import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The demo gateway's fixture media (docs/simulator.md): results of the right size, length and
 * sound without drawing or encoding them. Tests that look at what a result shows ask for
 * `media: 'rendered'` themselves; child processes inherit the variable.
 */
const FIXTURE_MEDIA = {
  ATELIER_DEMO_MEDIA: 'fixture',
  // Where each fixture clip is kept once encoded, for every demo gateway and child process of the run
  // (src/simulator/media/fixture-media.ts); the integration project's global setup empties it.
  ATELIER_DEMO_FIXTURE_CLIPS: join(import.meta.dirname, '.tmp', 'fixture-clips'),
};

export default defineConfig({
  test: {
    // One test file per core (vitest's default leaves one core free, which on two cores runs the
    // files one at a time while most of them wait on sockets, timers and child processes).
    maxWorkers: availableParallelism(),
    // Services log through createLogger; tests keep the output readable.
    env: { ATELIER_LOG: 'silent' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's loaded modules: importing them again for each file was four fifths of
          // this project's CPU time. No unit test mocks a module or keeps state in one.
          isolate: false,
        },
      },
      {
        test: {
          // The renderer against the real studio core (tests/renderer/studio-harness.ts), in a DOM.
          name: 'renderer',
          include: ['tests/renderer/**/*.test.ts', 'tests/renderer/**/*.test.tsx'],
          exclude: ['tests/renderer/**/*.isolated.test.tsx'],
          environment: './tests/renderer/dom-environment.ts',
          env: FIXTURE_MEDIA,
          // Files share a worker's loaded modules (React, the renderer, the studio core): every file
          // starts its own studio and resets the stores between tests (tests/renderer/reset-stores.ts),
          // so importing them again per file (half this project's CPU time) bought nothing.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          // Renderer tests that replace a module (vi.mock) load everything afresh: a worker's shared
          // modules would already hold the real one.
          name: 'renderer-isolated',
          include: ['tests/renderer/**/*.isolated.test.tsx'],
          environment: './tests/renderer/dom-environment.ts',
          env: FIXTURE_MEDIA,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          env: FIXTURE_MEDIA,
          // Files share a worker's loaded modules (the app, sharp, SQLite, the simulator) rather than
          // importing them again each: every file starts its own studios and gateways and stops them.
          isolate: false,
          // The CLI and the other programs tests start as child processes, bundled once per run.
          globalSetup: ['./tests/helpers/bundle-setup.ts'],
          // Room for a machine shared with other work: several of these tests wait on child processes
          // and real task times, and took close to 30 s each under load before the suite ran in parallel.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Packs the built app with electron-builder: run after `npm run build` (npm test does).
        test: {
          name: 'packaging',
          include: ['tests/packaging/**/*.test.ts'],
          environment: 'node',
          // Deadlines catch hangs, not slowness: the two packs share the cores with the whole browser suite in
          // `npm run test:all`, and took 250 s of the 300 s this allowed on a busy machine.
          testTimeout: 180_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
