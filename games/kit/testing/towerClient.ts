/**
 * Test-only: the test tower game's client side and server (towerGame.ts, statefulServer.ts), as
 * the stateful kit's machine, verifier and replay tests share them.
 */
import { floatCursor } from '../../engine/fairness'
import type { CommandTransport } from '../../engine/replay'
import { asStatefulWire, statefulCommandActors } from '../stateful/link'
import { createStatefulRoundMachine } from '../stateful/round.machine'
import { machineEvent } from '../wireLink'
import { fakeStatefulServer } from './statefulServer'
import {
  towerLogic,
  towerWire,
  type TowerAction,
  type TowerOutcome,
  type TowerParams,
  type TowerReveal,
  type TowerView,
} from './towerGame'

/** The tower's wire as the stream and the machine events take it. */
export const towerStreamWire = asStatefulWire<
  TowerParams,
  TowerAction,
  TowerOutcome,
  TowerView,
  TowerReveal
>(towerWire)

/** A tower round machine, its actors to provide. */
export const towerRoundMachine = () =>
  createStatefulRoundMachine<TowerParams, TowerAction, TowerOutcome, TowerView, TowerReveal>({
    id: 'tower.round',
  })

/** The tower's browser side as a game's `statefulClient` has it, as far as a replay goes. */
export const towerReplayClient = () => ({
  streamWire: towerStreamWire,
  roundMachine: towerRoundMachine(),
  commandActors: (transport: CommandTransport) =>
    statefulCommandActors<TowerParams, TowerAction, TowerOutcome, TowerView, TowerReveal>(
      towerWire,
      transport,
    ),
  eventFromStream: (name: string, payload: unknown) => machineEvent(towerStreamWire, name, payload),
})

/** The tower's server in memory: a RUB player with 100.00 and the given seeds. */
export const towerServer = (serverSeed: string, clientSeed: string, now?: () => number) =>
  fakeStatefulServer({
    rules: towerLogic.rules,
    serverSeed,
    clientSeed,
    balance: 10_000,
    currency: 'RUB',
    ...(now ? { now } : {}),
  })

/** The trap of `floor` in the round of `nonce`: what the server will draw, known to the test. */
export function towerTrap(serverSeed: string, clientSeed: string, nonce: number, floor: number) {
  const cursor = floatCursor(serverSeed, clientSeed, nonce)
  for (let i = 0; i < floor; i++) cursor.next()
  return Math.floor(cursor.next() * 3)
}
