import { defineConfig } from 'vitest/config'

/**
 * The bundle budgets (tests/budget): a test of the built `dist/`, so it runs after `npm run build`
 * in `npm run check` (`npm run test:budget`), apart from the unit tests that run before the build.
 */
export default defineConfig({
  test: {
    name: 'budget',
    environment: 'node',
    include: ['tests/budget/**/*.test.ts'],
  },
})
