/**
 * The stateful rounds of every stateful game (miner, hilo, coinflip): open, step, cash out, end.
 * The rows are the truth (migration 027); this process keeps no round in memory.
 *
 * - Open: ONE transaction holds the stake (the ledger's hold), claims the active seed pair's next
 *   nonce with the instant bet's compare-and-set, and writes the round; idempotent by key; refused
 *   whole on a limit, bad params, a missing balance or a round of the game already open.
 * - Step and cash-out: each carries its key and the step number it expects; the row advances only
 *   `WHERE step = n AND status = 'open'`, in the transaction that writes the step's row. A repeated
 *   key gets the recorded step; another number is refused `stale_step` with the round.
 * - End: a losing step, a cash-out, the payout cap, a complete round or 30 days open decide the
 *   payout on the row (status `ending`) before BetBook.settleHold pays it; `recover` pays what a
 *   stopped process decided and did not pay. A cash-out meeting an ended round gets that round.
 */
import { floatCursor } from '../../../../games/engine/fairness'
import { checkBet, type Minor } from '../../../../games/engine/money'
import {
  STATEFUL_PROTOCOL_VERSION,
  type StatefulAck,
  type StatefulRound,
} from '../../../../games/kit/stateful/protocol'
import type { CommandKey, RoundId } from '../../../../games/kit/protocol'
import type { Db } from '../../../db/db'
import { LedgerError } from '../../../ledger/errors'
import type { Ledger } from '../../../ledger/ledger'
import { withRetry } from '../../../ledger/retry'
import { AnswerStore } from '../answers'
import { holdReference } from '../BetBook'
import { newBetId } from '../bets'
import { NONCE_ATTEMPTS } from '../instant/InstantBets'
import type { LiveTables } from '../instant/live'
import type { SeedPairs } from '../instant/seeds'
import type { GameLog } from '../log'
import type { Player, UserId } from '../player'
import type { Scheduler } from '../scheduler'
import { RoundEnds } from './ends'
import {
  ROUND_LIFETIME_MS,
  cappedPayout,
  statefulRefusal,
  type AnyAck,
  type AnyGame,
  type StatefulGame,
} from './game'
import { decideStep } from './steps'
import {
  hasOpenRound,
  roundById,
  roundByKey,
  roundView,
  stepsOf,
  unsettledRound,
  type RoundRow,
} from './store'

export { ROUND_LIFETIME_MS, statefulRefusal, type StatefulGame } from './game'

/** The `open` command as parsed by the game's wire. */
export interface OpenCommand<P> {
  key: CommandKey
  amount: Minor
  currency: Player['currency']
  params: P
}

/** The `step` command (without `action`, a cash-out) as parsed by the game's wire. */
export interface StepCommand<A> {
  key: CommandKey
  roundId: RoundId
  step: number
  action?: A
}

/** Options of {@link StatefulRounds}. */
export interface StatefulRoundsOptions {
  db: Db
  ledger: Ledger
  seeds: SeedPairs
  scheduler: Scheduler
  log: GameLog
  /** The live tables a round goes to once paid (the instant kit's); none in tests without them. */
  live?: LiveTables
}

/** How a step's transaction runs (see `stepping`). */
const STEP_ISOLATION = { isolation: 'read committed' } as const

/** Thrown inside a transaction to roll it back: the row moved on, or a round is already open. */
class Refused extends Error {
  constructor(readonly code: 'stale' | 'game_in_progress') {
    super(code)
  }
}

/** The rounds of every stateful game of this process. */
export class StatefulRounds {
  private readonly answers = new AnswerStore()
  private readonly inFlight = new Set<Promise<unknown>>()
  private readonly ends: RoundEnds

  constructor(private readonly options: StatefulRoundsOptions) {
    this.ends = new RoundEnds({ ...options, track: (work) => void this.track(work) })
  }

  /** Opens a round of `game` (see the module comment). */
  open<P, S, A, O, W, R>(
    game: StatefulGame<P, S, A, O, W, R>,
    user: Player | null,
    cmd: OpenCommand<P>,
  ): Promise<StatefulAck<P, A, O, W, R>> {
    return this.once(user, `${game.id}:open`, cmd.key, (player) =>
      this.opening(game as unknown as AnyGame, player, cmd),
    )
  }

  /** Plays a step, or with no `action` cashes out (see the module comment). */
  step<P, S, A, O, W, R>(
    game: StatefulGame<P, S, A, O, W, R>,
    user: Player | null,
    cmd: StepCommand<A>,
  ): Promise<StatefulAck<P, A, O, W, R>> {
    return this.once(user, `${game.id}:step:${cmd.roundId}`, cmd.key, (player) =>
      this.stepping(game as unknown as AnyGame, player, cmd),
    )
  }

  /** A player's command, once per key while it runs (answers.ts), counted until answered. */
  private once<T>(
    user: Player | null,
    scope: string,
    key: string,
    work: (player: Player) => Promise<AnyAck>,
  ): Promise<T> {
    if (!user) return Promise.resolve(statefulRefusal('unauthorized') as T)
    return this.track(this.answers.once(user.userId, scope, key, () => work(user))) as Promise<T>
  }

  /** The player's round of `game` not yet paid, as the snapshot shows it, or null. */
  async current<P, S, A, O, W, R>(
    game: StatefulGame<P, S, A, O, W, R>,
    userId: UserId,
  ): Promise<StatefulRound<P, A, O, W, R> | null> {
    const row = await unsettledRound(this.options.db, game.id, userId)
    return row ? ((await this.viewOf(game as unknown as AnyGame, row)) as never) : null
  }

  /**
   * Settles every round of `game` open for {@link ROUND_LIFETIME_MS} by the scheduler's clock at
   * the better of its cash-out value and its stake; the number settled.
   */
  expire(
    game: StatefulGame<unknown, unknown, unknown, unknown, unknown, unknown>,
  ): Promise<number> {
    const openedBy = this.options.scheduler.now() - ROUND_LIFETIME_MS
    return this.ends.settleOpen(game, openedBy, null)
  }

  /**
   * Settles a player's open rounds of `game` on the same terms as {@link expire}: for a break or
   * a self-exclusion (the server has neither yet; this is the call they make).
   */
  closeFor(game: AnyGame, userId: UserId): Promise<number> {
    return this.ends.settleOpen(game, null, userId)
  }

  /**
   * At start: pays every round of `game` a stopped process decided and did not pay, through
   * BetBook.reconcile (a hold the ledger already closed is only marked); the number paid.
   */
  recover(game: AnyGame): Promise<number> {
    return this.ends.recover(game)
  }

  /** Resolves when every command started so far has been answered. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work)
    void work.finally(() => this.inFlight.delete(work))
    return work
  }

  private async opening(game: AnyGame, user: Player, cmd: OpenCommand<unknown>): Promise<AnyAck> {
    const { db, seeds, ledger, log, scheduler } = this.options
    const first = await roundByKey(db, game.id, user.userId, cmd.key)
    if (first) return this.okOf(game, first)
    if (cmd.currency !== user.currency) return statefulRefusal('bad_request')
    if (!checkBet(cmd.amount, game.limits, cmd.currency).ok) return statefulRefusal('limits')
    if (game.rules.refusal(cmd.params, cmd.amount) !== null) return statefulRefusal('bad_request')
    if (await hasOpenRound(db, game.id, user.userId)) return this.inProgress(game, user)
    return seeds.exclusive(user.userId, async () => {
      for (let attempt = 1; ; attempt++) {
        const pair = await seeds.active(user.userId)
        const cursor = floatCursor(pair.serverSeed, pair.clientSeed, pair.nonce)
        const state = game.rules.open(cmd.params, cursor)
        const id = newBetId<RoundId>()
        const at = scheduler.now()
        const reference = holdReference(game.id, id)
        try {
          await ledger.hold(
            {
              userId: user.userId,
              currency: cmd.currency,
              amount: cmd.amount,
              key: `${game.id}:hold:${user.userId}:${cmd.key}`,
              reference,
            },
            async (tx, transactionId) => {
              const claimed = await tx.query(
                `UPDATE seed_pairs SET nonce = nonce + 1 WHERE id = $1 AND user_id = $2
                   AND status = 'active' AND nonce = $3 AND client_seed = $4 RETURNING id`,
                [pair.id, user.userId, pair.nonce, pair.clientSeed],
              )
              if (claimed.length === 0) throw new LedgerError('nonce_stale', 'seed pair moved on')
              const [moved] = await tx.query<{
                result: { holdId: number; balances: { real: number } }
              }>('SELECT result FROM ledger_transactions WHERE id = $1', [transactionId])
              const inserted = await tx.query(
                `INSERT INTO stateful_rounds (id, game, user_id, client_key, player, amount,
                   currency, params, state, floats, status, multiplier, seed_pair_id, nonce,
                   client_seed, hold_id, balance, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', $11, $12, $13, $14,
                   $15, $16, $17, $17)
                 ON CONFLICT (user_id, game) WHERE status = 'open' DO NOTHING RETURNING id`,
                [
                  id,
                  game.id,
                  user.userId,
                  cmd.key,
                  user.name,
                  cmd.amount,
                  cmd.currency,
                  JSON.stringify(cmd.params),
                  JSON.stringify(state),
                  cursor.consumed,
                  game.rules.multiplier(state),
                  pair.id,
                  pair.nonce,
                  pair.clientSeed,
                  moved!.result.holdId,
                  moved!.result.balances.real,
                  at,
                ],
              )
              if (inserted.length === 0) throw new Refused('game_in_progress')
            },
          )
          seeds.advanced(pair)
          return this.okOf(game, (await roundById(db, id))!)
        } catch (err) {
          if (err instanceof Refused) {
            // The round in the way may be this very key's, opened meanwhile by another tab or
            // process (the same command twice at once): that open answers again, as a replay.
            const made = await roundByKey(db, game.id, user.userId, cmd.key)
            return made ? this.okOf(game, made) : this.inProgress(game, user)
          }
          if (err instanceof LedgerError && err.code === 'balance_not_enough') {
            return statefulRefusal('balance_not_enough')
          }
          if (err instanceof LedgerError && err.code === 'nonce_stale') {
            seeds.forget(user.userId)
            if (attempt < NONCE_ATTEMPTS) continue
          }
          // The key's first open, made by another process or before a restart, answers again.
          const made = await roundByKey(db, game.id, user.userId, cmd.key)
          if (made) return this.okOf(game, made)
          log.error({ err, game: game.id }, `[stateful] ${game.id} open failed`)
          return statefulRefusal('internal')
        }
      }
    })
  }

  private async stepping(game: AnyGame, user: Player, cmd: StepCommand<unknown>): Promise<AnyAck> {
    const { db, scheduler, log } = this.options
    const row = await roundById(db, cmd.roundId)
    if (!row || row.user_id !== user.userId || row.game !== game.id) {
      return statefulRefusal('not_found')
    }
    const again = await this.answered(game, row.id, cmd)
    if (again) return again
    if (row.status !== 'open') return this.ended(game, row, cmd)
    if (row.step !== cmd.step) return statefulRefusal('stale_step', await this.viewOf(game, row))
    const decided = await decideStep(db, game, row, cmd.action)
    if (decided === 'bad_request')
      return statefulRefusal('bad_request', await this.viewOf(game, row))
    const at = scheduler.now()
    try {
      // READ COMMITTED is enough and SERIALIZABLE is not wanted: the one row is advanced by
      // compare-and-set (PostgreSQL re-checks `step = n AND status = 'open'` on the newest version
      // of a row another transaction changed, so a racing step finds no row), and the step's row
      // is unique by (round, step). Under SERIALIZABLE, steps of different players' rounds
      // conflicted on the index pages they share (`npm run bench -- instant` on PostgreSQL: one
      // step failed after 20 attempts at 200 steps/s).
      await withRetry(() =>
        db.transaction(async (tx) => {
          const moved = await tx.query(
            `UPDATE stateful_rounds SET step = step + 1, state = $3, floats = $4,
               multiplier = $5, status = $6, payout = $7, end_reason = $8, updated_at = $9,
               ended_at = CASE WHEN $6 = 'open' THEN NULL ELSE $9::bigint END
             WHERE id = $1 AND step = $2 AND status = 'open' RETURNING id`,
            [
              row.id,
              cmd.step,
              JSON.stringify(decided.state),
              decided.floats,
              decided.multiplier,
              decided.end ? 'ending' : 'open',
              decided.end?.payout ?? null,
              decided.end?.reason ?? null,
              at,
            ],
          )
          if (moved.length === 0) throw new Refused('stale')
          await tx.query(
            `INSERT INTO stateful_steps (round_id, step, client_key, action, outcome, multiplier,
               created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [
              row.id,
              cmd.step + 1,
              cmd.key,
              JSON.stringify(cmd.action ?? { kind: 'cashout' }),
              decided.outcome === null ? null : JSON.stringify(decided.outcome),
              decided.multiplier,
              at,
            ],
          )
        }, STEP_ISOLATION),
      )
    } catch (err) {
      const now = await roundById(db, row.id)
      if (err instanceof Refused && now) {
        // Another tab or process moved the round first: its answer, its end, or stale.
        const replayed = await this.answered(game, row.id, cmd)
        if (replayed) return replayed
        if (now.status !== 'open') return this.ended(game, now, cmd)
        return statefulRefusal('stale_step', await this.viewOf(game, now))
      }
      log.error({ err, game: game.id, roundId: row.id }, `[stateful] ${game.id} step failed`)
      return statefulRefusal('internal')
    }
    const after = (await roundById(db, row.id))!
    if (!decided.end) return this.okOf(game, after)
    try {
      return await this.okOf(game, await this.ends.settle(game, after))
    } catch (err) {
      // The end is decided on the row: recovery, or the next command about the round, pays it.
      log.error({ err, game: game.id, roundId: row.id }, `[stateful] ${game.id} payment failed`)
      return this.okOf(game, after)
    }
  }

  /** The recorded answer of a step key already applied to the round, or null. */
  private async answered(game: AnyGame, roundId: string, cmd: StepCommand<unknown>) {
    const [done] = await this.options.db.query<{ step: number }>(
      'SELECT step FROM stateful_steps WHERE round_id = $1 AND client_key = $2',
      [roundId, cmd.key],
    )
    if (!done) return null
    const row = (await roundById(this.options.db, roundId))!
    return this.okOf(game, row.status === 'ending' ? await this.ends.settle(game, row) : row)
  }

  /** The answer to a step or cash-out meeting an ended round. */
  private async ended(game: AnyGame, row: RoundRow, cmd: StepCommand<unknown>): Promise<AnyAck> {
    const settled = row.status === 'ending' ? await this.ends.settle(game, row) : row
    // A cash-out that raced the server's own end gets the settled round, not an error.
    if (cmd.action === undefined) return this.okOf(game, settled)
    return statefulRefusal('round_over', await this.viewOf(game, settled))
  }

  /**
   * The refusal of an open while the player's round of the game is open (another tab, another
   * device): it carries that round, so the page that asked shows it and plays on from where it
   * stands instead of a form that can never bet.
   */
  private async inProgress(game: AnyGame, user: Player): Promise<AnyAck> {
    const open = await unsettledRound(this.options.db, game.id, user.userId)
    return statefulRefusal('game_in_progress', open ? await this.viewOf(game, open) : undefined)
  }

  private async viewOf(game: AnyGame, row: RoundRow) {
    const steps = await stepsOf(this.options.db, row.id)
    return roundView(game.rules, row, steps, cappedPayout(row, row.multiplier))
  }

  /**
   * The ok ack of a round: the balance after its stake (at step 0) or after its payout (paid);
   * null mid-round and while the payout is under way.
   */
  private async okOf(game: AnyGame, row: RoundRow): Promise<AnyAck> {
    const known = row.status === 'open' ? row.step === 0 : row.status !== 'ending'
    return {
      type: 'ok',
      v: STATEFUL_PROTOCOL_VERSION,
      round: await this.viewOf(game, row),
      balance: known ? (row.balance as Minor) : null,
    }
  }
}
