/**
 * What a start does with whatever the previous process left open. The rules, chosen so that no
 * bet is lost and none is paid twice (the ledger closes a hold once; every call here is keyed):
 *
 * - A round still `running` is aborted: it ends now, its hash and crash point are revealed (the
 *   chain shown to players keeps no gaps) and each open bet of it is refunded, unless a cash-out
 *   (manual, or an auto cash-out whose moment came) was recorded on the bet before the stop: that
 *   cash-out was granted, so it is paid exactly as recorded. Nobody loses to a crash not shown.
 * - A round that `crashed` but whose bets were not all settled: each settles as the crash decided
 *   (recorded cash-out, else auto cash-out at or below the crash point, else lost).
 * - A round still `betting` reopens with a fresh window: nothing about it was revealed, so its
 *   bets keep standing, as do bets queued for a round not opened yet.
 * - A bet written but not yet held (`holding`): if its hold exists it continues as above, its
 *   ack built now; if not, no money moved and the bet is marked refused.
 * - A hold the ledger already closed (the stop fell between the ledger and the row write): the
 *   row is brought in line with the ledger, nothing moves.
 */
import { PROTOCOL_VERSION } from '../../../games/crash/protocol'
import { autoWins, maxWin, payout, type Multiplier } from '../../../games/crash/rules'
import type { CrashPoint } from '../../../games/engine/fairness'
import { isCurrency, type Minor } from '../../../games/engine/money'
import type { Ledger } from '../../ledger/ledger'
import { holdReference, refusal, roundIdOf, type Bet, type BetResult, type UserId } from './bet'
import type { CrashLog } from './BetBook'
import type { CrashChain } from './chainStore'
import type { Scheduler } from './clock'
import type { BetRecord, CrashStore, RoundRow } from './store'
import type { BetId } from '../../../games/crash/protocol'

/** What recovery hands the new loop. */
export interface Recovered {
  /** The game to open for bets. */
  nextGame: number
  /** Bets that keep standing (a reopened or a queued round), with their first answer. */
  standing: { bet: Bet; ack: BetResult }[]
}

/** Closes what a previous process left open; see the module comment for the rules. */
export async function recover(ctx: {
  store: CrashStore
  ledger: Ledger
  chain: CrashChain
  scheduler: Scheduler
  log: CrashLog
}): Promise<Recovered> {
  const { store, ledger, chain } = ctx
  const now = ctx.scheduler.now()
  for (const round of await store.roundsIn('running')) {
    const point = chain.crashPointOf(round.game)
    await store.endRound(round.game, 'aborted', now, point, chain.hashOf(round.game))
    ctx.log.info({ game: round.game }, '[crash] round aborted by a restart; its bets are refunded')
  }
  const latest = await store.latestRound()
  const rounds = new Map<number, RoundRow | null>()
  const roundOf = async (game: number) => {
    if (!rounds.has(game)) rounds.set(game, await store.roundAt(game))
    return rounds.get(game) ?? null
  }

  const standing: Recovered['standing'] = []
  for (const record of await store.openBets()) {
    const rec = { ...record }
    if (rec.status === 'holding') {
      const hold = await store.holdOf(holdReference(rec.id))
      if (!hold) {
        await store.updateBet(rec.id, { status: 'refused', ack: refusal('internal') })
        continue
      }
      rec.hold_id = hold.id
      await store.updateBet(rec.id, { status: 'active', hold_id: hold.id })
    }
    const holdId = rec.hold_id!
    const hold = await store.holdStatus(holdId)
    if (hold && hold.status !== 'open') {
      const status =
        hold.status === 'won' ? 'cashedOut' : hold.status === 'lost' ? 'lost' : 'refunded'
      await store.updateBet(rec.id, { status, win: hold.payout ?? 0 })
      continue
    }
    const round = await roundOf(rec.game)
    if (!round || round.phase === 'betting') {
      // Betting (reopened) or queued: the bet stands.
      standing.push(await standingBet(rec, latest, ledger))
      continue
    }
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
      await store.updateBet(rec.id, { cashout_at: at, win })
      await ledger.settle({ holdId, payout: win, key: `crash:settle:${rec.id}` })
      await store.updateBet(rec.id, { status: 'cashedOut' })
    } else if (round.phase === 'crashed') {
      await ledger.settle({ holdId, payout: 0, key: `crash:settle:${rec.id}` })
      await store.updateBet(rec.id, { status: 'lost', win: 0 })
    } else {
      await ledger.refund({ holdId, key: `crash:refund:${rec.id}` })
      await store.updateBet(rec.id, { status: 'refunded' })
    }
  }

  const nextGame = !latest ? 1 : latest.phase === 'betting' ? latest.game : latest.game + 1
  return { nextGame, standing }
}

/** A standing bet as the book holds it, with its first answer (built now if it never had one). */
async function standingBet(
  rec: BetRecord,
  latest: RoundRow | null,
  ledger: Ledger,
): Promise<{ bet: Bet; ack: BetResult }> {
  const currency = isCurrency(rec.currency) ? rec.currency : 'RUB'
  const bet: Bet = {
    id: rec.id as BetId,
    game: rec.game,
    userId: rec.user_id as UserId,
    clientKey: rec.client_key,
    player: rec.player,
    amount: rec.amount as Minor,
    currency,
    autoCashoutAt: rec.auto_cashout_at as Multiplier | null,
    status: 'active',
    holdId: rec.hold_id,
    cashoutAt: null,
    win: null,
    work: Promise.resolve(),
    closing: null,
    cancelling: null,
    autoTimer: null,
  }
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
