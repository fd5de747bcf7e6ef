/**
 * A second listener on a game page's stream. The page's round machine hears every event first;
 * a part of the page that starts later (a stateful game's auto-bet, loaded when its tab opens)
 * listens here and is told at once the connection and the last snapshot it missed, so it starts
 * where the page stands. It sends its own commands through the page's `transport`.
 */
import type { CommandTransport } from '../../engine/replay'
import type { Unsubscribe } from '../../engine/stream'

/** A machine event off the stream (the round machine's `snapshot`, `CONNECTED`, ...). */
export interface TapEvent {
  readonly type: string
}

/** Where a listener's events go: an actor, as a page's machine is. */
export interface TapInbox {
  send(event: TapEvent): void
}

/** What a page's layout gets of its stream: its commands' transport and a way to listen. */
export interface GameStreamTap {
  transport: CommandTransport
  /** Hears every later event, after the last connection report and snapshot, if any. */
  listen(inbox: TapInbox): Unsubscribe
}

/** A tap over `transport`; the page passes each stream event to `send` after its machine. */
export function streamTap(transport: CommandTransport): GameStreamTap & TapInbox {
  const inboxes = new Set<TapInbox>()
  let connection: TapEvent | null = null
  let snapshot: TapEvent | null = null
  return {
    transport,
    send(event) {
      if (event.type === 'CONNECTED' || event.type === 'DISCONNECTED') connection = event
      else if (event.type === 'snapshot') snapshot = event
      for (const inbox of inboxes) inbox.send(event)
    },
    listen(inbox) {
      if (connection) inbox.send(connection)
      if (snapshot) inbox.send(snapshot)
      inboxes.add(inbox)
      return () => {
        inboxes.delete(inbox)
      }
    },
  }
}
