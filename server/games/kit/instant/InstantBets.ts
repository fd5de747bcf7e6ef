/**
 * The one-trip instant bet of every instant game: checked, drawn from the player's active seed
 * pair at its next nonce, and settled in ONE ledger movement (stake, payout, the bet's row and the
 * nonce together, through the group commit), answered with the outcome and the balance after.
 *
 * - Idempotent by key: a repeat while the first runs shares its answer (answers.ts); a repeat
 *   later (another socket, a restart) finds the first bet by its ledger key and answers its ack.
 * - Refused whole, nothing moved and no nonce used: a guest, another currency, an amount outside
 *   the game's limits or its own amount rule (`limits`), params the rules refuse (`bad_request`),
 *   a bet that could pay more than the maximum payout (`max_payout`), a balance short of the stake.
 * - The nonce: each player's bets run one at a time in this process (SeedPairs.exclusive), and the
 *   movement claims the nonce it was drawn from, so no two bets share one.
 */
import { floatCursor } from '../../../../games/engine/fairness'
import { MAX_BET_PAYOUT, checkBet, type BetGame, type Minor } from '../../../../games/engine/money'
import {
  INSTANT_PROTOCOL_VERSION,
  type InstantBetAck,
  type InstantBetCommand,
  type InstantErrorAck,
  type InstantErrorCode,
} from '../../../../games/kit/instant/protocol'
import type { InstantRules } from '../../../../games/kit/instant/rules'
import type { BetId } from '../../../../games/kit/protocol'
import type { Db } from '../../../db/db'
import { LedgerError } from '../../../ledger/errors'
import type { Ledger } from '../../../ledger/ledger'
import { AnswerStore } from '../answers'
import { newBetId } from '../bets'
import type { GameLog } from '../log'
import type { Player } from '../player'
import type { Scheduler } from '../scheduler'
import { isHighRoller, type LiveTables } from './live'
import type { SeedPairs } from './seeds'
import { ackOf, betById } from './store'

/**
 * An instant game as the kit runs it: its id, the limits group it bets in, and its rules. Its
 * amounts are checked by the rules' `amountRefusal` when they have one, else by `betLimits` of
 * `limits` (cases: price x count, no limits group).
 */
export interface InstantGame<Params, Outcome> {
  readonly id: string
  readonly limits?: BetGame | null
  readonly rules: InstantRules<Params, Outcome>
}

/**
 * Why the amount of `cmd` is refused, or null: the game's own rule (`rules.amountRefusal`, cases:
 * price x count) when it has one, else its bet limits in the bet's currency.
 */
export function amountRefusal<P, O>(
  game: InstantGame<P, O>,
  cmd: Pick<InstantBetCommand<P>, 'params' | 'amount' | 'currency'>,
): 'limits' | null {
  if (game.rules.amountRefusal) {
    return game.rules.amountRefusal(cmd.params, cmd.amount, cmd.currency)
  }
  // A game with neither its own rule nor bet limits has no legal amount: refused, never unchecked.
  if (!game.limits) return 'limits'
  return checkBet(cmd.amount, game.limits, cmd.currency).ok ? null : 'limits'
}

/** The error ack of an instant game. */
export function instantRefusal(code: InstantErrorCode): InstantErrorAck {
  return { type: 'error', v: INSTANT_PROTOCOL_VERSION, code }
}

/**
 * Draws against a pair another process moved on: this many tries, then `internal`. Each stale try
 * lost to a bet that went through, so the processes together always progress; 20, as the ledger's
 * own retries, lets one bet lose that race many times in a row (a test has two processes flood
 * one player) before a player sees a refusal.
 */
export const NONCE_ATTEMPTS = 20

/** Options of {@link InstantBets}. */
export interface InstantBetsOptions {
  db: Db
  ledger: Ledger
  seeds: SeedPairs
  live: LiveTables
  scheduler: Scheduler
  log: GameLog
}

/** The instant bets of every instant game of this process. */
export class InstantBets {
  private readonly answers = new AnswerStore()
  private readonly inFlight = new Set<Promise<unknown>>()

  constructor(private readonly options: InstantBetsOptions) {}

  /** Places, draws and settles one bet of `game` (see the module comment). */
  place<P, O>(
    game: InstantGame<P, O>,
    user: Player | null,
    cmd: InstantBetCommand<P>,
  ): Promise<InstantBetAck<O>> {
    if (!user) return Promise.resolve(instantRefusal('unauthorized'))
    const answer = this.answers.once(user.userId, `${game.id}:bet`, cmd.key, () =>
      this.settle(game, user, cmd),
    )
    this.inFlight.add(answer)
    void answer.finally(() => this.inFlight.delete(answer))
    return answer
  }

  /** Resolves when every bet started so far has been answered. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
  }

  private async settle<P, O>(
    game: InstantGame<P, O>,
    user: Player,
    cmd: InstantBetCommand<P>,
  ): Promise<InstantBetAck<O>> {
    const refusal = this.check(game, user, cmd)
    if (refusal) return instantRefusal(refusal)
    const { seeds, ledger, log, scheduler } = this.options
    return seeds.exclusive(user.userId, async () => {
      for (let attempt = 1; ; attempt++) {
        const pair = await seeds.active(user.userId)
        const drawn = game.rules.settle(
          cmd.params,
          cmd.amount,
          floatCursor(pair.serverSeed, pair.clientSeed, pair.nonce),
        )
        const id = newBetId<BetId>()
        const at = scheduler.now()
        try {
          const moved = await ledger.instantBet({
            id,
            game: game.id,
            userId: user.userId,
            key: cmd.key,
            player: user.name,
            currency: cmd.currency,
            amount: cmd.amount,
            payout: drawn.payout,
            params: cmd.params,
            outcome: drawn.outcome,
            multiplier: drawn.multiplier,
            pairId: pair.id,
            nonce: pair.nonce,
            clientSeed: pair.clientSeed,
            at,
          })
          if (moved.betId !== id) return await this.firstAnswer(game, user, cmd, moved.betId)
          seeds.advanced(pair)
          this.options.live.publish(user, {
            betId: id,
            game: game.id,
            player: user.name,
            amount: cmd.amount,
            currency: cmd.currency,
            multiplier: drawn.multiplier,
            payout: drawn.payout,
            time: at,
            highRoller: isHighRoller(cmd.amount, cmd.currency),
          })
          return {
            type: 'ok',
            v: INSTANT_PROTOCOL_VERSION,
            betId: id,
            outcome: drawn.outcome,
            multiplier: drawn.multiplier,
            payout: drawn.payout,
            balance: moved.balances.real as Minor,
            nonce: pair.nonce,
            serverSeedHash: pair.serverSeedHash,
          }
        } catch (err) {
          if (err instanceof LedgerError && err.code === 'balance_not_enough') {
            return instantRefusal('balance_not_enough')
          }
          if (err instanceof LedgerError && err.code === 'nonce_stale') {
            // Another process bet or rotated for this player: read the pair again and redraw.
            seeds.forget(user.userId)
            if (attempt < NONCE_ATTEMPTS) continue
          }
          log.error({ err, game: game.id }, `[instant] ${game.id} bet failed`)
          return instantRefusal('internal')
        }
      }
    })
  }

  /** The refusal of a bet before any draw, or null when it may be drawn. */
  private check<P, O>(
    game: InstantGame<P, O>,
    user: Player,
    cmd: InstantBetCommand<P>,
  ): InstantErrorCode | null {
    if (cmd.currency !== user.currency) return 'bad_request'
    if (amountRefusal(game, cmd) !== null) return 'limits'
    if (game.rules.refusal(cmd.params, cmd.amount) !== null) return 'bad_request'
    if (game.rules.maxPayout(cmd.params, cmd.amount) > MAX_BET_PAYOUT[cmd.currency]) {
      return 'max_payout'
    }
    return null
  }

  /** The ack of the bet a key placed first (a retry after the first answer was lost). */
  private async firstAnswer<P, O>(
    game: InstantGame<P, O>,
    user: Player,
    cmd: InstantBetCommand<P>,
    betId: string,
  ): Promise<InstantBetAck<O>> {
    const first = await betById(this.options.db, betId)
    if (!first || first.user_id !== user.userId || first.game !== game.id) {
      this.options.log.error({ betId, key: cmd.key }, '[instant] replayed bet not found')
      return instantRefusal('internal')
    }
    return ackOf(first) as InstantBetAck<O>
  }
}
