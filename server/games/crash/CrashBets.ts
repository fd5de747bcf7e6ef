/**
 * Crash's rules for the bets of the current and the queued round, on the kit's money path
 * (kit/BetBook.ts): where a bet goes (this round or the next), one standing bet per player and
 * round, cash-out at the server's multiplier, auto cash-out timers, loss at the crash, and
 * cancelling before the round starts. Decisions are made synchronously the instant a command or
 * timer arrives, so two requests can never both decide.
 */
import { PROTOCOL_VERSION, type BetId, type Phase } from '../../../games/crash/protocol'
import {
  autoWins,
  cashOutMultiplier,
  crashTimeMs,
  maxWin,
  msToReach,
  payout,
  settle,
  validateBet,
  type CrashPoint,
  type Multiplier,
} from '../../../games/crash/rules'
import type { Minor } from '../../../games/engine/money'
import type { Queryable } from '../../db/db'
import type { Ledger } from '../../ledger/ledger'
import { BetBook } from '../kit/BetBook'
import { newBetId } from '../kit/bets'
import type { GameLog } from '../kit/log'
import type { Player } from '../kit/player'
import type { Scheduler } from '../kit/scheduler'
import {
  CRASH_GAME_ID,
  betInPlay,
  refusal,
  roundIdOf,
  type Bet,
  type BetCommand,
  type BetResult,
  type CancelBetCommand,
  type CancelResult,
  type CashOutCommand,
  type CashOutResult,
  type CrashDecided,
  type CrashOutcome,
  type Refusal,
} from './bet'
import type { CrashStore } from './store'

/** What the bets need to know about the round being played. */
export interface RoundView {
  game: number
  phase: Phase
  /** Null until watchers were told the round started: no cash-out before they could see it. */
  startedAt: number | null
  crashPoint: CrashPoint
}

/** The bets' view of the service around them. */
export interface CrashBetsContext {
  db: Queryable
  store: CrashStore
  ledger: Ledger
  scheduler: Scheduler
  log: GameLog
  round(): RoundView
  /** A bet's public row changed; the service batches rows into `bets` events. */
  rowChanged(bet: Bet): void
  /** A bet was settled without an ack (auto cash-out or loss): tell its owner. */
  settled(bet: Bet, balance: Minor): void
  /** Counts a promise as in-flight work (the service's `idle()` waits for it). */
  track(work: Promise<unknown>): void
  /** Resolves once everything decided so far is durable and told (kit/announcer.ts). */
  told(): Promise<void>
}

/** The bets of the current and queued rounds. */
export class CrashBets extends BetBook<Bet, CrashDecided, Refusal, CrashOutcome> {
  constructor(private readonly ctx: CrashBetsContext) {
    super({
      game: CRASH_GAME_ID,
      db: ctx.db,
      store: ctx.store,
      ledger: ctx.ledger,
      scheduler: ctx.scheduler,
      log: ctx.log,
      refusal,
      decided: { won: 'cashedOut', lost: 'lost' },
      activated: (bet) => ctx.rowChanged(bet),
      track: (work) => ctx.track(work),
    })
  }

  /** Restores a standing bet after a restart, with the first answer it gave. */
  restore(bet: Bet, firstAck: BetResult): void {
    this.load(bet)
    this.answers.remember(bet.userId, 'bet', bet.clientKey, firstAck)
  }

  /**
   * Places a bet: in the current round while it takes bets, else queued for the next one. The
   * stake is held at once in both cases, so the ack's balance is true and a queued bet cannot
   * fail for want of money later; a queued bet's money waits in its hold, never lost. A key
   * gets its first answer again, whatever the body of the repeat.
   */
  place(user: Player | null, cmd: BetCommand): Promise<BetResult> {
    if (!user) return Promise.resolve(refusal('unauthorized'))
    return this.answers.once(user.userId, 'bet', cmd.key, async () => {
      const draft = { amount: cmd.amount, currency: cmd.currency, autoCashoutAt: cmd.autoCashoutAt }
      if (validateBet(draft, null).type === 'invalid') return refusal('limits')
      if (cmd.currency !== user.currency) return refusal('bad_request')
      const round = this.ctx.round()
      const game = round.phase === 'betting' ? round.game : round.game + 1
      if (this.betsOf(game).some((b) => b.userId === user.userId)) {
        // Another bet stands in that round; still, a key used before this process gets its answer.
        const first = await this.ctx.store.betByKey(user.userId, cmd.key)
        return (first?.ack as BetResult | null | undefined) ?? refusal('duplicate')
      }
      const status = round.phase === 'betting' ? 'placed' : 'queued'
      const placed = {
        id: newBetId<BetId>(),
        round: game,
        userId: user.userId,
        clientKey: cmd.key,
        player: user.name,
        amount: cmd.amount,
        currency: cmd.currency,
        autoCashoutAt: cmd.autoCashoutAt,
      }
      const bet = betInPlay(placed, 'holding', null)
      return this.hold(bet, (balance) => ({
        type: 'ok',
        v: PROTOCOL_VERSION,
        betId: bet.id,
        roundId: roundIdOf(game),
        status,
        balance,
      }))
    })
  }

  /** Manual cash-out at the server's multiplier of this instant. */
  cashOut(user: Player | null, cmd: CashOutCommand): Promise<CashOutResult> {
    if (!user) return Promise.resolve(refusal('unauthorized'))
    return this.answers.once(user.userId, 'cashOut', cmd.key, () => this.cashOutNow(user, cmd))
  }

  private cashOutNow(user: Player, cmd: CashOutCommand): Promise<CashOutResult> {
    const bet = this.get(cmd.betId)
    if (!bet) return this.pastCashOut(user, cmd.betId)
    if (bet.userId !== user.userId) return Promise.resolve(refusal('not_found'))
    // Concurrent or repeated requests for one bet get the one decision already made.
    if (bet.closing) return bet.closing
    if (bet.status === 'lost') return this.tooLate()
    if (bet.status === 'cancelled' || bet.status === 'cashedOut') {
      return Promise.resolve(refusal('not_found'))
    }
    const round = this.ctx.round()
    if (bet.round !== round.game || round.phase === 'betting' || round.startedAt === null) {
      // Not started yet: there is nothing to cash out (cancel the bet instead).
      return Promise.resolve(refusal('bad_request'))
    }
    if (round.phase === 'crashed') return this.tooLate()
    const elapsed = this.ctx.scheduler.now() - round.startedAt
    const at = cashOutMultiplier(elapsed, round.crashPoint, bet.autoCashoutAt)
    // Past the crash point though the crash timer has not run yet: as late as after it.
    if (at === null) return this.tooLate()
    return this.close(bet, at, 'manual')
  }

  /** "Too late" tells of the crash: it is answered once the crash is durable and told. */
  private async tooLate(): Promise<Refusal> {
    await this.ctx.told()
    return refusal('too_late')
  }

  /** A cash-out repeated after its round left the book: answered from the bet's row. */
  private async pastCashOut(user: Player, betId: BetId): Promise<CashOutResult> {
    const row = await this.ctx.store.betById(betId)
    if (!row || row.user_id !== user.userId) return refusal('not_found')
    if (row.status === 'lost') return refusal('too_late')
    if (row.status !== 'cashedOut' || row.cashout_at === null || row.win === null) {
      return refusal('not_found')
    }
    const balances = await this.ctx.ledger.balances(user.userId, user.currency)
    return {
      type: 'ok',
      v: PROTOCOL_VERSION,
      betId,
      cashoutAt: row.cashout_at as Multiplier,
      win: row.win as Minor,
      balance: balances.real as Minor,
    }
  }

  /**
   * Decides a win at `at` and settles it. The row records the cash-out before the ledger pays
   * it, so a restart in between pays exactly that (see recovery.ts), never more and never twice;
   * its public row changes only then. A win the crash decides (`via` 'crash') is recorded by the
   * round's end, which its caller writes before the row goes out (see announcer.ts).
   */
  close(bet: Bet, at: Multiplier, via: 'manual' | 'auto' | 'crash'): Promise<CashOutResult> {
    if (bet.closing) return bet.closing
    const win = payout(bet.amount, at, maxWin(bet.currency))
    bet.status = 'cashedOut'
    bet.cashoutAt = at
    bet.win = win
    this.clearAuto(bet)
    if (via === 'crash') this.ctx.rowChanged(bet)
    bet.closing = this.settle(bet, {
      payout: win,
      status: 'cashedOut',
      record: { cashout_at: at },
      durable: via === 'crash' ? undefined : () => this.ctx.rowChanged(bet),
    }).then(
      (balance): CashOutResult => {
        if (balance === null) return refusal('internal')
        if (via !== 'manual') this.ctx.settled(bet, balance)
        return { type: 'ok', v: PROTOCOL_VERSION, betId: bet.id, cashoutAt: at, win, balance }
      },
      () => refusal('internal'),
    )
    return bet.closing
  }

  /**
   * Settles a bet the crash caught: its stake goes to the house. The round's end records it (a
   * restart settles every open bet of a crashed round as lost), written before the row goes out.
   */
  lose(bet: Bet): void {
    bet.status = 'lost'
    bet.win = 0 as Minor
    this.clearAuto(bet)
    this.ctx.rowChanged(bet)
    this.settle(bet, { payout: 0 as Minor, status: 'lost' }).then(
      (balance) => {
        if (balance !== null) this.ctx.settled(bet, balance)
      },
      () => {}, // logged on the bet's chain
    )
  }

  /** Withdraws a bet before its round starts: the stake is refunded. */
  cancel(user: Player | null, cmd: CancelBetCommand): Promise<CancelResult> {
    if (!user) return Promise.resolve(refusal('unauthorized'))
    return this.answers.once(user.userId, 'cancelBet', cmd.key, () => this.cancelNow(user, cmd))
  }

  private cancelNow(user: Player, cmd: CancelBetCommand): Promise<CancelResult> {
    const bet = this.get(cmd.betId)
    if (!bet || bet.userId !== user.userId) return Promise.resolve(refusal('not_found'))
    if (bet.cancelling) return bet.cancelling
    const round = this.ctx.round()
    const open = bet.round > round.game || (bet.round === round.game && round.phase === 'betting')
    if (!open || (bet.status !== 'active' && bet.status !== 'holding')) {
      return Promise.resolve(refusal('betting_closed'))
    }
    // Its public row (if sent) stays until the next round: the bets feed has no "removed" state.
    bet.status = 'cancelled'
    this.clearAuto(bet)
    bet.cancelling = this.refund(bet).then(
      (balance): CancelResult =>
        balance === null
          ? refusal('not_found')
          : { type: 'ok', v: PROTOCOL_VERSION, betId: bet.id, balance },
      () => refusal('internal'),
    )
    return bet.cancelling
  }

  /**
   * Arms the auto cash-out timer of each bet of `game` whose target comes before the crash at
   * `crashPoint` (the round has just started); each pays while `running()` still holds.
   */
  armAutoCashouts(game: number, crashPoint: CrashPoint, running: () => boolean): void {
    const crashMs = crashTimeMs(crashPoint)
    for (const bet of this.betsOf(game)) {
      // A target equal to the crash point pays too; the crash itself settles that tie first.
      if (!autoWins(bet.autoCashoutAt, crashPoint)) continue
      const at = bet.autoCashoutAt
      const delay = msToReach(at)
      if (delay >= crashMs) continue
      this.armAuto(bet, delay, () => {
        if (running() && isOpen(bet)) void this.close(bet, at, 'auto')
      })
    }
  }

  /**
   * Settles every open bet of `game` as the crash at `crashPoint` decides (an auto cash-out at
   * or below it wins, the rest lose); `recording` gets each cash-out decided before the crash
   * whose record is still being written.
   */
  crash(
    game: number,
    crashPoint: CrashPoint,
    recording: (closing: Promise<unknown>) => void,
  ): void {
    for (const bet of this.betsOf(game)) {
      if (bet.closing) recording(bet.closing)
      if (!isOpen(bet)) continue
      const outcome = settle({ ...bet, cashedOutAt: null }, crashPoint)
      if (outcome.type === 'cashedOut') void this.close(bet, outcome.cashoutAt, 'crash')
      else this.lose(bet)
    }
  }

  /** Arms the bet's auto cash-out timer. */
  private armAuto(bet: Bet, delayMs: number, fire: () => void): void {
    this.clearAuto(bet)
    bet.autoTimer = this.ctx.scheduler.setTimeout(() => {
      bet.autoTimer = null
      fire()
    }, delayMs)
  }

  private clearAuto(bet: Bet): void {
    if (bet.autoTimer) this.ctx.scheduler.clearTimeout(bet.autoTimer)
    bet.autoTimer = null
  }

  /** Every bet's pending timer, cleared when the service stops. */
  clearAllTimers(): void {
    for (const bet of this.all()) this.clearAuto(bet)
  }
}

function isOpen(bet: Bet): boolean {
  return bet.status === 'active' || bet.status === 'holding'
}
