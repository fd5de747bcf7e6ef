/**
 * The money path of every bet: place (hold the stake), settle (pay or lose), refund, and what a
 * restart does with a row a previous process left open. A game decides outcomes synchronously the
 * instant a command or timer arrives; the book then runs the bet's ledger and row writes in order
 * on the bet's own promise chain (`KitBet.work`). Ledger keys are `<game>:hold:<user>:<key>`,
 * `<game>:settle:<bet>`, `<game>:refund:<bet>`, so a repeated write never moves money twice.
 */
import type { Minor } from '../../../games/engine/money'
import type { Queryable } from '../../db/db'
import { LedgerError } from '../../ledger/errors'
import type { Ledger } from '../../ledger/ledger'
import { AnswerStore } from './answers'
import type { BetStore, KitBet, StoredBet, StoredStatus } from './bets'
import { holdByReference, holdState } from './ledgerHolds'
import type { GameLog } from './log'
import type { UserId } from './player'
import type { Scheduler } from './scheduler'

/** The ledger reference of a bet's hold: how recovery finds the money of a bet. */
export function holdReference(game: string, betId: string): string {
  return `${game}:bet:${betId}`
}

/** The ledger keys that close a bet's hold: its settlement and its refund. */
export function closingKeys(game: string, betId: string): { settle: string; refund: string } {
  return { settle: `${game}:settle:${betId}`, refund: `${game}:refund:${betId}` }
}

/** Refusals the money path itself gives; the game shapes them as its protocol says. */
export type MoneyRefusal = 'balance_not_enough' | 'internal'

/** Options of {@link BetBook}. */
export interface BetBookOptions<B, D extends string, R, Outcome extends object> {
  /** The game's id: prefix of its ledger keys and hold references. */
  game: string
  db: Queryable
  store: BetStore<B, D, Outcome>
  ledger: Ledger
  scheduler: Scheduler
  log: GameLog
  /** The game's refusal ack for a money refusal. */
  refusal(code: MoneyRefusal): R
  /** The game's decided statuses for a hold the ledger closed as won or lost (recovery). */
  decided: { won: D; lost: D }
  /** A bet's stake is held: it is in play now (a live feed shows it). */
  activated(bet: B): void
  /** Counts a promise as in-flight work (the game's `idle()` waits for it). */
  track(work: Promise<unknown>): void
}

/** How a decided bet is paid: `payout` 0 is a loss. */
export interface Settlement<D extends string, Outcome extends object> {
  payout: Minor
  status: D
  /** The game's own record of the decision, written with `win` before the ledger pays. */
  record?: Outcome
  /**
   * Called once the decision survives a restart (its `record` written, or without one, the
   * ledger paid): from then on the game may show it (see announcer.ts), never before.
   */
  durable?: () => void
}

/** The bets of the rounds being played or queued, and their money. */
export class BetBook<B extends KitBet<D>, D extends string, R, Outcome extends object = object> {
  private readonly byId = new Map<string, B>()
  /** The one in-memory idempotency layer of the game's commands (see answers.ts). */
  readonly answers = new AnswerStore()

  constructor(protected readonly options: BetBookOptions<B, D, R, Outcome>) {}

  /** A bet in the book. */
  get(id: string): B | undefined {
    return this.byId.get(id)
  }

  /** Every bet in the book, cancelled ones included. */
  all(): IterableIterator<B> {
    return this.byId.values()
  }

  /** Standing bets of `round` (cancelled ones are out). */
  betsOf(round: number): B[] {
    return [...this.byId.values()].filter((b) => b.round === round && b.status !== 'cancelled')
  }

  /** A player's standing bets among `rounds`. */
  ownBets(userId: UserId, rounds: number[]): B[] {
    return [...this.byId.values()].filter(
      (b) => b.userId === userId && rounds.includes(b.round) && b.status !== 'cancelled',
    )
  }

  /** Forgets bets of rounds before `round`: their rows hold everything a retry needs. */
  prune(round: number): void {
    for (const [id, bet] of this.byId) if (bet.round < round) this.byId.delete(id)
  }

  /** Restores a standing bet after a restart. */
  load(bet: B): void {
    this.byId.set(bet.id, bet)
  }

  /**
   * Holds a new bet's stake: the row is written in `holding`, the stake held, the row marked
   * `active` with the answer `accepted` builds. The bet is in the book from this instant, so an
   * outcome or a cancel that comes first still sees it. A key used before this process started
   * gets its first answer; no money, a refusal. In both cases `bet.holdId` stays null.
   */
  hold<A>(bet: B, accepted: (balance: Minor) => A): Promise<A | R> {
    this.byId.set(bet.id, bet)
    const { store, ledger, refusal, log, game } = this.options
    return new Promise<A | R>((resolve) => {
      const refuse = (answer: A | R) => {
        this.byId.delete(bet.id)
        bet.status = 'cancelled'
        resolve(answer)
      }
      // A failure after the hold leaves the answer pending, as a lost ack would; it is logged.
      this.step(bet, async () => {
        try {
          if (!(await store.insertBet(bet, this.options.scheduler.now()))) {
            const first = await store.betByKey(bet.userId, bet.clientKey)
            return refuse((first?.ack as A | null | undefined) ?? refusal('internal'))
          }
        } catch (err) {
          log.error({ err, betId: bet.id }, `[${game}] bet insert failed`)
          return refuse(refusal('internal'))
        }
        let balance: Minor
        try {
          const held = await ledger.hold({
            userId: bet.userId,
            currency: bet.currency,
            amount: bet.amount,
            key: `${game}:hold:${bet.userId}:${bet.clientKey}`,
            reference: holdReference(game, bet.id),
          })
          bet.holdId = held.holdId
          balance = held.balances.real as Minor
        } catch (err) {
          const code =
            err instanceof LedgerError && err.code === 'balance_not_enough'
              ? 'balance_not_enough'
              : 'internal'
          if (code === 'internal') log.error({ err, betId: bet.id }, `[${game}] hold failed`)
          const answer = refusal(code)
          await store.updateBet(bet.id, { status: 'refused', ack: answer })
          return refuse(answer)
        }
        const answer = accepted(balance)
        // 'active' even if the bet was already decided: its settle is the next step on the chain.
        await store.updateBet(bet.id, { status: 'active', hold_id: bet.holdId, ack: answer })
        if (bet.status === 'holding') {
          bet.status = 'active'
          this.options.activated(bet)
        }
        resolve(answer)
      }).catch(() => {})
    })
  }

  /**
   * Pays a decided bet on its chain, after its hold; the balance after, or null when the bet
   * never held money (its hold was refused). Rejects when a write fails (logged once here).
   */
  settle(bet: B, how: Settlement<D, Outcome>): Promise<Minor | null> {
    return this.step(bet, () =>
      bet.holdId === null ? Promise.resolve(null) : this.settleHold(bet.id, bet.holdId, how),
    )
  }

  /** Returns a withdrawn bet's stake on its chain, like {@link settle}. */
  refund(bet: B): Promise<Minor | null> {
    return this.step(bet, () =>
      bet.holdId === null
        ? Promise.resolve(null)
        : this.refundHold(bet.id, bet.holdId, 'cancelled'),
    )
  }

  /**
   * Pays a hold: the decision is recorded on the row before the ledger pays it, so a restart in
   * between pays exactly that, never more and never twice; the status follows the payment.
   */
  async settleHold(betId: string, holdId: number, how: Settlement<D, Outcome>): Promise<Minor> {
    const { store, ledger, game } = this.options
    if (how.record) {
      await store.recordOutcome(betId, how.record, how.payout)
      how.durable?.()
    }
    const settled = await ledger.settle({
      holdId,
      payout: how.payout,
      key: closingKeys(game, betId).settle,
    })
    if (!how.record) how.durable?.()
    await store.updateBet(betId, { status: how.status, win: how.payout })
    return settled.balances.real as Minor
  }

  /** Returns a hold's stake and marks the row `status`. */
  async refundHold(
    betId: string,
    holdId: number,
    status: 'cancelled' | 'refunded',
  ): Promise<Minor> {
    const { store, ledger, game } = this.options
    const refunded = await ledger.refund({ holdId, key: closingKeys(game, betId).refund })
    await store.updateBet(betId, { status })
    return refunded.balances.real as Minor
  }

  /**
   * Brings a row a previous process left open in line with the ledger: a bet written but never
   * held is refused (no money moved); one held but not marked gets its hold; one whose hold the
   * ledger already closed takes the ledger's outcome. The hold still open, else null: nothing is
   * left for the game to decide.
   */
  async reconcile(row: StoredBet<D>): Promise<number | null> {
    const { db, store, refusal, decided } = this.options
    let holdId = row.hold_id
    if (row.status === 'holding') {
      const hold = await holdByReference(db, holdReference(this.options.game, row.id))
      if (!hold) {
        await store.updateBet(row.id, { status: 'refused', ack: refusal('internal') })
        return null
      }
      holdId = hold.id
      await store.updateBet(row.id, { status: 'active', hold_id: hold.id })
    }
    if (holdId === null) return null
    const hold = await holdState(db, holdId)
    if (hold && hold.status !== 'open') {
      const status: StoredStatus<D> =
        hold.status === 'won' ? decided.won : hold.status === 'lost' ? decided.lost : 'refunded'
      await store.updateBet(row.id, { status, win: hold.payout ?? 0 })
      return null
    }
    return holdId
  }

  /**
   * Runs `write` on the bet's chain after every earlier step. Its result or failure goes to the
   * caller; the chain itself logs the failure and goes on.
   */
  protected step<T>(bet: B, write: () => Promise<T>): Promise<T> {
    const result = bet.work.then(write)
    bet.work = result.then(
      () => {},
      (err: unknown) => {
        this.options.log.error({ err, betId: bet.id }, `[${this.options.game}] bet step failed`)
      },
    )
    this.options.track(bet.work)
    return result
  }
}
