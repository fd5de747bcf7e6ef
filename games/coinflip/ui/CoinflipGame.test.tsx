import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/coinflip.json'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import { failingProof, renderGamePage, signedInPage } from '../../kit/testing/gamePage'
import { i18nTestEnv } from '../../kit/testing/i18n'
import type * as StreamModule from '../../kit/stream/connectGameStream'
import { useInstantSettings } from '../../kit/ui/instantSettings'
// The Auto tab's code is loaded with the file, so the tab's lazy panel resolves in one turn.
import '../../kit/stateful/ui/StatefulAutoPanel'
import '../../kit/ui/SessionStats'
import type { Side } from '../rules'
import { CoinflipGame } from './CoinflipGame'

const HASH = 'ab'.repeat(32)
const START = 100_000 as Minor
/** The sides the fake server's coin lands on, flip after flip. */
const DRAWN: Side[] = ['tails', 'tails', 'heads']
/** Every command the page sent. */
const sent: { name: string; payload: Record<string, unknown> }[] = []

/** The fake server's one round: coinflip's rules over `DRAWN`, in the wire's shape. */
let round: Record<string, unknown> & {
  view: { flips: { call: Side; side: Side }[]; streak: number }
}
const multiplierOf = (streak: number) => (streak ? 9_900 * 2 ** streak : 0)

/** The sides each auto-bet lands on, bet after bet (each bet flips until its first miss). */
const AUTO_SIDES: Side[][] = [['heads', 'tails'], ['tails']]
let autoBets = 0
let autoBalance = START as number

/** An auto-bet: coinflip's one-trip instant bet of a sequence of calls, on the same stream. */
function answerBet(payload: Record<string, unknown>) {
  const calls = (payload.params as { calls: Side[] }).calls
  const sides = AUTO_SIDES[autoBets]!
  autoBets += 1
  const won = sides.length === calls.length && sides.every((side, i) => side === calls[i])
  const amount = payload.amount as number
  const multiplier = won ? multiplierOf(calls.length) : 0
  const payout = Math.floor((amount * multiplier) / 10_000)
  autoBalance += payout - amount
  return {
    type: 'ok',
    v: 1,
    betId: `b-${autoBets}`,
    outcome: { sides },
    multiplier,
    payout,
    balance: autoBalance,
    nonce: autoBets - 1,
    serverSeedHash: HASH,
  }
}

function answer(name: string, payload: Record<string, unknown>) {
  if (name === 'bet') return answerBet(payload)
  if (name === 'open') {
    round = {
      roundId: 'r-1',
      amount: payload.amount,
      currency: 'RUB',
      params: {},
      status: 'open',
      step: 0,
      multiplier: 0,
      payout: 0,
      view: { flips: [], streak: 0 },
      steps: [],
      endReason: null,
      reveal: null,
      nonce: 0,
      serverSeedHash: HASH,
      clientSeed: 'c',
      openedAt: 1,
    }
    return { type: 'ok', v: 1, round, balance: START - (payload.amount as number) }
  }
  const amount = round.amount as number
  if (name === 'step') {
    const call = (payload.action as { call: Side }).call
    const side = DRAWN[round.view.flips.length]!
    const flips = [...round.view.flips, { call, side }]
    const won = call === side
    const streak = round.view.streak + (won ? 1 : 0)
    const multiplier = won ? multiplierOf(streak) : 0
    round = {
      ...round,
      status: won ? 'open' : 'lost',
      step: flips.length,
      multiplier,
      payout: Math.floor((amount * multiplier) / 10_000),
      view: { flips, streak },
      endReason: won ? null : 'lost',
      reveal: won ? null : { sides: flips.map((f) => f.side) },
    }
    return { type: 'ok', v: 1, round, balance: won ? null : START - amount }
  }
  round = {
    ...round,
    status: 'won',
    step: (round.step as number) + 1,
    endReason: 'cashout',
    reveal: { sides: round.view.flips.map((f) => f.side) },
  }
  return { type: 'ok', v: 1, round, balance: START - amount + (round.payout as number) }
}

// The socket and the Pixi canvas are the app's edges: a fake stream hands the machine one
// snapshot and plays each command by coinflip's rules on fixed sides; the canvas host renders
// only its overlay (the calls).
vi.mock('../../kit/stream/connectGameStream', async (importOriginal) => {
  const { fakePlayerStreamModule } = await import('../../kit/testing/gamePage')
  return fakePlayerStreamModule(await importOriginal<typeof StreamModule>(), {
    me: () => ({ balance: START, serverSeedHash: HASH, round: null }),
    request: async (name: string, payload: Record<string, unknown>) => {
      sent.push({ name, payload })
      return answer(name, payload)
    },
  })
})
vi.mock('../../engine/canvas', () => import('../../engine/canvas/testing/overlayOnlyCanvas'))

i18nTestEnv({ en: { coinflip: en, kit: kitEn } })

beforeEach(() => {
  sent.length = 0
  autoBets = 0
  autoBalance = START
  useInstantSettings.setState({ instantPlay: true, hotkeys: true })
})

const byId = (id: string) => screen.getByTestId(id)
const key = async (code: string) => {
  await act(async () => {
    fireEvent.keyDown(window, { code, key: code.replace('Key', '').toLowerCase() })
  })
}

/** The page for a signed-in RUB player, connected to the fake server. */
const renderGame = () =>
  renderGamePage(
    <CoinflipGame {...signedInPage('coinflip', START)} loadRoundProof={failingProof} />,
  )

describe('CoinflipGame', () => {
  it('opens a round, calls by button and by key, announces each flip, and cashes out', async () => {
    await renderGame()
    expect(byId('coinflip.call-heads').getAttribute('aria-disabled')).toBe('true')
    await act(async () => {
      fireEvent.click(byId('coinflip.bet-button'))
    })
    expect(sent.map((c) => c.name)).toEqual(['open'])
    expect(byId('coinflip.call-tails').textContent).toBe('Tails1.98×')
    await act(async () => {
      fireEvent.click(byId('coinflip.call-tails'))
    })
    expect(byId('coinflip.result').textContent).toBe('Tails: correct, 1.98×')
    expect(byId('coinflip.call-heads').textContent).toBe('Heads3.96×')
    await key('KeyT')
    expect(sent.at(-1)).toMatchObject({
      name: 'step',
      payload: { step: 1, action: { call: 'tails' } },
    })
    expect(byId('coinflip.result').textContent).toBe('Tails: correct, 3.96×')
    await act(async () => {
      fireEvent.click(byId('coinflip.cashout-button'))
    })
    expect(sent.at(-1)?.name).toBe('cashout')
    expect(byId('coinflip.result').textContent).toMatch(/^Cashed out at 3\.96×: /)
  })

  it('loses a round on a wrong call', async () => {
    await renderGame()
    await act(async () => {
      fireEvent.click(byId('coinflip.bet-button'))
    })
    await key('KeyH')
    expect(byId('coinflip.result').textContent).toBe('Tails: wrong. The round is lost')
    expect(byId('coinflip.result').dataset.status).toBe('lost')
  })

  it('auto-bets a sequence of calls as instant bets on the same stream, and shows each', async () => {
    const onBalance = vi.fn()
    await renderGamePage(
      <CoinflipGame
        {...signedInPage('coinflip', START)}
        loadRoundProof={failingProof}
        onBalance={onBalance}
      />,
    )
    await act(async () => {
      fireEvent.click(byId('coinflip.mode.auto'))
    })
    await screen.findByTestId('coinflip.autobet.start')
    expect(byId('coinflip.auto-calls').textContent).toBe('Your calls: Heads')
    await act(async () => {
      fireEvent.click(byId('coinflip.auto-add-tails'))
    })
    expect(byId('coinflip.auto-pays').textContent).toBe('Every call right pays 3.96×')
    fireEvent.change(byId('coinflip.autobet.bets'), { target: { value: '2' } })
    await act(async () => {
      fireEvent.click(byId('coinflip.autobet.start'))
    })
    await waitFor(() => expect(byId('coinflip.autobet.played').dataset.played).toBe('2'))
    const bets = sent.filter((c) => c.name === 'bet')
    expect(bets.map((c) => c.payload.params)).toEqual([
      { calls: ['heads', 'tails'] },
      { calls: ['heads', 'tails'] },
    ])
    // The Manual tab's round was never opened; the page shows the last bet, and its balance.
    expect(sent.map((c) => c.name)).toEqual(['bet', 'bet'])
    expect(byId('coinflip.result').textContent).toBe('Flip 1 landed Tails: wrong. The bet is lost')
    expect(byId('coinflip.result').dataset.betId).toBe('b-2')
    expect(onBalance).toHaveBeenLastCalledWith(autoBalance)
    expect(byId('coinflip.mode.manual').hasAttribute('disabled')).toBe(false)
    // The session's statistics count the run's bets, as they count rounds.
    await act(async () => {
      fireEvent.click(byId('coinflip.stats-toggle'))
    })
    expect((await screen.findByTestId('coinflip.stats-count')).textContent).toBe('Bets: 2')
  })
})
