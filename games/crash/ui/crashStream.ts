/**
 * The app edge of crash: the socket stream (games/engine/stream) opened with the crash protocol,
 * turned into round-machine events, and a `CommandTransport` the machine's command actors use.
 */
import type { ActorRef, Snapshot } from 'xstate'
import type { CommandTransport } from '../../engine/replay'
import {
  createGameStream,
  defineGameProtocol,
  type GameStream,
  type IdempotencyKey,
} from '../../engine/stream'
import {
  PROTOCOL_VERSION,
  commandErrorCodeSchema,
  commandSchemas,
  serverEventSchemas,
  type CommandName,
} from '../protocol'
import type { CrashRoundEvent } from '../round.model'

/** The crash wire as the stream client takes it; one object, so connections can be shared. */
export const crashStreamProtocol = defineGameProtocol({
  events: serverEventSchemas,
  commands: commandSchemas,
  snapshotEvent: 'snapshot',
  resync: { command: 'sync', request: { type: 'sync', v: PROTOCOL_VERSION } },
})

/** The crash stream's type. */
export type CrashStream = GameStream<
  typeof crashStreamProtocol.events,
  typeof crashStreamProtocol.commands
>

/** The socket.io namespace of crash on its service. */
export const CRASH_NAMESPACE = '/crash'

/** The token the open socket last shook hands with, to tell when a new one needs a reconnect. */
let handshakeToken: string | null = null

/**
 * Opens (or joins) the crash stream and forwards it to `actor`: server events as they are,
 * connection changes as CONNECTED / DISCONNECTED / CLOCK. The clock is `performance`, the same
 * one the canvas host gives scenes, so `clockOffset` maps server times straight onto frame times.
 * Returns the stream and a function that detaches and releases it.
 */
export function connectCrashStream(options: {
  url: string
  getToken: () => string | null
  actor: ActorRef<Snapshot<unknown>, CrashRoundEvent>
}): { stream: CrashStream; stop: () => void } {
  const { actor } = options
  const stream: CrashStream = createGameStream({
    url: options.url,
    namespace: CRASH_NAMESPACE,
    protocol: crashStreamProtocol,
    clock: performance,
    getToken: () => {
      handshakeToken = options.getToken()
      return handshakeToken
    },
  })
  // Before the first estimate, the wall clock is a fair guess at the server's.
  const offset = () => stream.clockOffsetMs() ?? performance.timeOrigin
  let online = false
  let hadConnected = false
  let lastOffset = offset()
  const offEvents = stream.onEvent((event) => actor.send(event.payload))
  const offReconnect = stream.onReconnect((info) =>
    actor.send({ type: 'CONNECTED', recovered: info.type === 'recovered', clockOffset: offset() }),
  )
  const onState = () => {
    const { status } = stream.getState()
    if (status === 'online' && !online) {
      online = true
      // Reconnections are told by onReconnect, which knows whether state was recovered.
      if (!hadConnected) actor.send({ type: 'CONNECTED', recovered: false, clockOffset: offset() })
      hadConnected = true
    } else if (status !== 'online' && online) {
      online = false
      actor.send({ type: 'DISCONNECTED' })
    }
    const next = offset()
    if (next !== lastOffset) {
      lastOffset = next
      actor.send({ type: 'CLOCK', clockOffset: next })
    }
  }
  const offState = stream.subscribe(onState)
  if (stream.getState().status === 'online') {
    // Joined a socket another view opened: its snapshot went by, so ask for one, or shake hands
    // again when the session changed since (a log-in or log-out remounts the game).
    onState()
    if (options.getToken() !== handshakeToken) stream.reconnect()
    else void stream.command('sync', { type: 'sync', v: PROTOCOL_VERSION })
  }
  return {
    stream,
    stop: () => {
      offEvents()
      offReconnect()
      offState()
      stream.release()
    },
  }
}

/**
 * A `CommandTransport` over whichever stream is attached: acks as the server sent them, refusals
 * as the protocol's error ack (the stream reports them apart), and a timeout as a failure the
 * machine calls `network`. The machine's idempotency key becomes the stream's, so a resend is the
 * same bet. The machine exists before the stream opens (an effect), hence the late `attach`.
 */
export function streamTransport(): {
  transport: CommandTransport
  attach: (stream: CrashStream | null) => void
} {
  let current: CrashStream | null = null
  const transport: CommandTransport = {
    async request(name, payload) {
      const stream = current
      if (!stream) throw new Error(`[crash/ui] command "${name}" before the stream opened`)
      const { key, ...request } = payload as { key?: string }
      const result = await stream.command(
        name as CommandName,
        request as never,
        key ? { idempotencyKey: key as IdempotencyKey } : {},
      )
      if (result.type === 'ok') return result.ack
      if (result.type === 'rejected') {
        const code = commandErrorCodeSchema.safeParse(result.code)
        return { type: 'error', v: PROTOCOL_VERSION, code: code.success ? code.data : 'internal' }
      }
      throw new Error(`[crash/ui] command "${name}" timed out`)
    },
  }
  return {
    transport,
    attach: (stream) => {
      current = stream
    },
  }
}
