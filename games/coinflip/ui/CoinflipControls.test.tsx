import { fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/coinflip.json'
import kz from '../../../locales/kz/coinflip.json'
import ru from '../../../locales/ru/coinflip.json'
import type { Minor } from '../../engine/money'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { statefulShortcuts } from '../../kit/stateful/ui/statefulHotkeys'
import { CoinflipControls } from './CoinflipControls'
import { callOfShortcut, COINFLIP_SHORTCUTS, randomCall } from './coinflipKeys'
import {
  announceRound,
  faceWords,
  sceneCaption,
  sceneLabel,
  type CoinflipRound,
} from './coinflipText'

i18nTestEnv({ en: { coinflip: en }, ru: { coinflip: ru }, kz: { coinflip: kz } })

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)
const money = (value: number) => `${(value / 100).toFixed(2)} RUB`

/** A round after `flips`, as an ack would carry it. */
function round(
  flips: CoinflipRound['view']['flips'],
  end: Partial<Pick<CoinflipRound, 'status' | 'endReason' | 'multiplier' | 'payout'>> = {},
): CoinflipRound {
  const streak = flips.filter((f) => f.call === f.side).length
  return {
    roundId: 'r-1',
    amount: 100 as Minor,
    currency: 'RUB',
    params: {},
    status: 'open',
    step: flips.length,
    multiplier: streak ? 9900 * 2 ** streak : 0,
    payout: 0 as Minor,
    view: { flips, streak },
    steps: [],
    endReason: null,
    reveal: null,
    nonce: 0,
    serverSeedHash: 'a'.repeat(64),
    clientSeed: 'c',
    openedAt: 1,
    ...end,
  } as unknown as CoinflipRound
}

describe('CoinflipControls', () => {
  it('calls a side with its next multiplier, and not while a call cannot go', () => {
    const onCall = vi.fn()
    const { rerender } = render(
      <CoinflipControls next={39_600} canCall pending={null} onCall={onCall} locale="en" />,
    )
    const heads = screen.getByTestId('coinflip.call-heads')
    expect(heads.textContent).toBe('Heads3.96×')
    expect(heads.getAttribute('aria-keyshortcuts')).toBe('H')
    fireEvent.click(screen.getByRole('button', { name: /Tails/ }))
    expect(onCall).toHaveBeenCalledWith('tails')
    rerender(
      <CoinflipControls
        next={39_600}
        canCall={false}
        pending="tails"
        onCall={onCall}
        locale="en"
      />,
    )
    fireEvent.click(heads)
    expect(onCall).toHaveBeenCalledTimes(1)
    expect(heads.getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByTestId('coinflip.call-tails').getAttribute('aria-pressed')).toBe('true')
  })
})

describe('coinflip’s announcements', () => {
  it('says each flip’s result and how the round ended', () => {
    const win = { call: 'heads', side: 'heads' } as const
    expect(announceRound(round([]), money, t, 'en')).toBeNull()
    expect(announceRound(round([win, win]), money, t, 'en')).toBe('Heads: correct, 3.96×')
    const lost = round([win, { call: 'heads', side: 'tails' }], {
      status: 'lost',
      endReason: 'lost',
    })
    expect(announceRound(lost, money, t, 'en')).toBe('Tails: wrong. The round is lost')
    const cashed = round([win], { status: 'won', endReason: 'cashout', payout: 198 as Minor })
    expect(announceRound(cashed, money, t, 'en')).toBe('Cashed out at 1.98×: 1.98 RUB')
    expect(sceneCaption(cashed, money, t, 'en')).toEqual({ text: '1.98× · 1.98 RUB', tone: 'won' })
    expect(sceneCaption(lost, money, t, 'en')).toEqual({ text: 'Tails: wrong', tone: 'lost' })
    expect(sceneLabel(null, 'tails', t)).toBe('The coin is in the air… Your call: Tails')
  })

  it('speaks Russian and Kazakh', async () => {
    const win = { call: 'tails', side: 'tails' } as const
    await i18next.changeLanguage('ru')
    expect(announceRound(round([win, win]), money, t, 'ru')).toBe('Решка: верно, 3,96×')
    expect(faceWords(t)).toEqual({ heads: 'ОРЁЛ', tails: 'РЕШКА' })
    await i18next.changeLanguage('kz')
    expect(announceRound(round([win]), money, t, 'kz')).toBe('Таңба: дұрыс, 1,98×')
    expect(sceneCaption(round([]), money, t, 'kz')?.text).toBe('Бүркіт пе, таңба ма?')
    await i18next.changeLanguage('en')
  })
})

describe('coinflip’s keys and random call', () => {
  it('adds H and T to the kit’s keys, and draws either side', () => {
    const table = statefulShortcuts(COINFLIP_SHORTCUTS, { random: true })
    expect(table.filter((s) => s.does.kind === 'game').map((s) => s.key)).toEqual(['H', 'T'])
    expect(COINFLIP_SHORTCUTS.map((s) => callOfShortcut(s.id))).toEqual(['heads', 'tails'])
    expect(callOfShortcut('edge')).toBeNull()
    expect([randomCall(() => 0), randomCall(() => 1)]).toEqual(['heads', 'tails'])
    const drawn = new Set(Array.from({ length: 64 }, () => randomCall()))
    expect(drawn).toEqual(new Set(['heads', 'tails']))
  })
})
