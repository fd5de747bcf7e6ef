/**
 * The app edge between an instant game's auto-bet machine and its round machine. Auto-bet never
 * places a bet itself: its `placeBet` becomes the round machine's ordinary `BET` intent (the path
 * the Bet button takes), and what the round machine then says about that bet goes back as
 * `RESULT` or `BET_REFUSED`; the round machine losing its stream goes back as `DISCONNECTED`.
 * The hidden tab is fed by the hook (`useInstantAutobet`), where `document` is.
 */
import type { Actor, Subscription } from 'xstate'
import type { InstantAutobetMachine, InstantAutobetRefusal } from './autobet.machine'
import type { InstantRoundContext, InstantRoundEvent, InstantRoundError } from './round.machine'
import type { CommandKey } from '../protocol'

/** The round actor, as far as auto-bet uses it. */
export interface InstantRoundLike<P> {
  getSnapshot(): { context: InstantRoundContext<P, unknown> }
  subscribe(
    listener: (snapshot: { context: InstantRoundContext<P, unknown> }) => void,
  ): Subscription
  send(event: InstantRoundEvent<P>): void
}

/** Which stop a refused or failed bet is: the balance, a limit, the connection, or any other. */
export function instantRefusalOf(error: InstantRoundError | null): InstantAutobetRefusal {
  switch (error) {
    case 'balance_not_enough':
      return 'balance'
    case 'limits':
    case 'max_payout':
      return 'limit'
    case 'offline':
    case 'network':
      return 'offline'
    default:
      return 'error'
  }
}

/** The bet auto-bet asked for, with what the round looked like when it was sent. */
interface SentBet<P> {
  key: CommandKey
  /** The round's snapshot when the bet was sent: nothing about the bet is known before a newer one. */
  before: { context: InstantRoundContext<P, unknown> }
}

/**
 * Connects an auto-bet actor to the round actor; returns a function that disconnects them.
 * `newKey` makes each bet's idempotency key (a UUID at the app edge, fixed keys in recordings).
 */
export function linkInstantAutobet<P>(options: {
  round: InstantRoundLike<P>
  autobet: Actor<InstantAutobetMachine<P>>
  newKey: () => CommandKey
}): () => void {
  const { round, autobet, newKey } = options
  let sent: SentBet<P> | null = null
  let connected = round.getSnapshot().context.connected

  const follow = (snapshot: { context: InstantRoundContext<P, unknown> }) => {
    const { context } = snapshot
    if (connected && !context.connected && autobet.getSnapshot().matches('on')) {
      autobet.send({ type: 'DISCONNECTED' })
    }
    connected = context.connected
    // A send from inside the round's own update is queued: that update says nothing of the bet.
    if (!sent || snapshot === sent.before) return
    if (context.pending?.key === sent.key) return
    const last = context.last
    const settled = last !== null && last !== sent.before.context.last && context.lastError === null
    sent = null
    autobet.send(
      settled
        ? { type: 'RESULT', stake: last.amount, payout: last.payout }
        : { type: 'BET_REFUSED', because: instantRefusalOf(context.lastError) },
    )
  }

  const subscriptions: Subscription[] = [
    autobet.on('placeBet', (event) => {
      sent = { key: newKey(), before: round.getSnapshot() }
      round.send({ type: 'BET', key: sent.key, amount: event.amount, params: event.params })
    }),
    round.subscribe(follow),
  ]
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe()
  }
}
