import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState, type ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import kitEn from '../../../../locales/en/kit.json'
import { floatCursor } from '../../../engine/fairness'
import type { Minor } from '../../../engine/money'
import { i18nTestEnv } from '../../testing/i18n'
import { fakeStatefulServer } from '../../testing/statefulServer'
import {
  towerLogic,
  towerWire,
  type TowerAction,
  type TowerOutcome,
  type TowerParams,
  type TowerReveal,
  type TowerView,
} from '../../testing/towerGame'
import { useInstantSettings } from '../../ui/instantSettings'
import { machineEvent } from '../../wireLink'
import { asStatefulWire, statefulCommandActors } from '../link'
import { createStatefulRoundMachine } from '../round.machine'
import { StatefulLayout } from './StatefulLayout'

i18nTestEnv({ en: { kit: kitEn } })

// jsdom has no WebGL: the canvas host draws only the controls laid over it.
vi.mock('../../../engine/canvas', () => ({
  CanvasHost: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
}))

beforeEach(() => useInstantSettings.setState({ instantPlay: false, hotkeys: true }))

const SERVER_SEED = 'layout-server-seed'
const CLIENT_SEED = 'layout-client'
/** A door of floor `floor` of the first round that is not its trap. */
const safeDoor = (floor: number) => {
  const cursor = floatCursor(SERVER_SEED, CLIENT_SEED, 0)
  for (let i = 0; i < floor; i++) cursor.next()
  return (Math.floor(cursor.next() * 3) + 1) % 3
}

const streamWire = asStatefulWire<TowerParams, TowerAction, TowerOutcome, TowerView, TowerReveal>(
  towerWire,
)
const ONLINE = { status: 'online', rttMs: null, resyncing: false } as const

/** The kit's layout of the tower game (as "miner", for its limits), over an in-memory server. */
function Tower() {
  const [server] = useState(() =>
    fakeStatefulServer({
      rules: towerLogic.rules,
      serverSeed: SERVER_SEED,
      clientSeed: CLIENT_SEED,
      balance: 100_000,
      currency: 'RUB',
    }),
  )
  const [machine] = useState(() =>
    createStatefulRoundMachine<TowerParams, TowerAction, TowerOutcome, TowerView, TowerReveal>({
      id: 'tower.round',
    }).provide({
      actors: statefulCommandActors(towerWire, {
        request: async (name: string, payload: unknown) => server.answer(name, payload),
      }),
    }),
  )
  const actor = useActorRef(machine, { input: { currency: 'RUB', balance: 100_000 as Minor } })
  const snapshot = useSelector(actor, (s) => s)
  useEffect(() => {
    actor.send(machineEvent(streamWire, 'connect', { recovered: false, clockOffset: 0 }))
    actor.send(machineEvent(streamWire, 'snapshot', server.snapshot()))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor])
  return (
    <StatefulLayout<TowerParams, TowerAction, TowerOutcome, TowerView, TowerReveal, null>
      page={{
        actor,
        snapshot,
        connection: ONLINE,
        serviceUrl: 'http://127.0.0.1:1',
        getToken: () => null,
        player: { currency: 'RUB', balance: 100_000 as Minor },
        locale: 'en',
        loadRoundProof: async () => ({ type: 'failed' }),
      }}
      client={{ game: { id: 'miner', limits: 'miner' }, logic: towerLogic }}
      scene={{
        create: () => new Promise(() => {}),
        view: null,
        label: () => 'Tower',
        overlay: (controls) => (
          <button
            type="button"
            data-testid="tower.door"
            disabled={!controls.canStep}
            onClick={() => {
              const floor = snapshot.context.round?.step ?? 0
              controls.step({ door: safeDoor(floor) })
            }}
          >
            door
          </button>
        ),
      }}
      params={{ floors: 5 }}
      guestNote="guest"
      fields={(locked) => <span data-testid="tower.fields" data-locked={locked} />}
      announce={(round, money) =>
        round.status === 'open'
          ? round.step === 0
            ? null
            : `Floor ${round.step} climbed`
          : `Round over: ${money(round.payout)}`
      }
      proof={() => null}
    />
  )
}

const result = () => screen.getByTestId('miner.result')

describe('the stateful layout', () => {
  it('opens a round, steps through the controls, shows the next profit, announces, cashes out', async () => {
    render(<Tower />)
    expect((screen.getByTestId('tower.door') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByTestId('miner.bet-button'))
    const cashOut = await screen.findByTestId('miner.cashout-button')
    expect(screen.getByTestId('tower.fields').dataset.locked).toBe('true')
    // No floor climbed yet: nothing to cash out, and the first floor would bring +₽4.85.
    expect((cashOut as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('miner.next-profit').textContent).toBe('Next step: +₽4.85')
    fireEvent.click(screen.getByTestId('tower.door'))
    await waitFor(() => expect(result().textContent).toBe('Floor 1 climbed'))
    expect(result().getAttribute('aria-live')).toBe('polite')
    expect(screen.getByTestId('miner.profit').textContent).toBe('Now 1.48×, profit ₽4.85')
    await act(async () => {
      fireEvent.keyDown(window, { code: 'KeyC', key: 'c' })
    })
    await waitFor(() => expect(result().textContent).toBe('Round over: ₽14.85'))
    expect(result().dataset.status).toBe('won')
    expect(screen.getByTestId('miner.bet-button')).toBeTruthy()
    expect(screen.getAllByTestId('miner.history-item').map((c) => c.textContent)).toEqual(['1.48×'])
  })
})
