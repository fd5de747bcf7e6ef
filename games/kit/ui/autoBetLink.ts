/**
 * The app edge between a game's auto-bet machine and its round machine. Auto-bet never places a
 * bet itself: its `placeBet` becomes the round machine's ordinary bet intent (the same path the
 * Bet button takes, with its pre-checks, acks and resync), and what the round machine then says
 * about that bet goes back to auto-bet as `RESULT` or `BET_REFUSED`. The game says how to read
 * its round machine (`AutobetHooks`).
 */
import type { Actor, Subscription } from 'xstate'
import type { Minor } from '../../engine/money'
import type { AutobetEmitted, AutobetMachine, AutobetRefusal } from '../autobet.machine'
import type { BetId, CommandKey, RoundId } from '../protocol'

/** The player's bet as auto-bet follows it. */
export interface FollowedBet {
  /** The key it was placed with; null for a bet restored from a snapshot. */
  key: CommandKey | null
  betId: BetId | null
  amount: Minor
  win: Minor | null
}

/** How auto-bet reads a game's round machine snapshot `S` and asks it for a bet. */
export interface AutobetHooks<S, E, P extends object> {
  /** The round open for bets now, or null: auto-bet bets once in each. */
  openRound(snapshot: S): RoundId | null
  /** The player's bet, or null. */
  bet(snapshot: S): FollowedBet | null
  /** Where that bet stands: none (refused, cancelled, gone), in play, or settled (won or lost). */
  betPhase(snapshot: S): 'none' | 'playing' | 'settled'
  /** The round machine's last error code, or null. */
  lastError(snapshot: S): string | null
  /** The round machine's intent for a bet of `amount` with the game's parameters. */
  placeBet(key: CommandKey, bet: { amount: Minor } & P): E
}

/** The round actor, as far as auto-bet uses it. */
export interface RoundActorLike<S, E> {
  getSnapshot(): S
  subscribe(listener: (snapshot: S) => void): Subscription
  send(event: E): void
}

/** The bet auto-bet asked for: known by its key until the server names it. */
interface PendingBet {
  key: CommandKey
  betId: BetId | null
}

/** Which refusal a round error is: only a short balance has its own stop message. */
export function refusalOf(error: string | null): AutobetRefusal {
  return error === 'balance_not_enough' ? 'balance' : 'error'
}

function isPending(pending: PendingBet, bet: FollowedBet | null): bet is FollowedBet {
  if (!bet) return false
  // A snapshot after a reconnection restores the bet without its key, by its id.
  return bet.key === pending.key || (pending.betId !== null && bet.betId === pending.betId)
}

/**
 * Connects a running auto-bet actor to the round actor; returns a function that disconnects them.
 * `newKey` makes each bet's idempotency key (a UUID at the app edge).
 */
export function linkAutobet<S, E, P extends object>(options: {
  round: RoundActorLike<S, E>
  autobet: Actor<AutobetMachine<P>>
  hooks: AutobetHooks<S, E, P>
  newKey: () => CommandKey
}): () => void {
  const { round, autobet, hooks, newKey } = options
  let pending: PendingBet | null = null

  // Offer auto-bet the round that is open for bets; its own guard keeps one bet per round.
  const offerRound = () => {
    if (!autobet.getSnapshot().matches({ on: 'waitingForRound' })) return
    const open = hooks.openRound(round.getSnapshot())
    if (open !== null) autobet.send({ type: 'ROUND_OPEN', roundId: open })
  }

  // Follow the pending bet through the round machine to its end.
  const followBet = () => {
    if (!pending) return
    const snapshot = round.getSnapshot()
    const bet = hooks.bet(snapshot)
    const phase = hooks.betPhase(snapshot)
    if (isPending(pending, bet)) {
      pending.betId = bet.betId ?? pending.betId
      if (phase === 'settled') {
        pending = null
        autobet.send({ type: 'RESULT', stake: bet.amount, win: bet.win ?? (0 as Minor) })
      }
    } else if (phase === 'none') {
      // Refused by the pre-check or the server, unanswered, cancelled or gone after a resync.
      pending = null
      autobet.send({ type: 'BET_REFUSED', because: refusalOf(hooks.lastError(snapshot)) })
    }
  }

  const subscriptions: Subscription[] = [
    // Auto-bet emits only `placeBet`; '*' spares the generic parameters a name lookup.
    autobet.on('*', (event: AutobetEmitted<P>) => {
      pending = { key: newKey(), betId: null }
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { type, roundId, ...bet } = event
      round.send(hooks.placeBet(pending.key, bet as unknown as { amount: Minor } & P))
      // No look at the round here: when this runs inside a round update the bet is only queued.
      // The round's next update (a refused bet updates its error) is where it is followed.
    }),
    round.subscribe(() => {
      followBet()
      offerRound()
    }),
    autobet.subscribe((snapshot) => {
      // A stopped run stops following: a bet already placed still plays, as a manual one would.
      if (snapshot.matches('off')) pending = null
      offerRound()
    }),
  ]
  offerRound()
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe()
  }
}
