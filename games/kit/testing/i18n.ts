/**
 * Test-only: the i18next set-up every component test of the kit and the games repeats, English
 * first, with the catalogues the component reads.
 */
import i18next, { type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { beforeAll } from 'vitest'

/**
 * Registers (call at the top of a test file) i18next's start in English with `resources`, e.g.
 * `{ en: { dice: en, kit: kitEn } }`; a test that switches language switches back itself.
 */
export function i18nTestEnv(resources: Resource): void {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      resources,
      interpolation: { escapeValue: false },
    })
  })
}
