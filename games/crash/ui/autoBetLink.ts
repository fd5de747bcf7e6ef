/**
 * The app edge between the auto-bet machine and the round machine. Auto-bet never places a bet
 * itself: its `placeBet` becomes the round machine's ordinary `BET` intent (the same path the
 * Bet button takes, with its pre-checks, acks and resync), and what the round machine then says
 * about that bet goes back to auto-bet as `RESULT` or `BET_REFUSED`.
 */
import type { Actor, Subscription } from 'xstate'
import type { AutobetRefusal, autobetMachine } from '../autobet.machine'
import type { BetId, CommandKey } from '../protocol'
import type { crashRoundMachine } from '../round.machine'
import type { CrashRoundContext, RoundError } from '../round.model'

type RoundActor = Actor<typeof crashRoundMachine>
type AutobetActor = Actor<typeof autobetMachine>

/** The bet auto-bet asked for: known by its key until the server names it. */
interface PendingBet {
  key: CommandKey
  betId: BetId | null
}

/** Which refusal a round error is: only a short balance has its own stop message. */
export function refusalOf(error: RoundError | null): AutobetRefusal {
  return error === 'balance_not_enough' ? 'balance' : 'error'
}

function isPending(pending: PendingBet, bet: CrashRoundContext['bet']): boolean {
  if (!bet) return false
  // A snapshot after a reconnection restores the bet without its key, by its id.
  return bet.key === pending.key || (pending.betId !== null && bet.betId === pending.betId)
}

/**
 * Connects a running auto-bet actor to the round actor; returns a function that disconnects them.
 * `newKey` makes each bet's idempotency key (a UUID at the app edge).
 */
export function linkAutobet(options: {
  round: RoundActor
  autobet: AutobetActor
  newKey: () => CommandKey
}): () => void {
  const { round, autobet, newKey } = options
  let pending: PendingBet | null = null

  // Offer auto-bet the round that is open for bets; its own guard keeps one bet per round.
  const offerRound = () => {
    if (!autobet.getSnapshot().matches({ on: 'waitingForRound' })) return
    const snapshot = round.getSnapshot()
    const open = snapshot.context.round
    if (snapshot.matches({ round: 'betting' }) && open?.phase === 'betting') {
      autobet.send({ type: 'ROUND_OPEN', roundId: open.id })
    }
  }

  // Follow the pending bet through the round machine's bet region to its end.
  const followBet = () => {
    if (!pending) return
    const snapshot = round.getSnapshot()
    const { bet, lastError } = snapshot.context
    if (isPending(pending, bet) && bet) {
      pending.betId = bet.betId ?? pending.betId
      if (snapshot.matches({ bet: 'cashedOut' }) || snapshot.matches({ bet: 'lost' })) {
        pending = null
        autobet.send({
          type: 'RESULT',
          stake: bet.amount,
          win: bet.win ?? (0 as typeof bet.amount),
        })
      }
    } else if (snapshot.matches({ bet: 'idle' })) {
      // Refused by the pre-check or the server, unanswered, cancelled or gone after a resync.
      pending = null
      autobet.send({ type: 'BET_REFUSED', because: refusalOf(lastError) })
    }
  }

  const subscriptions: Subscription[] = [
    autobet.on('placeBet', (event) => {
      pending = { key: newKey(), betId: null }
      round.send({
        type: 'BET',
        key: pending.key,
        amount: event.amount,
        autoCashoutAt: event.autoCashoutAt,
      })
      // No look at the round here: when this runs inside a round update the BET is only queued.
      // The round's next update (a refused BET updates `lastError`) is where it is followed.
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
