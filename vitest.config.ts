import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Unit and integration tests in two projects: browser-side code runs in jsdom,
 * server and isomorphic engine code in plain Node. Playwright specs (`*.spec.ts`) are not here.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'games/**/*.test.{ts,tsx}', 'locales/**/*.test.ts'],
          exclude: ['games/engine/fairness/**', 'games/engine/money/**', 'games/*/rules.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'games/engine/fairness/**/*.test.ts',
            'games/engine/money/**/*.test.ts',
            'games/*/rules.test.ts',
            'tests/integration/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          testTimeout: 30_000,
        },
      },
    ],
  },
})
