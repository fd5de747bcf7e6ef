/**
 * What a start does with whatever the previous process left open. The rules, chosen so that no
 * bet is lost and none is paid twice (the ledger closes a hold once; every call here is keyed),
 * and so that nothing anyone was told is taken back: the loop announces nothing before the write
 * that records it (kit/announcer.ts), so the rows below are exactly what was told, or more.
 *
 * - A round that `crashed` but whose bets were not all settled: its outcome was decided (its crash
 *   time came and was written before `crashed` or any row of it went out), so each bet settles as
 *   the crash decided and as watchers may have seen it (recorded cash-out, else auto cash-out at
 *   or below the crash point, else lost). The round stays `crashed`.
 * - A round still `running` is one whose crash nobody could have seen: it is aborted. It ends now,
 *   its hash and crash point are revealed (the chain shown to players keeps no gaps) and each open
 *   bet of it is refunded, unless a cash-out (manual, or an auto cash-out whose moment came) was
 *   recorded on the bet before the stop: that cash-out was granted (its row and ack wait for that
 *   record), so it is paid exactly as recorded. Nobody loses to a crash not shown.
 * - A round still `betting` reopens with a fresh window: nothing about it was revealed, so its
 *   bets keep standing, as do bets queued for a round not opened yet.
 * - A bet written but not yet held (`holding`): if its hold exists it continues as above, its
 *   ack built now; if not, no money moved and the bet is marked refused.
 * - A hold the ledger already closed (the stop fell between the ledger and the row write): the
 *   row is brought in line with the ledger, nothing moves.
 */
import { PROTOCOL_VERSION, type BetId } from '../../../games/crash/protocol'
import { autoWins, maxWin, payout, type Multiplier } from '../../../games/crash/rules'
import type { CrashPoint } from '../../../games/engine/fairness'
import { isCurrency, type Minor } from '../../../games/engine/money'
import type { Ledger } from '../../ledger/ledger'
import { recoverLive } from '../kit/live/recovery'
import type { GameLog } from '../kit/log'
import type { UserId } from '../kit/player'
import type { Scheduler } from '../kit/scheduler'
import { betInPlay, roundIdOf, type Bet, type BetResult } from './bet'
import type { CrashBets } from './CrashBets'
import type { CrashChain } from './chainStore'
import type { BetRecord, CrashStore, RoundRow } from './store'

/** What recovery hands the new loop. */
export interface Recovered {
  /** The game to open for bets. */
  nextGame: number
  /** Bets that keep standing (a reopened or a queued round), with their first answer. */
  standing: { bet: Bet; ack: BetResult }[]
}

/**
 * Closes what a previous process left open: crash's rules (the module comment) at the kit's
 * gates, in the kit's order (kit/live/recovery.ts).
 */
export async function recover(ctx: {
  store: CrashStore
  ledger: Ledger
  bets: CrashBets
  chain: CrashChain
  scheduler: Scheduler
  log: GameLog
}): Promise<Recovered> {
  const { store, bets, chain } = ctx
  const now = ctx.scheduler.now()
  const { next, standing } = await recoverLive({
    roundsUnderWay: () => store.roundsIn('running'),
    async endUnderWay(round: RoundRow) {
      const point = chain.crashPointOf(round.game)
      await store.endRound(round.game, 'aborted', now, point, chain.hashOf(round.game))
      ctx.log.info(
        { game: round.game },
        '[crash] round aborted by a restart; its bets are refunded',
      )
    },
    latestRound: () => store.latestRound(),
    roundAt: (game) => store.roundAt(game),
    takesBets: (round) => round.phase === 'betting',
    openBets: () => store.openBets(),
    reconcile: (record: BetRecord) => bets.reconcile(record),
    stand: (record, latest) => standingBet(record, latest, ctx.ledger),
    settle: (record, round) => settleEnded(record, round, bets),
  })
  return { nextGame: next, standing }
}

/**
 * A bet of a round that crashed or was aborted: paid at its recorded cash-out, else at an auto
 * cash-out the crash reached; else lost to a crash that was told, or refunded.
 */
async function settleEnded(
  rec: BetRecord & { hold_id: number },
  round: RoundRow,
  bets: CrashBets,
): Promise<void> {
  const amount = rec.amount as Minor
  const currency = isCurrency(rec.currency) ? rec.currency : 'RUB'
  const at =
    (rec.cashout_at as Multiplier | null) ??
    (round.phase === 'crashed' &&
    autoWins(rec.auto_cashout_at as Multiplier | null, round.crash_point as CrashPoint)
      ? (rec.auto_cashout_at as Multiplier)
      : null)
  if (at !== null) {
    const win = payout(amount, at, maxWin(currency))
    await bets.settleHold(rec.id, rec.hold_id, {
      payout: win,
      status: 'cashedOut',
      record: { cashout_at: at },
    })
  } else if (round.phase === 'crashed') {
    await bets.settleHold(rec.id, rec.hold_id, { payout: 0 as Minor, status: 'lost' })
  } else {
    await bets.refundHold(rec.id, rec.hold_id, 'refunded')
  }
}

/** A standing bet as the book holds it, with its first answer (built now if it never had one). */
async function standingBet(
  rec: BetRecord & { hold_id: number },
  latest: RoundRow | null,
  ledger: Ledger,
): Promise<{ bet: Bet; ack: BetResult }> {
  const currency = isCurrency(rec.currency) ? rec.currency : 'RUB'
  const placed = {
    id: rec.id as BetId,
    round: rec.game,
    userId: rec.user_id as UserId,
    clientKey: rec.client_key,
    player: rec.player,
    amount: rec.amount as Minor,
    currency,
    autoCashoutAt: rec.auto_cashout_at as Multiplier | null,
  }
  const bet = betInPlay(placed, 'active', rec.hold_id)
  let ack = rec.ack as BetResult | null
  if (!ack) {
    const balances = await ledger.balances(rec.user_id, currency)
    const placed = latest?.phase === 'betting' && latest.game === rec.game
    ack = {
      type: 'ok',
      v: PROTOCOL_VERSION,
      betId: bet.id,
      roundId: roundIdOf(rec.game),
      status: placed ? 'placed' : 'queued',
      balance: balances.real as Minor,
    }
  }
  return { bet, ack }
}
