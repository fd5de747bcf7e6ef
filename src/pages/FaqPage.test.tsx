import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createMemoryHistory } from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { App } from '../App'
import { initI18n } from '../i18n'
import { LOCALES, type Locale } from '../i18n/locales'
import { createAppRouter } from '../routes/router'
import { faqDoc } from './contentSchemas'

const localesDir = resolve(__dirname, '../../locales')
const faqOf = (locale: Locale) =>
  faqDoc.parse(JSON.parse(readFileSync(join(localesDir, locale, 'faq.json'), 'utf8')))
const english = faqOf('en')

afterEach(cleanup)

async function openFaq(locale: Locale) {
  await initI18n(locale)
  const href = locale === 'en' ? '/faq' : `/${locale}/faq`
  const router = createAppRouter(locale, createMemoryHistory({ initialEntries: [href] }))
  await router.load()
  render(<App router={router} i18n={i18next} />)
  // The faq namespace loads on demand: the first answer appears once it is in.
  await screen.findByTestId(`faq.item-${english.items[0]?.id}`)
}

describe('FAQ page', () => {
  for (const locale of LOCALES) {
    it(`renders every question and answer in ${locale}, in the English order`, async () => {
      await openFaq(locale)
      const faq = faqOf(locale)
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(faq.title)
      const items = [...document.querySelectorAll<HTMLDetailsElement>('details.faq__item')]
      expect(items.map((item) => item.id)).toEqual(english.items.map((item) => `faq-${item.id}`))
      items.forEach((item, i) => {
        expect(item.querySelector('summary')?.textContent).toBe(faq.items[i]?.question)
        expect(item.querySelector('p')?.textContent).toBe(faq.items[i]?.answer)
      })
      expect(screen.queryByText(i18next.t('pages:faq.unavailable'))).toBeNull()
    })
  }
})
