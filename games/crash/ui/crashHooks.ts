/**
 * How the kit's page and auto-bet read crash's round machine: the "machine hooks" of crash's
 * game module (`CrashGame.tsx`).
 */
import type { SnapshotFrom } from 'xstate'
import type { Minor } from '../../engine/money'
import type { AutobetHooks } from '../../kit/ui/autoBetLink'
import type { GameHooks } from '../../kit/ui/gameModule'
import type { CrashBetParams } from '../autobet.machine'
import type { crashRoundMachine } from '../round.machine'
import type { CrashRoundEvent } from '../round.model'
import { viewPhase } from '../scene/crashView'
import { roundErrorKey } from './BetPanel'

type Snapshot = SnapshotFrom<typeof crashRoundMachine>

/** The page's hooks: the balance, the error to report, the round and phase on the page root. */
export const crashPageHooks: GameHooks<Snapshot> = {
  balance: (snapshot) => snapshot.context.balance,
  errorKey: (snapshot) => {
    const error = snapshot.context.lastError
    return error ? roundErrorKey(error) : null
  },
  frame: (snapshot) => ({
    roundId: snapshot.context.round?.id ?? null,
    phase: viewPhase(snapshot),
  }),
  settled: (snapshot) => {
    const bet = snapshot.context.bet
    const cashOut = snapshot.matches({ bet: 'cashedOut' })
    if (!bet?.betId || !(cashOut || snapshot.matches({ bet: 'lost' }))) return null
    return { id: bet.betId, amount: bet.amount, payout: (bet.win ?? 0) as Minor, cashOut }
  },
}

/** Auto-bet's hooks: a round is open while betting; a bet ends cashed out or lost. */
export const crashAutobetHooks: AutobetHooks<Snapshot, CrashRoundEvent, CrashBetParams> = {
  openRound: (snapshot) => {
    const open = snapshot.context.round
    return snapshot.matches({ round: 'betting' }) && open?.phase === 'betting' ? open.id : null
  },
  bet: (snapshot) => snapshot.context.bet,
  betPhase: (snapshot) =>
    snapshot.matches({ bet: 'cashedOut' }) || snapshot.matches({ bet: 'lost' })
      ? 'settled'
      : snapshot.matches({ bet: 'idle' })
        ? 'none'
        : 'playing',
  lastError: (snapshot) => snapshot.context.lastError,
  placeBet: (key, { amount, autoCashoutAt }) => ({ type: 'BET', key, amount, autoCashoutAt }),
}
