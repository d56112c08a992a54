import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Services log through createLogger; tests keep the output readable.
    env: { ATELIER_LOG: 'silent' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
