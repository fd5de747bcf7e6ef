import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { afterAll, describe, expect, it } from 'vitest'
import en from '../../../locales/en/roulette.json'
import ru from '../../../locales/ru/roulette.json'
import kz from '../../../locales/kz/roulette.json'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { RouletteTable } from './RouletteTable'

i18nTestEnv({ en: { roulette: en }, ru: { roulette: ru }, kz: { roulette: kz } })

describe('RouletteTable names', () => {
  afterAll(() => i18next.changeLanguage('en'))

  // Lighthouse's label-content-name-mismatch (WCAG 2.5.3): a button showing "1–12" was named
  // "Dozen 1", and one showing "2:1" "Column 1", so a voice command saying what is seen missed.
  it.each(['en', 'ru', 'kz'])('names every spot with its visible text in %s', async (lang) => {
    await i18next.changeLanguage(lang)
    const { container } = render(
      <RouletteTable currency="RUB" stacks={{}} pocket={null} onPlace={() => {}} />,
    )
    // Plain DOM, not getAllByRole: computing roles of 150+ buttons is slow in jsdom.
    const buttons = [...container.querySelectorAll('button')]
    expect(buttons.length).toBeGreaterThan(150)
    for (const button of buttons) {
      const visible = button.textContent ?? ''
      expect(button.getAttribute('aria-label')).toContain(visible)
    }
    expect(screen.getByTestId('roulette.spot-dozen:1').getAttribute('aria-label')).toMatch(
      /^1–12, /,
    )
    expect(screen.getByTestId('roulette.spot-column:1').getAttribute('aria-label')).toMatch(
      /^2:1, /,
    )
  })
})
