/**
 * A live game's wire in every process. The loop runs in one process, its leader (leader.ts); a
 * player's socket may be on any. The leader's events reach every process's sockets through the
 * socket.io adapter (Redis when several processes run: server/realtime/adapter.ts). What a socket
 * asks of the game (a bet, a cash-out, its snapshot) is run by the leader: in the leader itself
 * at once, from a follower as a server-side message the leader answers (socket.io's
 * `serverSideEmitWithAck`, which reaches every other process; followers answer null).
 *
 * A command's idempotency key makes the hop safe to repeat: an answer lost with a leader that
 * died is asked again by the client, and the new leader answers it from the database.
 *
 * A game of several loops (rooms: one per room and currency, each led on its own) names the loop
 * each command runs in (`route`): the request carries it and only that loop's leader answers. A
 * game whose snapshot any process can build from the database (`snapshotHere`) serves it locally.
 */
import type { Namespace } from 'socket.io'
import type { Player } from '../player'
import type { GameLog } from '../log'
import type { GameWire } from '../module'
import type { WireEvent } from '../namespace'

/** The server-side event a follower sends and the leader answers. */
export const RELAY_EVENT = 'live:relay'
/** What a follower asks: a command by its name (already parsed) or the snapshot. */
export interface RelayRequest {
  game: string
  /** The loop the request runs in; null for a game of one loop (or its snapshot). */
  loop: string | null
  name: string | null
  user: Player | null
  command: unknown
}

/** The leader's answer; followers answer null. */
type RelayAnswer = { answer: unknown } | null

/** Options of {@link relayedWire}. */
export interface RelayOptions {
  nsp: Namespace
  game: string
  /** The game's own wire, over its running loop: only called while this process leads. */
  wire: GameWire
  /** Whether this process leads `loop` (null: the game's one loop, or any of them). */
  leading(loop: string | null): boolean
  /** The loop a command runs in (a game of several loops); null or absent: the one loop. */
  route?(name: string, command: unknown): string | null
  /** True when the game builds its snapshot in any process (from the database). */
  snapshotHere?: boolean
  log: GameLog
}

/** The wire a live game serves in every process; see the module comment. */
export function relayedWire(options: RelayOptions): GameWire {
  const { nsp, game, wire, leading, log } = options
  const route = options.route ?? (() => null)
  const runHere = (request: RelayRequest): Promise<unknown> => {
    if (request.name === null) return wire.snapshot(request.user)
    const handler = wire.commands[request.name]
    if (!handler) return Promise.resolve(wire.refusal('bad_request'))
    return Promise.resolve(handler.run(request.user, request.command as never))
  }
  const ask = async (request: RelayRequest): Promise<unknown> => {
    if (leading(request.loop)) return runHere(request)
    try {
      // Alone (the in-memory adapter, or the other processes gone) there is nobody to ask; the
      // adapter answers a server-side message of a cluster within its `requestsTimeout`.
      if ((await nsp.adapter.serverCount()) < 2) throw new Error('no other process')
      const answers = (await nsp.serverSideEmitWithAck(RELAY_EVENT, request)) as RelayAnswer[]
      const found = answers.find((answer) => answer !== null)
      if (found) return found.answer
      log.error({ game, name: request.name }, '[live] no process leads the loop')
    } catch (err) {
      log.error({ err, game, name: request.name }, '[live] the leader did not answer')
    }
    return null
  }
  nsp.on(RELAY_EVENT, (request: RelayRequest, reply: (answer: RelayAnswer) => void) => {
    if (request.game !== game || !leading(request.loop ?? null)) return reply(null)
    runHere(request).then(
      (answer) => reply({ answer }),
      (err: unknown) => {
        log.error({ err, game, name: request.name }, '[live] a relayed command failed')
        reply({ answer: wire.refusal('internal') })
      },
    )
  })
  const commands = Object.fromEntries(
    Object.entries(wire.commands).map(([name, handler]) => [
      name,
      {
        parse: (payload: unknown) => handler.parse(payload),
        run: async (user: Player | null, command: unknown) =>
          (await ask({ game, loop: route(name, command), name, user, command })) ??
          wire.refusal('internal'),
      },
    ]),
  )
  return {
    ...wire,
    commands,
    snapshot: async (user) => {
      if (options.snapshotHere) return wire.snapshot(user)
      const snapshot = await ask({ game, loop: null, name: null, user, command: null })
      if (snapshot === null) throw new Error(`[${game}] no snapshot: no process leads the loop`)
      return snapshot as WireEvent
    },
    serverTime: () => (leading(null) ? wire.serverTime() : Date.now()),
  }
}
