import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/hilo.json'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import { clickTestId, failingProof, renderGamePage, signedInPage } from '../../kit/testing/gamePage'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { fakeStatefulServer } from '../../kit/testing/statefulServer'
import type * as StreamModule from '../../kit/stream/connectGameStream'
import { useInstantSettings } from '../../kit/ui/instantSettings'
import { hiloStatefulRules } from '../protocol'
import { HiloGame } from './HiloGame'

const START = 100_000 as Minor
/** Every command the page sent, and the server's answer to the last one. */
const sent: { name: string; payload: Record<string, unknown> }[] = []
let answered: { round?: { status: string } } | null = null

/** Hilo's real rules on a fixed seed pair, answering as the reference server does. */
const newServer = () =>
  fakeStatefulServer({
    rules: hiloStatefulRules,
    serverSeed: 'hilo-page-server-seed',
    clientSeed: 'c',
    balance: START,
    currency: 'RUB',
  })
let server = newServer()

// The socket and the Pixi canvas are the app's edges: a fake stream hands the machine the
// player's snapshot and plays each command on the in-memory server; the canvas host renders only
// its overlay.
vi.mock('../../kit/stream/connectGameStream', async (importOriginal) => {
  const { fakePlayerStreamModule, inMemoryPlayer } = await import('../../kit/testing/gamePage')
  return fakePlayerStreamModule(
    await importOriginal<typeof StreamModule>(),
    inMemoryPlayer(
      () => server,
      (name, payload, answer) => {
        sent.push({ name, payload })
        answered = answer as typeof answered
      },
    ),
  )
})
vi.mock('../../engine/canvas', () => import('../../engine/canvas/testing/overlayOnlyCanvas'))

i18nTestEnv({ en: { hilo: en, kit: kitEn } })

beforeEach(() => {
  sent.length = 0
  answered = null
  server = newServer()
  useInstantSettings.setState({ instantPlay: true, hotkeys: true })
})

const byId = (id: string) => screen.getByTestId(id)
const click = clickTestId

const renderGame = () =>
  renderGamePage(<HiloGame {...signedInPage('hilo', START)} loadRoundProof={failingProof} />)

describe('HiloGame', () => {
  it('draws the first card, skips one, then guesses and shows what the server said', async () => {
    await renderGame()
    await click('hilo.bet-button')
    expect(sent.map((c) => c.name)).toEqual(['open'])
    expect(byId('hilo.result').textContent).toMatch(/^First card: \w+ of \w+\.$/)
    await click('hilo.skip')
    expect(sent.at(-1)).toMatchObject({
      name: 'step',
      payload: { step: 0, action: { move: 'skip' } },
    })
    expect(byId('hilo.result').textContent).toMatch(/^Skipped\. Next card: \w+ of \w+\.$/)
    // The guess the up button makes here (higher or same, or at an edge higher or same).
    const up = byId('hilo.guess-up')
    await click('hilo.guess-up')
    expect(sent.at(-1)).toMatchObject({
      name: 'step',
      payload: { step: 1, action: { move: up.dataset.move } },
    })
    const status = answered?.round?.status
    expect(byId('hilo.result').dataset.status).toBe(status)
    expect(byId('hilo.result').textContent).toMatch(
      status === 'lost' ? /: wrong, the round is lost\.$/ : /: correct, \d+\.\d\d×\.$/,
    )
  })
})
