import { fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/hilo.json'
import kz from '../../../locales/kz/hilo.json'
import ru from '../../../locales/ru/hilo.json'
import { CARDS } from '../../engine/fairness/draws'
import type { Minor } from '../../engine/money'
import { i18nTestEnv } from '../../kit/testing/i18n'
import type { HiloView } from '../protocol'
import type { HiloMove } from '../rules'
import { guessOn, guessOptions, moveOfKey, skipsLeft } from './guesses'
import { HiloGuesses } from './HiloGuesses'
import { announceRound, cardName, type HiloRound } from './hiloText'

i18nTestEnv({ en: { hilo: en }, ru: { hilo: ru }, kz: { hilo: kz } })

const card = (label: string) => CARDS.find((c) => c.rank + c.suit === label)!.index
const viewOf = (labels: string[], moves: HiloMove[], running: number, correct = 0): HiloView =>
  ({
    cards: labels.map(card),
    moves,
    running,
    correct,
    skips: moves.filter((m) => m === 'skip').length,
  }) as HiloView

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options)
const money = (value: number) => `${value / 100} RUB`

/** A round around `view` (the fields the announcement reads). */
const roundOf = (view: HiloView, extra: Partial<HiloRound> = {}): HiloRound =>
  ({
    roundId: 'r-1',
    status: 'open',
    multiplier: view.correct > 0 ? view.running : 0,
    payout: 0,
    endReason: null,
    view,
    ...extra,
  }) as HiloRound

describe('hilo guess buttons', () => {
  it('offers higher or same / lower or same, and at the edges higher / same and same / lower', () => {
    expect([guessOn(7, 'up'), guessOn(7, 'down')]).toEqual(['higherOrSame', 'lowerOrSame'])
    expect([guessOn(1, 'up'), guessOn(1, 'down')]).toEqual(['higher', 'same'])
    expect([guessOn(13, 'up'), guessOn(13, 'down')]).toEqual(['same', 'lower'])
    const [up, down] = guessOptions(viewOf(['2♣'], [], 10_000))
    expect(up).toMatchObject({ move: 'higherOrSame', multiplier: 10_725, next: 10_725 })
    expect(up!.chance).toBeCloseTo(1200 / 13, 5) // the ace is below a two
    expect(down).toMatchObject({ move: 'lowerOrSame', multiplier: 64_350 })
    expect(down!.chance).toBeCloseTo(200 / 13, 5)
    expect(guessOptions(viewOf(['2♣', 'A♦'], ['higherOrSame'], 0, 0))).toEqual([])
  })

  it('maps the arrows to the guesses on the current card and the right arrow to a skip', () => {
    expect(moveOfKey(viewOf(['K♠'], [], 10_000), 'up')).toBe('same')
    expect(moveOfKey(viewOf(['K♠'], [], 10_000), 'down')).toBe('lower')
    expect(moveOfKey(viewOf(['5♠'], [], 10_000), 'skip')).toBe('skip')
    const skipped = { ...viewOf(['5♠'], [], 10_000), skips: 52 }
    expect(skipsLeft(skipped)).toBe(0)
    expect(moveOfKey(skipped, 'skip')).toBeNull()
    expect(moveOfKey(viewOf(['5♠'], [], 10_000), 'help')).toBeNull()
  })

  it('shows each guess with what it pays and its chance, and plays it', () => {
    const onMove = vi.fn()
    render(<HiloGuesses view={viewOf(['A♥'], [], 10_000)} canStep onMove={onMove} locale="en" />)
    const up = screen.getByRole('button', { name: 'Higher: pays 1.07×, chance 92.31%' })
    screen.getByRole('button', { name: 'Same: pays 12.87×, chance 7.69%' })
    fireEvent.click(up)
    fireEvent.click(screen.getByRole('button', { name: 'Skip this card: skips left: 52' }))
    expect(onMove.mock.calls).toEqual([['higher'], ['skip']])
  })

  it('is disabled while no step may go', () => {
    render(<HiloGuesses view={null} canStep={false} onMove={() => {}} locale="en" />)
    for (const button of screen.getAllByRole<HTMLButtonElement>('button')) {
      expect(button.disabled).toBe(true)
    }
  })
})

describe('hilo texts', () => {
  it('names cards in the three languages', async () => {
    expect(cardName(t, card('K♥'))).toBe('king of hearts')
    await i18next.changeLanguage('ru')
    expect(cardName(t, card('K♥'))).toBe('король червей')
    expect(cardName(t, card('10♦'))).toBe('десятка бубён')
    await i18next.changeLanguage('kz')
    expect(cardName(t, card('Q♠'))).toBe('қарға дамасы')
    await i18next.changeLanguage('en')
  })

  it('announces the first card, each step and the end', () => {
    const start = viewOf(['7♦'], [], 10_000)
    expect(announceRound(t, roundOf(start), money, 'en')).toBe('First card: seven of diamonds.')
    const one = viewOf(['7♦', 'K♥'], ['higherOrSame'], 18_385, 1)
    expect(announceRound(t, roundOf(one), money, 'en')).toBe(
      'Next card: king of hearts. Higher or same: correct, 1.83×.',
    )
    const skipped = viewOf(['7♦', 'K♥', '2♣'], ['higherOrSame', 'skip'], 18_385, 1)
    expect(announceRound(t, roundOf(skipped), money, 'en')).toBe(
      'Skipped. Next card: two of clubs.',
    )
    const lost = viewOf(['7♦', 'K♥', '2♣', 'A♠'], ['higherOrSame', 'skip', 'higherOrSame'], 0, 1)
    expect(announceRound(t, roundOf(lost, { status: 'lost' }), money, 'en')).toBe(
      'Next card: ace of spades. Higher or same: wrong, the round is lost.',
    )
    const won = roundOf(one, { status: 'won', endReason: 'cashout', payout: 183 as Minor })
    expect(announceRound(t, won, money, 'en')).toBe('Cashed out at 1.83×: you won 1.83 RUB.')
    const cap = roundOf(one, { status: 'won', endReason: 'cap', payout: 183 as Minor })
    expect(announceRound(t, cap, money, 'en')).toMatch(/correct, 1\.83×\. The maximum payout/)
  })
})
