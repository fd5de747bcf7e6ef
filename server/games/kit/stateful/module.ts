/**
 * The module of every stateful game (miner, hilo, coinflip), made from its definition
 * (games/<id>/game.ts: no game has a server file of its own), as the instant games' modules are:
 * on its service at `/<id>`, its logic loaded at start, `open`, `step`, `cashout` and `sync`
 * parsed by the wire (`statefulWireOf`) and run by the rounds all stateful games of the process
 * share (kit.ts); its snapshot (snapshot.ts) resumes an open round and shows the last ended
 * one. At start it pays what a stopped process decided and did not pay (`recover`) and
 * arms the expiry timer (expiry.ts); at stop it waits for both and for the commands under way.
 * Auto play (`logic.auto`) is the instant `bet` on the same namespace (see `autoBet`). Its rounds
 * are in the profile history (history.ts) and their proofs public (routes.ts).
 */
import {
  isStatefulHistoryGame,
  type BetHistoryItem,
  type GameServiceName,
} from '../../../../contract'
import type { StatefulGameDefinition } from '../../../../games/kit/stateful/define'
import { statefulWireOf } from '../../../../games/kit/stateful/protocol'
import { STATEFUL_PROTOCOL_VERSION, statefulWire } from '../../../../games/kit/stateful/protocol'
import { z } from 'zod/mini'
import type { GameModule, GameRuntime, GameWire } from '../module'
import { command } from '../namespace'
import type { Player } from '../player'
import { autoBet } from './auto'
import { startExpiry } from './expiry'
import { statefulHistory } from './history'
import { statefulKit, type StatefulKit } from './kit'
import { statefulRoutes } from './routes'
import { statefulSnapshot } from './snapshot'
import { statefulRefusal, type StatefulGame } from './StatefulRounds'

/** A running stateful game: the kit it shares, and its expiry timer's `idle`, for tests. */
export interface StatefulRuntime extends GameRuntime {
  readonly kit: StatefulKit
  /** Resolves when the expiry sweep under way, if any, is done (tests on a fake clock). */
  expiryIdle(): Promise<void>
}

/** Every stateful wire's event and command names (the wire's shape does not depend on the game). */
const STATEFUL_NAMES = statefulWire(
  'stateful',
  z.unknown(),
  z.unknown(),
  z.unknown(),
  z.unknown(),
  z.unknown(),
)

/**
 * The commands every stateful game's namespace serves: the wire's, and the instant `bet` of auto
 * play. A game without auto play refuses `bet` `bad_request`, so the names do not depend on its
 * logic, which the module loads only when it starts.
 */
export const STATEFUL_COMMANDS = [...STATEFUL_NAMES.commandNames, 'bet'] as const

const syncAck = { type: 'ok', v: STATEFUL_PROTOCOL_VERSION } as const

/**
 * What the module reads of a game's definition: a registered game's ({@link StatefulGameDefinition}),
 * or a test game's, whose id need not be a limits group.
 */
export type StatefulModuleGame = Omit<StatefulGameDefinition, 'id' | 'namespace'> & {
  readonly id: string
  readonly namespace: `/${string}`
}

/** The module of one stateful game, from its definition. */
export function statefulGameModule(
  game: StatefulModuleGame,
): GameModule<StatefulRuntime, GameServiceName, BetHistoryItem> {
  return {
    // Its rounds in the profile history (a test game, not in the contract's list, has none) and
    // their proof; its auto-bets are instant bets, in the instant history and proof.
    ...(isStatefulHistoryGame(game.id) ? { history: statefulHistory({ id: game.id }) } : {}),
    routes: statefulRoutes(game),
    id: game.id,
    service: game.service,
    namespace: game.namespace,
    protocol: {
      version: STATEFUL_PROTOCOL_VERSION,
      events: STATEFUL_NAMES.eventNames,
      commands: STATEFUL_COMMANDS,
    },
    async start({ services, log }) {
      const logic = await game.logic()
      const wire = statefulWireOf(game, logic)
      const kit = statefulKit(services, { log })
      const { rounds, instant } = kit
      const played: StatefulGame<unknown, unknown, unknown, unknown, unknown, unknown> = {
        id: game.id,
        limits: game.limits,
        rules: logic.rules,
      }
      await rounds.recover(played)
      const expiry = startExpiry({
        db: services.db,
        rounds,
        scheduler: kit.scheduler,
        log,
        game: played,
      })
      const gameWire: GameWire = {
        commands: {
          open: command({
            parse: (payload) => wire.parseCommand('open', payload),
            run: (user: Player | null, cmd) => rounds.open(played, user, cmd),
          }),
          step: command({
            parse: (payload) => wire.parseCommand('step', payload),
            run: (user: Player | null, cmd) => rounds.step(played, user, cmd),
          }),
          cashout: command({
            parse: (payload) => wire.parseCommand('cashout', payload),
            // A step without an action is the cash-out (StatefulRounds.step).
            run: (user: Player | null, cmd) =>
              rounds.step(played, user, {
                key: cmd.key,
                roundId: cmd.roundId,
                step: cmd.step,
              }),
          }),
          bet: autoBet(game, logic.auto, instant),
        },
        refusal: (code) => statefulRefusal(code),
        snapshot: (user) => statefulSnapshot(services, kit, played, user),
        serverTime: () => kit.scheduler.now(),
        resync: {
          command: 'sync',
          parse: (payload) => wire.parseCommand('sync', payload) !== null,
          ack: syncAck,
        },
      }
      return {
        kit,
        wire: gameWire,
        expiryIdle: () => expiry.idle(),
        async stop() {
          await expiry.stop()
          await rounds.idle()
          await instant.bets.idle()
        },
      }
    },
  }
}
