/**
 * What a game plugs into the kit's `GamePage`: its round machine (with its command actors over
 * a transport), how it connects to its service, a few hooks that read the machine's snapshot,
 * and the layout of its page. Everything else (the machine's actor, the stream, the connection
 * state, balances and errors reported to the shell) is the page's.
 */
import type { ComponentType } from 'react'
import type { Actor, AnyStateMachine, EventFrom, InputFrom, SnapshotFrom } from 'xstate'
import type { Currency, Minor, MoneyLocale } from '../../engine/money'
import type { CommandTransport } from '../../engine/replay'
import type { ConnectionState, Unsubscribe } from '../../engine/stream'
import type { RequestSender } from '../stream/connectGameStream'
import type { SettledBet } from './sessionStats'
import type { GameStreamTap } from './streamTap'

/** The signed-in player as a game sees them. */
export interface GamePlayer {
  currency: Currency
  balance: Minor
}

/** What the shell hands every game's page. */
export interface GamePageProps {
  /** The game service's origin (SPEC.md section 7). */
  serviceUrl: string
  /** The session token for the socket handshake, read at each (re)connection; null for a guest. */
  getToken: () => string | null
  /** The signed-in player, or null: guests watch. Remount (`key`) when it changes. */
  player: GamePlayer | null
  locale: MoneyLocale
  /** Every balance the game reports (holds, wins, settlements); the shell shows it. */
  onBalance?: (balance: Minor) => void
  /** A refused or failed command, translated, for the shell's toasts. */
  onError?: (message: string) => void
  /** Where an instant game's live tables stream and link to; absent or null: no live tables. */
  live?: LiveTablesShell | null
  /** Links to the site's own pages (cases: a case's page from the catalogue); absent: none. */
  links?: GameLinks
}

/** The shell's links for a game's own pages, in the page's language. */
export interface GameLinks {
  /** The address of a path of the site (`/games/cases/pocket`) in the page's language. */
  href(path: string): string
  /** Opens that path in place (a link's plain click); a modified click follows `href`. */
  open(path: string): void
}

/** What the shell gives the instant games' live tables (`InstantLiveTables`). */
export interface LiveTablesShell {
  /** The `general` service's origin, which serves the live tables (SPEC.md section 7). */
  serviceUrl: string
  /** The address of a bet's proof page (`/games/<game>?bet=<id>`) in the page's language. */
  betHref(game: string, betId: string): string
  /** Opens that page in place (a link's plain click); a modified click follows `betHref`. */
  openBet(game: string, betId: string): void
}

/** A game's stream, opened: its state for the badge, and its commands for the machine. */
export interface OpenedStream {
  stream: RequestSender & {
    getState(): ConnectionState
    subscribe(listener: () => void): Unsubscribe
  }
  stop(): void
}

/** What the page gives the game's layout, besides the shell's props. */
export interface GameLayoutProps<M extends AnyStateMachine> extends GamePageProps {
  actor: Actor<M>
  snapshot: SnapshotFrom<M>
  connection: ConnectionState
  /** The page's stream for a second machine on it (`streamTap`); absent in layout-only tests. */
  stream?: GameStreamTap
}

/** How the page reads the round machine's snapshot. */
export interface GameHooks<S> {
  /** The player's balance as the game last heard it; null for a guest. */
  balance(snapshot: S): Minor | null
  /** The translation key of the machine's last error, or null. */
  errorKey(snapshot: S): string | null
  /** The round and its phase, on the page's root (`data-round-id`, `data-phase`). */
  frame(snapshot: S): { roundId: string | null; phase: string }
  /**
   * The player's latest bet once it has settled (shown, not still being revealed), or null: the
   * session statistics count it and the page sounds its end. Optional: a game without it has
   * no statistics.
   */
  settled?(snapshot: S): SettledBet | null
}

/** A game, as the kit's `GamePage` runs it. `Extra` are the game's own page props. */
export interface GameModule<M extends AnyStateMachine, Extra extends object = object> {
  /** The game's id: test ids read `<id>.*` and the page's root has the class `<id>`. */
  id: string
  /** The round machine, its command actors sending through `transport` (`commandActors`). */
  machine(transport: CommandTransport): M
  /** The machine's input for the player (null: a guest). */
  input(player: GamePlayer | null): InputFrom<M>
  /** Opens the game's stream towards the machine (`connectGameStream` with its wire). */
  connect(options: {
    url: string
    getToken: () => string | null
    inbox: { send(event: EventFrom<M>): void }
  }): OpenedStream
  hooks: GameHooks<SnapshotFrom<M>>
  /** The game's page: the kit's frame, panel, tables and dialogs in its own arrangement. */
  Layout: ComponentType<GameLayoutProps<M> & Extra>
}
