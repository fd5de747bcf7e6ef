/**
 * The bets of the current and the queued round, and every money path of a bet: place (hold),
 * cash out and lose (settle), cancel (refund). Decisions are made synchronously the instant a
 * command or timer arrives, so two requests can never both decide; the ledger and row writes of
 * one bet then run in order on the bet's own promise chain (`Bet.work`).
 */
import { PROTOCOL_VERSION, type BetId, type Phase } from '../../../games/crash/protocol'
import {
  cashOutMultiplier,
  maxWin,
  payout,
  validateBet,
  type CrashPoint,
  type Multiplier,
} from '../../../games/crash/rules'
import type { Minor } from '../../../games/engine/money'
import type { Ledger } from '../../ledger/ledger'
import { LedgerError } from '../../ledger/errors'
import {
  holdReference,
  newBetId,
  refusal,
  roundIdOf,
  type Bet,
  type BetCommand,
  type Bettor,
  type BetResult,
  type CancelBetCommand,
  type CancelResult,
  type CashOutCommand,
  type CashOutResult,
  type UserId,
} from './bet'
import type { Scheduler } from './clock'
import type { CrashStore } from './store'

/** What the book needs to know about the round being played. */
export interface RoundView {
  game: number
  phase: Phase
  startedAt: number | null
  crashPoint: CrashPoint
}

/** A sink for log lines (pino's shape, so Fastify's logger fits). */
export interface CrashLog {
  info(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

/** The book's view of the service around it. */
export interface BookContext {
  store: CrashStore
  ledger: Ledger
  scheduler: Scheduler
  log: CrashLog
  round(): RoundView
  /** A bet's public row changed; the service batches rows into `bets` events. */
  rowChanged(bet: Bet): void
  /** A bet was settled without an ack (auto cash-out or loss): tell its owner. */
  settled(bet: Bet, balance: Minor): void
  /** Counts a promise as in-flight work (the service's `idle()` waits for it). */
  track(work: Promise<unknown>): void
}

const ledgerKey = {
  hold: (userId: number, clientKey: string) => `crash:hold:${userId}:${clientKey}`,
  settle: (betId: string) => `crash:settle:${betId}`,
  refund: (betId: string) => `crash:refund:${betId}`,
}

/** The bets of the current and queued rounds. */
export class BetBook {
  private readonly byId = new Map<string, Bet>()
  /** The first answer to each (player, client key) and its game: a retry gets it again. */
  private readonly placed = new Map<string, { game: number; answer: Promise<BetResult> }>()

  constructor(private readonly ctx: BookContext) {}

  /** Standing bets of `game` (cancelled ones are out). */
  betsOf(game: number): Bet[] {
    return [...this.byId.values()].filter((b) => b.game === game && b.status !== 'cancelled')
  }

  /** Forgets bets of games before `game`: their rows hold everything a retry needs. */
  prune(game: number): void {
    for (const [id, bet] of this.byId) if (bet.game < game) this.byId.delete(id)
    for (const [key, entry] of this.placed) if (entry.game < game) this.placed.delete(key)
  }

  /** Restores a standing bet after a restart, with the first answer it gave. */
  load(bet: Bet, firstAck: BetResult): void {
    this.byId.set(bet.id, bet)
    this.placed.set(`${bet.userId}:${bet.clientKey}`, {
      game: bet.game,
      answer: Promise.resolve(firstAck),
    })
  }

  /** Appends a step to the bet's chain; a failure is logged and does not break the chain. */
  private enqueue(bet: Bet, step: () => Promise<void>): void {
    bet.work = bet.work.then(step).catch((err: unknown) => {
      this.ctx.log.error({ err, betId: bet.id }, '[crash] bet step failed')
    })
    this.ctx.track(bet.work)
  }

  /**
   * Places a bet: in the current round while it takes bets, else queued for the next one. The
   * stake is held at once in both cases, so the ack's balance is true and a queued bet cannot
   * fail for want of money later; a queued bet's money waits in its hold, never lost.
   */
  place(user: Bettor | null, cmd: BetCommand): Promise<BetResult> {
    if (!user) return Promise.resolve(refusal('unauthorized'))
    const draft = { amount: cmd.amount, currency: cmd.currency, autoCashoutAt: cmd.autoCashoutAt }
    if (validateBet(draft, null).type === 'invalid') return Promise.resolve(refusal('limits'))
    if (cmd.currency !== user.currency) return Promise.resolve(refusal('bad_request'))
    const key = `${user.userId}:${cmd.key}`
    const known = this.placed.get(key)
    if (known) return known.answer
    const round = this.ctx.round()
    const game = round.phase === 'betting' ? round.game : round.game + 1
    const answer = this.betsOf(game).some((b) => b.userId === user.userId)
      ? this.duplicate(user.userId, cmd.key)
      : this.hold(user, cmd, game, round.phase === 'betting' ? 'placed' : 'queued')
    this.placed.set(key, { game, answer })
    return answer
  }

  /** Another bet stands in that round; still, a key used in an earlier round gets its answer. */
  private async duplicate(userId: UserId, clientKey: string): Promise<BetResult> {
    const first = await this.ctx.store.betByKey(userId, clientKey)
    return (first?.ack as BetResult | null | undefined) ?? refusal('duplicate')
  }

  private hold(
    user: Bettor,
    cmd: BetCommand,
    game: number,
    status: 'placed' | 'queued',
  ): Promise<BetResult> {
    const bet: Bet = {
      id: newBetId(),
      game,
      userId: user.userId,
      clientKey: cmd.key,
      player: user.player,
      amount: cmd.amount,
      currency: cmd.currency,
      autoCashoutAt: cmd.autoCashoutAt,
      status: 'holding',
      holdId: null,
      cashoutAt: null,
      win: null,
      work: Promise.resolve(),
      closing: null,
      cancelling: null,
      autoTimer: null,
    }
    // In the book from this instant, so a crash or a cancel that comes first still sees it.
    this.byId.set(bet.id, bet)
    const { store, ledger } = this.ctx
    return new Promise<BetResult>((resolve) => {
      const refuse = (answer: BetResult) => {
        this.byId.delete(bet.id)
        bet.status = 'cancelled'
        resolve(answer)
      }
      this.enqueue(bet, async () => {
        try {
          const fresh = await store.insertBet({
            id: bet.id,
            game,
            userId: user.userId,
            clientKey: cmd.key,
            player: bet.player,
            amount: bet.amount,
            currency: bet.currency,
            autoCashoutAt: bet.autoCashoutAt,
            createdAt: this.ctx.scheduler.now(),
          })
          if (!fresh) {
            // The key was used before this process started: its first answer stands.
            const first = await store.betByKey(user.userId, cmd.key)
            return refuse((first?.ack as BetResult | null | undefined) ?? refusal('internal'))
          }
        } catch (err) {
          this.ctx.log.error({ err, betId: bet.id }, '[crash] bet insert failed')
          return refuse(refusal('internal'))
        }
        let balance: Minor
        try {
          const held = await ledger.hold({
            userId: user.userId,
            currency: bet.currency,
            amount: bet.amount,
            key: ledgerKey.hold(user.userId, cmd.key),
            reference: holdReference(bet.id),
          })
          bet.holdId = held.holdId
          balance = held.balances.real as Minor
        } catch (err) {
          const code =
            err instanceof LedgerError && err.code === 'balance_not_enough'
              ? 'balance_not_enough'
              : 'internal'
          if (code === 'internal') this.ctx.log.error({ err, betId: bet.id }, '[crash] hold failed')
          const answer = refusal(code)
          await store.updateBet(bet.id, { status: 'refused', ack: answer })
          return refuse(answer)
        }
        const answer: BetResult = {
          type: 'ok',
          v: PROTOCOL_VERSION,
          betId: bet.id,
          roundId: roundIdOf(game),
          status,
          balance,
        }
        // 'active' even if the bet was already decided: its settle is the next step on the chain.
        await store.updateBet(bet.id, { status: 'active', hold_id: bet.holdId, ack: answer })
        if (bet.status === 'holding') {
          bet.status = 'active'
          this.ctx.rowChanged(bet)
        }
        resolve(answer)
      })
    })
  }

  /** Manual cash-out at the server's multiplier of this instant. */
  cashOut(user: Bettor | null, cmd: CashOutCommand): Promise<CashOutResult> {
    if (!user) return Promise.resolve(refusal('unauthorized'))
    const bet = this.byId.get(cmd.betId)
    if (!bet) return this.pastCashOut(user, cmd.betId)
    if (bet.userId !== user.userId) return Promise.resolve(refusal('not_found'))
    // Concurrent or repeated requests for one bet get the one decision already made.
    if (bet.closing) return bet.closing
    if (bet.status === 'lost') return Promise.resolve(refusal('too_late'))
    if (bet.status === 'cancelled' || bet.status === 'cashedOut') {
      return Promise.resolve(refusal('not_found'))
    }
    const round = this.ctx.round()
    if (bet.game !== round.game || round.phase === 'betting' || round.startedAt === null) {
      // Not started yet: there is nothing to cash out (cancel the bet instead).
      return Promise.resolve(refusal('bad_request'))
    }
    if (round.phase === 'crashed') return Promise.resolve(refusal('too_late'))
    const elapsed = this.ctx.scheduler.now() - round.startedAt
    const at = cashOutMultiplier(elapsed, round.crashPoint, bet.autoCashoutAt)
    // Past the crash point though the crash timer has not run yet: as late as after it.
    if (at === null) return Promise.resolve(refusal('too_late'))
    return this.close(bet, at, 'manual')
  }

  /** A cash-out repeated after its round left the book: answered from the bet's row. */
  private async pastCashOut(user: Bettor, betId: BetId): Promise<CashOutResult> {
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
   * it, so a restart in between pays exactly that (see recovery.ts), never more and never twice.
   */
  close(bet: Bet, at: Multiplier, via: 'manual' | 'auto'): Promise<CashOutResult> {
    if (bet.closing) return bet.closing
    const win = payout(bet.amount, at, maxWin(bet.currency))
    bet.status = 'cashedOut'
    bet.cashoutAt = at
    bet.win = win
    this.clearAuto(bet)
    this.ctx.rowChanged(bet)
    const { store, ledger } = this.ctx
    bet.closing = new Promise<CashOutResult>((resolve) => {
      this.enqueue(bet, async () => {
        if (bet.holdId === null) return resolve(refusal('internal'))
        try {
          await store.updateBet(bet.id, { cashout_at: at, win })
          const settled = await ledger.settle({
            holdId: bet.holdId,
            payout: win,
            key: ledgerKey.settle(bet.id),
          })
          await store.updateBet(bet.id, { status: 'cashedOut' })
          const balance = settled.balances.real as Minor
          resolve({ type: 'ok', v: PROTOCOL_VERSION, betId: bet.id, cashoutAt: at, win, balance })
          if (via === 'auto') this.ctx.settled(bet, balance)
        } catch (err) {
          resolve(refusal('internal'))
          throw err
        }
      })
    })
    return bet.closing
  }

  /** Settles a bet the crash caught: its stake goes to the house. */
  lose(bet: Bet): void {
    bet.status = 'lost'
    bet.win = 0 as Minor
    this.clearAuto(bet)
    this.ctx.rowChanged(bet)
    this.enqueue(bet, async () => {
      if (bet.holdId === null) return
      const settled = await this.ctx.ledger.settle({
        holdId: bet.holdId,
        payout: 0,
        key: ledgerKey.settle(bet.id),
      })
      await this.ctx.store.updateBet(bet.id, { status: 'lost', win: 0 })
      this.ctx.settled(bet, settled.balances.real as Minor)
    })
  }

  /** Withdraws a bet whose round has not started: the stake is refunded. */
  cancel(user: Bettor | null, cmd: CancelBetCommand): Promise<CancelResult> {
    if (!user) return Promise.resolve(refusal('unauthorized'))
    const bet = this.byId.get(cmd.betId)
    if (!bet || bet.userId !== user.userId) return Promise.resolve(refusal('not_found'))
    if (bet.cancelling) return bet.cancelling
    const round = this.ctx.round()
    const open = bet.game > round.game || (bet.game === round.game && round.phase === 'betting')
    if (!open || (bet.status !== 'active' && bet.status !== 'holding')) {
      return Promise.resolve(refusal('betting_closed'))
    }
    // Its public row (if sent) stays until the next round: the bets feed has no "removed" state.
    bet.status = 'cancelled'
    this.clearAuto(bet)
    const { store, ledger } = this.ctx
    bet.cancelling = new Promise<CancelResult>((resolve) => {
      this.enqueue(bet, async () => {
        if (bet.holdId === null) return resolve(refusal('not_found'))
        try {
          const refunded = await ledger.refund({
            holdId: bet.holdId,
            key: ledgerKey.refund(bet.id),
          })
          await store.updateBet(bet.id, { status: 'cancelled' })
          const balance = refunded.balances.real as Minor
          resolve({ type: 'ok', v: PROTOCOL_VERSION, betId: bet.id, balance })
        } catch (err) {
          resolve(refusal('internal'))
          throw err
        }
      })
    })
    return bet.cancelling
  }

  /** Arms the bet's auto cash-out timer. */
  armAuto(bet: Bet, delayMs: number, fire: () => void): void {
    this.clearAuto(bet)
    bet.autoTimer = this.ctx.scheduler.setTimeout(() => {
      bet.autoTimer = null
      fire()
    }, delayMs)
  }

  clearAuto(bet: Bet): void {
    if (bet.autoTimer) this.ctx.scheduler.clearTimeout(bet.autoTimer)
    bet.autoTimer = null
  }

  /** Every bet's pending timer, cleared when the service stops. */
  clearAllTimers(): void {
    for (const bet of this.byId.values()) this.clearAuto(bet)
  }

  /** A player's standing bets among `games`. */
  ownBets(userId: UserId, games: number[]): Bet[] {
    return [...this.byId.values()].filter(
      (b) => b.userId === userId && games.includes(b.game) && b.status !== 'cancelled',
    )
  }
}
