import { act, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/miner.json'
import kitEn from '../../../locales/en/kit.json'
import { floatCursor } from '../../engine/fairness'
import type { Minor } from '../../engine/money'
import { clickTestId, failingProof, renderGamePage, signedInPage } from '../../kit/testing/gamePage'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { fakeStatefulServer } from '../../kit/testing/statefulServer'
import type * as StreamModule from '../../kit/stream/connectGameStream'
import { useInstantSettings } from '../../kit/ui/instantSettings'
import { answeringProof, settledBetProof } from '../../kit/testing/betProof'
// The auto-bet's proof and the verifier load lazily on the page: imported here, they are ready.
import '../../kit/stateful/ui/StatefulAutoBetProof'
import '../../kit/instant/verify'
import { minerStatefulRules } from '../protocol'
import { minerAutoRules } from '../rules'
import { MinerGame } from './MinerGame'

const SERVER_SEED = 'miner-page-server-seed'
const START = 100_000 as Minor
/** The page's default mine count. */
const MINES = 3
/** Every command the page sent. */
const sent: { name: string; payload: Record<string, unknown> }[] = []

/** Miner's real rules on a fixed seed pair, answering as the reference server does. */
const newServer = () =>
  fakeStatefulServer({
    rules: minerStatefulRules,
    serverSeed: SERVER_SEED,
    clientSeed: 'c',
    balance: START,
    currency: 'RUB',
  })
let server = newServer()
/** Sends the page a fresh snapshot, as a resync after a reconnection does. */
let resync = () => {}

/** The board of the page's first round (nonce 0), as the server will draw it. */
const mines = minerStatefulRules.open({ mines: MINES }, floatCursor(SERVER_SEED, 'c', 0)).board
const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile))

// The socket and the Pixi canvas are the app's edges: a fake stream hands the machine the
// player's snapshot and plays each command on the in-memory server; the canvas host renders only
// its overlay (the tile buttons).
vi.mock('../../kit/stream/connectGameStream', async (importOriginal) => {
  const { fakePlayerStreamModule, inMemoryPlayer } = await import('../../kit/testing/gamePage')
  return fakePlayerStreamModule(await importOriginal<typeof StreamModule>(), {
    ...inMemoryPlayer(
      () => server,
      (name, payload) => sent.push({ name, payload }),
    ),
    connected: (send) => (resync = send),
  })
})
vi.mock('../../engine/canvas', () => import('../../engine/canvas/testing/overlayOnlyCanvas'))

i18nTestEnv({ en: { miner: en, kit: kitEn } })

beforeEach(() => {
  sent.length = 0
  server = newServer()
  useInstantSettings.setState({ instantPlay: true, hotkeys: true })
})

const byId = (id: string) => screen.getByTestId(id)
const click = clickTestId

const renderGame = () =>
  renderGamePage(<MinerGame {...signedInPage('miner', START)} loadRoundProof={failingProof} />)

describe('MinerGame', () => {
  it('opens a round, reveals a gem by its tile, announces it, and cashes out', async () => {
    await renderGame()
    await click('miner.bet-button')
    expect(sent[0]).toMatchObject({ name: 'open', payload: { params: { mines: MINES } } })
    expect(byId('miner.result').dataset.status).toBe('open')
    const tile = safe[0]!
    await click(`miner.tile-${tile}`)
    expect(sent.at(-1)).toMatchObject({
      name: 'step',
      payload: { step: 0, action: { tiles: [tile] } },
    })
    expect(byId(`miner.tile-${tile}`).dataset.face).toBe('gem')
    expect(byId('miner.result').textContent).toMatch(
      new RegExp(`^Gem at row ${Math.floor(tile / 5) + 1}, column ${(tile % 5) + 1}\\. 1\\.12×`),
    )
    await click('miner.cashout-button')
    expect(sent.at(-1)?.name).toBe('cashout')
    expect(byId('miner.result').dataset.status).toBe('won')
    expect(byId('miner.result').textContent).toMatch(/^Cashed out at 1\.12×: you won /)
  })

  it('loses the round on a mine and shows every mine of the board', async () => {
    await renderGame()
    await click('miner.bet-button')
    await click(`miner.tile-${mines[0]}`)
    expect(byId('miner.result').dataset.status).toBe('lost')
    expect(byId('miner.result').textContent).toMatch(/\. The round is lost$/)
    for (const tile of mines) expect(byId(`miner.tile-${tile}`).dataset.face).toMatch(/mine/)
  })

  it('shows the round another tab cashed out when the page resyncs, once in the strip', async () => {
    await renderGame()
    await click('miner.bet-button')
    await click(`miner.tile-${safe[0]}`)
    // Another tab cashes the round out; this page hears of it from the resync's snapshot.
    server.answer('cashout', {
      type: 'cashout',
      v: 1,
      key: 'other-tab',
      roundId: 'round-1',
      step: 1,
    })
    await act(async () => resync())
    expect(byId('miner.result').dataset.status).toBe('won')
    expect(byId('miner.result').textContent).toMatch(/^Cashed out at 1\.12×: you won /)
    for (const tile of mines) expect(byId(`miner.tile-${tile}`).dataset.face).toMatch(/mine/)
    await act(async () => resync())
    expect(screen.getAllByTestId('miner.history-item')).toHaveLength(1)
    expect(sent.map((s) => s.name)).toEqual(['open', 'step'])
  })

  it("opens an auto-bet's ?bet=: no round has the id, so the bet's proof shows, recomputed", async () => {
    const { proof } = settledBetProof(minerAutoRules, {
      params: { mines: MINES, tiles: [safe[1]!, safe[0]!] },
      amount: 100 as Minor,
      serverSeed: SERVER_SEED,
      clientSeed: 'c',
      nonce: 0,
    })
    await renderGamePage(
      <MinerGame
        {...signedInPage('miner', START)}
        proofBet="b-1"
        loadRoundProof={async () => ({ type: 'notFound' })}
        loadBetProof={answeringProof(proof)}
      />,
    )
    expect((await screen.findByTestId('miner.proof-picked')).textContent).toBe(
      `${safe[0]}, ${safe[1]}`,
    )
    expect(byId('miner.proof-board').textContent).toBe([...mines].sort((a, b) => a - b).join(', '))
    expect(byId('miner.proof-payout').textContent).toMatch(/\(1\.2\d×\)$/)
    const verdict = await screen.findByTestId('miner.proof-verdict')
    expect(verdict.dataset.status).toBe('verified')
    expect(verdict.textContent).toContain(`mines on tiles ${byId('miner.proof-board').textContent}`)
  })
})
