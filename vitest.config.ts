import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Unit and integration tests in two projects: browser-side code runs in jsdom,
 * server and isomorphic engine code in plain Node. Playwright specs (`*.spec.ts`) are not here.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // One worker per core. Vitest's default leaves a core free, which on a 2-core CI machine ran
    // every file on one worker (635 s for the suite against 409 s with two; a third gains nothing).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          // Each file still gets a fresh jsdom and module graph, but in a VM context of a worker
          // that stays up: the default forks started a process and imported jsdom for every file,
          // most of this project's time (the src/ files took 478 s on forks, 146 s here).
          pool: 'vmThreads',
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
          // Each file in a worker thread of its own rather than a child process: the same isolation
          // for these files (none changes the directory or exits) at less cost per file. In close
          // succession at --maxWorkers=2: server/ and games/ 154 s on forks, 98 s on threads; the
          // whole project 293 s and 276 s (its tail is the kill tests' server processes).
          pool: 'threads',
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
          // One migrated PGlite dump and one PostgreSQL server per run, copied for each test's
          // database (server/db/testDatabases.ts), instead of an initdb per database.
          globalSetup: ['tests/setup/databases.ts'],
        },
      },
    ],
  },
})
