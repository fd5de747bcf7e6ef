/**
 * The app edge of a game's wire: the socket stream (games/engine/stream) opened with the game's
 * wire, its events and connection changes sent to the round machine, and the `CommandTransport`
 * the machine's command actors (`commandActors`) send through.
 */
import { firstContentfulPaint } from '../../engine/paint'
import type { CommandTransport } from '../../engine/replay'
import {
  createGameStream,
  defineGameProtocol,
  type GameProtocol,
  type GameStream,
  type SocketFactory,
} from '../../engine/stream'
import type { EventOf, Wire, WireCommands, WireEvents } from '../protocol'
import type { ConnectionEvent } from '../wireLink'

/** A game's stream, opened with its wire. */
export type WireStream<E extends WireEvents, C extends WireCommands> = GameStream<E, C>

/** Whatever takes the machine events (the round actor; the recordings script wraps it). */
export interface MachineInbox<E extends WireEvents> {
  send(event: ConnectionEvent | EventOf<E>): void
}

/** Each namespace's token at the open socket's last handshake, to tell when to shake hands again. */
const handshakeTokens = new Map<string, string | null>()
/** Each wire as the stream takes it, made once: the stream tells protocols apart by identity. */
const protocols = new WeakMap<object, unknown>()

function protocolOf<E extends WireEvents, C extends WireCommands>(wire: Wire<E, C>) {
  const known = protocols.get(wire) as GameProtocol<E, C> | undefined
  if (known) return known
  const protocol = defineGameProtocol<E, C>({
    events: wire.events,
    commands: wire.commands,
    snapshotEvent: wire.snapshotEvent,
    // The wire's resync request is its parsed (output) form, which its schema accepts as input.
    resync: wire.resync as GameProtocol<E, C>['resync'],
  })
  protocols.set(wire, protocol)
  return protocol
}

/**
 * In a page, the socket opens after its first contentful paint: the handshake's requests would
 * otherwise share a phone's slow link and busy CPU with what the page draws first (Lighthouse's
 * LCP on crash fell from 3.2 s to 2.6 s; README, "Lighthouse"). Outside a page (the recording
 * script), at once.
 */
function afterFirstPaint(): Promise<void> | undefined {
  return typeof document === 'undefined' ? undefined : firstContentfulPaint()
}

/**
 * Opens (or joins) a game's stream and forwards it to `inbox`: server events as they are,
 * connection changes as CONNECTED / DISCONNECTED / CLOCK. The clock is `performance`, the same
 * one the canvas host gives scenes, so `clockOffset` maps server times straight onto frame times.
 * The socket opens after the page's first contentful paint. Returns the stream and a function
 * that detaches and releases it.
 */
export function connectGameStream<E extends WireEvents, C extends WireCommands>(options: {
  wire: Wire<E, C>
  url: string
  namespace: string
  getToken: () => string | null
  inbox: MachineInbox<E>
  /** The socket factory, socket.io-client's by default (a component test gives a fake socket). */
  io?: SocketFactory
}): { stream: WireStream<E, C>; stop: () => void } {
  const { inbox, namespace, wire } = options
  const stream = createGameStream({
    url: options.url,
    namespace,
    protocol: protocolOf(wire),
    clock: performance,
    connectAfter: afterFirstPaint(),
    ...(options.io ? { io: options.io } : {}),
    getToken: () => {
      const token = options.getToken()
      handshakeTokens.set(namespace, token)
      return token
    },
  })
  // Before the first estimate, the wall clock is a fair guess at the server's.
  const offset = () => stream.clockOffsetMs() ?? performance.timeOrigin
  let online = false
  let hadConnected = false
  let lastOffset = offset()
  const offEvents = stream.onEvent((event) => inbox.send(event.payload as EventOf<E>))
  const offReconnect = stream.onReconnect((info) =>
    inbox.send({ type: 'CONNECTED', recovered: info.type === 'recovered', clockOffset: offset() }),
  )
  const onState = () => {
    const { status } = stream.getState()
    if (status === 'online' && !online) {
      online = true
      // Reconnections are told by onReconnect, which knows whether state was recovered.
      if (!hadConnected) inbox.send({ type: 'CONNECTED', recovered: false, clockOffset: offset() })
      hadConnected = true
    } else if (status !== 'online' && online) {
      online = false
      inbox.send({ type: 'DISCONNECTED' })
    }
    const next = offset()
    if (next !== lastOffset) {
      lastOffset = next
      inbox.send({ type: 'CLOCK', clockOffset: next })
    }
  }
  const offState = stream.subscribe(onState)
  if (stream.getState().status === 'online') {
    // Joined a socket another view opened: its snapshot went by, so ask for one, or shake hands
    // again when the session changed since (a log-in or log-out remounts the game).
    onState()
    if (options.getToken() !== handshakeTokens.get(namespace)) stream.reconnect()
    else void stream.request(wire.resync.command, wire.resync.request as never).catch(() => {})
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

/** Any game's stream, as far as sending its commands goes. */
export interface RequestSender {
  request(name: never, request: never): Promise<unknown>
}

/**
 * A `CommandTransport` over whichever stream is attached. The machine exists before the stream
 * opens (an effect), hence the late `attach`; a command before it is a bug.
 */
export function streamTransport(): {
  transport: CommandTransport
  attach: (stream: RequestSender | null) => void
} {
  let current: RequestSender | null = null
  return {
    transport: {
      request(name, payload) {
        if (!current) throw new Error(`[kit/stream] command "${name}" before the stream opened`)
        // The stream checks both against the wire: an unknown name throws, a bad request too.
        return current.request(name as never, payload as never)
      },
    },
    attach: (stream) => {
      current = stream
    },
  }
}
