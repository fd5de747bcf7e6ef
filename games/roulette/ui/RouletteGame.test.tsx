import { act, fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/roulette.json'
import kitEn from '../../../locales/en/kit.json'
import { formatMoney, type Minor } from '../../engine/money'
import { multiplierOf } from '../../kit/instant/protocol'
import type * as StreamModule from '../../kit/stream/connectGameStream'
import { useInstantSettings } from '../../kit/ui/instantSettings'
import { spinPayout, type RouletteParams } from '../rules'
import { RouletteGame } from './RouletteGame'
import { failingProof, renderGamePage, signedInPage } from '../../kit/testing/gamePage'
import { i18nTestEnv } from '../../kit/testing/i18n'
// The page loads the auto-bet form when its tab first shows; in the module graph already, it
// mounts at once here however busy the machine is.
import '../../kit/instant/ui/InstantAutoBetPanel'

const HASH = 'ab'.repeat(32)
const START = 100_000 as Minor
/** Every command the page sent, and the pocket the fake server draws. */
const sent: { name: string; payload: { amount: Minor; params: RouletteParams } }[] = []
const POCKET = 17
/** While set, the fake server answers no bet until the test resolves it. */
let hold: Promise<void> | null = null

// The socket and the Pixi canvas are the app's edges: a fake stream hands the machine one
// snapshot and settles each bet on pocket 17 with the rules' payout; the canvas host renders
// only its overlay.
vi.mock('../../kit/stream/connectGameStream', async (importOriginal) => {
  const { fakePlayerStreamModule } = await import('../../kit/testing/gamePage')
  return fakePlayerStreamModule(await importOriginal<typeof StreamModule>(), {
    me: () => ({ balance: START, serverSeedHash: HASH }),
    request: async (name: string, payload: (typeof sent)[number]['payload']) => {
      sent.push({ name, payload })
      await hold
      const payout = spinPayout(payload.params, POCKET)
      return {
        type: 'ok',
        v: 1,
        betId: `b-${sent.length}`,
        outcome: { pocket: POCKET },
        multiplier: multiplierOf(payload.amount, payout),
        payout,
        balance: START - payload.amount + payout,
        nonce: sent.length - 1,
        serverSeedHash: HASH,
      }
    },
  })
})
vi.mock('../../engine/canvas', () => import('../../engine/canvas/testing/overlayOnlyCanvas'))

i18nTestEnv({ en: { roulette: en, kit: kitEn } })

beforeEach(() => {
  sent.length = 0
  hold = null
  useInstantSettings.setState({ instantPlay: true, hotkeys: true })
})

const byId = (id: string) => screen.getByTestId(id) as HTMLButtonElement
const spot = (id: string) => byId(`roulette.spot-${id}`)
const total = () => Number(byId('roulette.total').dataset.total)

/** The page for a signed-in RUB player, connected to the fake server. */
const renderGame = () =>
  renderGamePage(<RouletteGame {...signedInPage('roulette', START)} loadBetProof={failingProof} />)

describe('roulette page', () => {
  it('places chips by mouse and by arrow keys, and spins them all as one bet', async () => {
    await renderGame()
    fireEvent.click(byId('roulette.chip-500'))
    expect(byId('roulette.chip-500').getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(spot('straight:17'))
    // The keyboard: the table is one tab stop; arrows walk the fine grid onto the split 17-18.
    const seventeen = spot('straight:17')
    expect(seventeen.tabIndex).toBe(0)
    seventeen.focus()
    fireEvent.keyDown(seventeen, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(spot('split:17-18'))
    expect(spot('straight:17').tabIndex).toBe(-1)
    fireEvent.click(document.activeElement!) // Enter or Space on a focused button
    fireEvent.click(spot('red'))
    expect(total()).toBe(1_500)
    expect(spot('split:17-18').getAttribute('aria-label')).toBe('Split 17, 18, 5 on it')

    fireEvent.click(byId('roulette.bet-button'))
    await act(async () => {})
    expect(sent).toHaveLength(1)
    const bet = sent[0]!.payload
    expect(bet.amount).toBe(1_500)
    expect(bet.params.bets).toEqual([
      { kind: 'straight', numbers: [17], amount: 500 },
      { kind: 'split', numbers: [17, 18], amount: 500 },
      { kind: 'red', amount: 500 },
    ])
    const result = byId('roulette.result')
    const payout = spinPayout(bet.params, POCKET)
    expect(Number(result.dataset.payout)).toBe(payout)
    expect(result.textContent).toBe(`17 black: you won ${formatMoney(payout, 'RUB', 'en')}`)
    expect(screen.getAllByTestId('roulette.history-item')).toHaveLength(1)
    expect(byId('roulette.cold').textContent).toBe('012')
  })

  it('undoes, clears, repeats the last spin and doubles the table', async () => {
    await renderGame()
    expect(byId('roulette.undo').disabled).toBe(true)
    expect(byId('roulette.repeat').disabled).toBe(true)
    expect(byId('roulette.bet-button').disabled).toBe(true)
    fireEvent.click(spot('dozen:2'))
    fireEvent.click(spot('corner:1-2-4-5'))
    expect(total()).toBe(200)
    fireEvent.click(byId('roulette.undo'))
    expect(total()).toBe(100)
    fireEvent.click(byId('roulette.double'))
    expect(total()).toBe(200)
    fireEvent.click(byId('roulette.bet-button'))
    await act(async () => {})
    expect(sent[0]?.payload.params.bets).toEqual([{ kind: 'dozen', index: 2, amount: 200 }])
    fireEvent.click(byId('roulette.clear'))
    expect(total()).toBe(0)
    expect(byId('roulette.bet-button').disabled).toBe(true)
    fireEvent.click(byId('roulette.repeat'))
    expect(total()).toBe(200)
    // Space spins from the page (a hotkey), with the repeated chips.
    fireEvent.keyDown(window, { code: 'Space', key: ' ' })
    await act(async () => {})
    expect(sent[1]?.payload).toMatchObject({ amount: 200, params: sent[0]!.payload.params })
  })

  it('runs auto-bet from the Auto tab with the table as laid, locking the table until it stops', async () => {
    await renderGame()
    fireEvent.click(spot('red'))
    fireEvent.click(spot('straight:17'))
    fireEvent.click(byId('roulette.mode.auto'))
    // The auto-bet panel loads when its tab first shows.
    expect((await screen.findByTestId('roulette.autobet.note')).textContent).toBe(en.autobet.note)
    let answer = () => {}
    hold = new Promise((resolve) => (answer = resolve))
    fireEvent.click(byId('roulette.autobet.start'))
    await act(async () => {})
    expect(sent).toHaveLength(1)
    expect(sent[0]!.payload).toMatchObject({
      amount: 200,
      params: {
        bets: [
          { kind: 'straight', numbers: [17], amount: 100 },
          { kind: 'red', amount: 100 },
        ],
      },
    })
    // The run's bet is out: no chip goes on or off the table.
    expect(spot('red').getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(spot('red'))
    expect(total()).toBe(200)
    expect(byId('roulette.undo').disabled).toBe(true)
    expect(byId('roulette.clear').disabled).toBe(true)

    fireEvent.click(byId('roulette.autobet.stop'))
    hold = null
    answer()
    await act(async () => {})
    expect(byId('roulette.autobet.stop-reason').dataset.reason).toBe('player')
    expect(sent).toHaveLength(1)
    expect(spot('red').getAttribute('aria-disabled')).toBe('false')
    fireEvent.click(spot('red'))
    expect(total()).toBe(300)
  })
})
