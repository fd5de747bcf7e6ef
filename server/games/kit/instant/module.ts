/**
 * Modules of the instant games (kit/module.ts): one per instant game, made from its rules and its
 * wire, and the live module, which serves the live tables of all of them on the `general`
 * service's `/live` namespace, mounts the seeds and proof routes, and pages their bets in the
 * profile history (one table holds every instant game's bets).
 */
import type { FastifyInstance } from 'fastify'
import type { BetHistoryItem, GameServiceName, Minor } from '../../../../contract'
import type { z } from 'zod/mini'
import {
  INSTANT_PROTOCOL_VERSION,
  LIVE_NAMESPACE,
  liveWire,
  type InstantBetCommand,
  type InstantWire,
} from '../../../../games/kit/instant/protocol'
import type { InstantRules } from '../../../../games/kit/instant/rules'
import type { Services } from '../../../services'
import type { GameModule, GameRuntime } from '../module'
import { command, namespaceEmitter } from '../namespace'
import type { Player } from '../player'
import { instantRefusal, type InstantGame } from './InstantBets'
import { instantKit, type InstantKit } from './kit'
import { instantRoutes } from './routes'
import { instantHistory } from './store'

/** A running instant game: the kit it shares, for tests and tools. */
export interface InstantRuntime extends GameRuntime {
  readonly kit: InstantKit
}

const syncAck = { type: 'ok', v: INSTANT_PROTOCOL_VERSION } as const

/** What an instant game whose rules are data (cases) adds to {@link instantGameModule}. */
export interface InstantGameModuleOptions<P, O> {
  /**
   * The rules of one bet, read when it arrives (cases: the case's price and current item table);
   * null refuses the bet `bad_request`. Absent: the game's own `rules`, the same for every bet.
   */
  rulesFor?: (services: Services, params: P) => Promise<InstantRules<P, O> | null>
  /** The game's own HTTP routes, under `/api` (cases: the catalogue). */
  routes?: (app: FastifyInstance, services: Services) => void
}

/** Rules that refuse every bet: a case that does not exist (any more). */
const refuseAll: InstantRules<never, never> = {
  game: 'none',
  refusal: () => 'bad_request',
  stakeAllowed: () => true,
  maxPayout: () => 0 as Minor,
  settle: () => {
    throw new Error('[instant] a refused bet was drawn')
  },
}

/** The module of one instant game, on `service`, at `/<id>`. */
export function instantGameModule<P extends z.ZodMiniType, O extends z.ZodMiniType>(
  game: InstantGame<z.output<P>, z.output<O>>,
  wire: InstantWire<P, O>,
  service: GameServiceName,
  options: InstantGameModuleOptions<z.output<P>, z.output<O>> = {},
): GameModule<InstantRuntime, GameServiceName, BetHistoryItem> {
  const parseBet = (payload: unknown) =>
    wire.parseCommand('bet', payload) as InstantBetCommand<z.output<P>> | null
  const { rulesFor } = options
  return {
    ...(options.routes ? { routes: options.routes } : {}),
    id: game.id,
    service,
    namespace: `/${game.id}`,
    protocol: {
      version: INSTANT_PROTOCOL_VERSION,
      events: wire.eventNames,
      commands: wire.commandNames,
    },
    start({ services, log }) {
      const kit = instantKit(services, { log })
      return Promise.resolve({
        kit,
        wire: {
          commands: {
            bet: command({
              parse: parseBet,
              run: async (user: Player | null, cmd) => {
                if (!rulesFor) return kit.bets.place(game, user, cmd)
                const rules = user ? await rulesFor(services, cmd.params) : null
                return kit.bets.place({ id: game.id, rules: rules ?? refuseAll }, user, cmd)
              },
            }),
          },
          refusal: instantRefusal,
          snapshot: async (user) => {
            const me = user
              ? await Promise.all([
                  services.ledger.balances(user.userId, user.currency),
                  kit.seeds.active(user.userId),
                ])
              : null
            return {
              type: 'snapshot',
              v: INSTANT_PROTOCOL_VERSION,
              serverTime: kit.scheduler.now(),
              me:
                user && me
                  ? {
                      balance: me[0].real,
                      currency: user.currency,
                      serverSeedHash: me[1].serverSeedHash,
                      clientSeed: me[1].clientSeed,
                      nonce: me[1].nonce,
                    }
                  : null,
            }
          },
          serverTime: () => kit.scheduler.now(),
          resync: {
            command: 'sync',
            parse: (payload) => wire.parseCommand('sync', payload) !== null,
            ack: syncAck,
          },
        },
        stop: () => kit.bets.idle(),
      })
    },
  }
}

/** The live tables' module, with the instant kit's routes and history. */
export function liveModule(): GameModule<InstantRuntime, GameServiceName, BetHistoryItem> {
  return {
    id: 'live',
    service: 'general',
    namespace: LIVE_NAMESPACE,
    protocol: {
      version: INSTANT_PROTOCOL_VERSION,
      events: liveWire.eventNames,
      commands: liveWire.commandNames,
    },
    async start({ services, nsp, log }) {
      const kit = instantKit(services, { log })
      await kit.live.attach(namespaceEmitter(nsp))
      return {
        kit,
        wire: {
          commands: {},
          refusal: instantRefusal,
          snapshot: (user) => kit.live.snapshot(user),
          serverTime: () => kit.scheduler.now(),
          resync: {
            command: 'sync',
            parse: (payload) => liveWire.parseCommand('sync', payload) !== null,
            ack: syncAck,
          },
        },
        stop: () => Promise.resolve(kit.live.detach()),
      }
    },
    routes: instantRoutes,
    history: instantHistory,
  }
}
