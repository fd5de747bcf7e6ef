/**
 * Modules of the instant games (kit/module.ts): one per instant game, made from its definition
 * (games/<id>/game.ts: no game has a server file of its own), and the live module, which serves the live tables of all of them on the `general`
 * service's `/live` namespace, mounts the seeds and proof routes, and pages their bets in the
 * profile history (one table holds every instant game's bets).
 */
import type { FastifyInstance } from 'fastify'
import type { BetHistoryItem, GameServiceName, Minor } from '../../../../contract'
import { z } from 'zod/mini'
import type { InstantGameDefinition } from '../../../../games/kit/instant/define'
import { instantWireOf } from '../../../../games/kit/instant/protocol'
import {
  INSTANT_PROTOCOL_VERSION,
  LIVE_NAMESPACE,
  instantWire,
  liveWire,
  type InstantBetCommand,
} from '../../../../games/kit/instant/protocol'
import type { InstantRules } from '../../../../games/kit/instant/rules'
import type { Services } from '../../../services'
import type { GameModule, GameRuntime } from '../module'
import { command, namespaceEmitter } from '../namespace'
import type { Player } from '../player'
import { instantRefusal } from './InstantBets'
import { instantKit, playerSeeds, type InstantKit } from './kit'
import { instantRoutes } from './routes'
import { instantHistory } from './store'

/** A running instant game: the kit it shares, for tests and tools. */
export interface InstantRuntime extends GameRuntime {
  readonly kit: InstantKit
}

const syncAck = { type: 'ok', v: INSTANT_PROTOCOL_VERSION } as const

/** Every instant wire's event and command names (the wire's shape does not depend on the game). */
const INSTANT_NAMES = instantWire('instant', z.unknown(), z.unknown())

/**
 * What the server adds to an instant game whose rules are data (cases: each case's price and item
 * table, in the database), beside its definition.
 */
export interface InstantServerParts {
  /**
   * The rules of one bet, read when it arrives (a case's rules from its current table); null
   * refuses the bet `bad_request`. In place of the logic's rules, the same for every bet.
   */
  rulesFor(services: Services, params: unknown): Promise<InstantRules<unknown, unknown> | null>
  /** The game's own HTTP routes, under `/api` (cases: the catalogue). */
  routes?(app: FastifyInstance, services: Services): void
}

/** Rules that refuse every bet: one whose data (a case) does not exist. */
const refuseAll: InstantRules<unknown, unknown> = {
  game: 'none',
  refusal: () => 'bad_request',
  amountRefusal: () => null,
  maxPayout: () => 0 as Minor,
  settle: () => {
    throw new Error('[instant] a refused bet was drawn')
  },
}

/**
 * The module of one instant game, from its definition: on its service, at `/<id>`, its logic
 * (rules and wire schemas) loaded when it starts; `parts` for a game whose rules are data.
 */
export function instantGameModule(
  game: InstantGameDefinition,
  parts?: InstantServerParts,
): GameModule<InstantRuntime, GameServiceName, BetHistoryItem> {
  return {
    ...(parts?.routes ? { routes: parts.routes } : {}),
    id: game.id,
    service: game.service,
    namespace: game.namespace,
    protocol: {
      version: INSTANT_PROTOCOL_VERSION,
      events: INSTANT_NAMES.eventNames,
      commands: INSTANT_NAMES.commandNames,
    },
    async start({ services, log }) {
      const logic = await game.logic()
      const wire = instantWireOf(game, logic)
      const instant = { id: game.id, limits: game.limits, rules: logic.rules }
      const parseBet = (payload: unknown) =>
        wire.parseCommand('bet', payload) as InstantBetCommand<unknown> | null
      const kit = instantKit(services, { log })
      return {
        kit,
        wire: {
          commands: {
            bet: command({
              parse: parseBet,
              run: async (user: Player | null, cmd) => {
                if (!parts) return kit.bets.place(instant, user, cmd)
                const rules = user ? await parts.rulesFor(services, cmd.params) : null
                return kit.bets.place({ ...instant, rules: rules ?? refuseAll }, user, cmd)
              },
            }),
          },
          refusal: instantRefusal,
          snapshot: async (user) => ({
            type: 'snapshot',
            v: INSTANT_PROTOCOL_VERSION,
            serverTime: kit.scheduler.now(),
            me: user ? await playerSeeds(services, kit, user) : null,
          }),
          serverTime: () => kit.scheduler.now(),
          resync: {
            command: 'sync',
            parse: (payload) => wire.parseCommand('sync', payload) !== null,
            ack: syncAck,
          },
        },
        stop: () => kit.bets.idle(),
      }
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
