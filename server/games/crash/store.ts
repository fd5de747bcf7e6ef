/**
 * SQL of the crash game (tables in migration 010_crash.sql). Money never moves here: that is the
 * Ledger's job; these rows record what the game decided so history and a restart can be rebuilt.
 */
import type { Minor } from '../../../games/engine/money'
import type { Queryable } from '../../db/db'
import type { BetStore, BetUpdate, StoredStatus } from '../kit/bets'
import type { Bet, CrashDecided, CrashOutcome } from './bet'
import type { ChainId } from './chainStore'

/** A round row. */
export interface RoundRow {
  game: number
  phase: 'betting' | 'running' | 'crashed' | 'aborted'
  betting_ends_at: number
  started_at: number | null
  ended_at: number | null
  crash_point: number | null
  round_hash: string | null
}

/** A bet row. */
export interface BetRecord {
  id: string
  game: number
  user_id: number
  client_key: string
  player: string
  amount: number
  currency: string
  auto_cashout_at: number | null
  status: StoredStatus<CrashDecided>
  hold_id: number | null
  cashout_at: number | null
  win: number | null
  ack: unknown
}

const BET_COLUMNS =
  'id, game, user_id, client_key, player, amount, currency, auto_cashout_at, status, hold_id, cashout_at, win, ack'
const ROUND_COLUMNS = 'game, phase, betting_ends_at, started_at, ended_at, crash_point, round_hash'

/** The crash game's queries over one chain. */
export class CrashStore implements BetStore<Bet, CrashDecided, CrashOutcome> {
  constructor(
    private readonly db: Queryable,
    private readonly chainId: ChainId,
  ) {}

  /** The highest game of the chain that has a row, or null before the first round. */
  async latestRound(): Promise<RoundRow | null> {
    const rows = await this.db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM crash_rounds WHERE chain_id = $1 ORDER BY game DESC LIMIT 1`,
      [this.chainId],
    )
    return rows[0] ?? null
  }

  /** The round of `game`, if it has a row. */
  async roundAt(game: number): Promise<RoundRow | null> {
    const rows = await this.db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM crash_rounds WHERE chain_id = $1 AND game = $2`,
      [this.chainId, game],
    )
    return rows[0] ?? null
  }

  /** Rounds in `phase`. */
  roundsIn(phase: RoundRow['phase']): Promise<RoundRow[]> {
    return this.db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM crash_rounds WHERE chain_id = $1 AND phase = $2 ORDER BY game`,
      [this.chainId, phase],
    )
  }

  /** The last `n` ended rounds, newest first. */
  history(n: number): Promise<RoundRow[]> {
    return this.db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM crash_rounds
       WHERE chain_id = $1 AND phase IN ('crashed', 'aborted') ORDER BY game DESC LIMIT $2`,
      [this.chainId, n],
    )
  }

  /** Opens (or, after a restart during betting, reopens) a round for bets. */
  async openRound(game: number, bettingEndsAt: number): Promise<void> {
    await this.db.query(
      `INSERT INTO crash_rounds (chain_id, game, phase, betting_ends_at) VALUES ($1, $2, 'betting', $3)
       ON CONFLICT (chain_id, game) DO UPDATE SET betting_ends_at = EXCLUDED.betting_ends_at
       WHERE crash_rounds.phase = 'betting'`,
      [this.chainId, game, bettingEndsAt],
    )
  }

  async startRound(game: number, startedAt: number): Promise<void> {
    await this.db.query(
      `UPDATE crash_rounds SET phase = 'running', started_at = $3
       WHERE chain_id = $1 AND game = $2 AND phase = 'betting'`,
      [this.chainId, game, startedAt],
    )
  }

  /** Ends a round, revealing its crash point and hash. */
  async endRound(
    game: number,
    phase: 'crashed' | 'aborted',
    endedAt: number,
    crashPoint: number,
    roundHash: string,
  ): Promise<void> {
    await this.db.query(
      `UPDATE crash_rounds SET phase = $3, ended_at = $4, crash_point = $5, round_hash = $6
       WHERE chain_id = $1 AND game = $2`,
      [this.chainId, game, phase, endedAt, crashPoint, roundHash],
    )
  }

  /**
   * Writes a new bet in `holding`; false when the player already used its key (a retry: read
   * the first bet with {@link betByKey}). Throws a unique violation on `crash_bets_one_per_round`
   * when another bet of theirs stands in that round.
   */
  async insertBet(bet: Bet, createdAt: number): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO crash_bets
         (id, chain_id, game, user_id, client_key, player, amount, currency, auto_cashout_at, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'holding', $10)
       ON CONFLICT ON CONSTRAINT crash_bets_client_key DO NOTHING RETURNING id`,
      [
        bet.id,
        this.chainId,
        bet.round,
        bet.userId,
        bet.clientKey,
        bet.player,
        bet.amount,
        bet.currency,
        bet.autoCashoutAt,
        createdAt,
      ],
    )
    return rows.length > 0
  }

  async betByKey(userId: number, clientKey: string): Promise<BetRecord | null> {
    const rows = await this.db.query<BetRecord>(
      `SELECT ${BET_COLUMNS} FROM crash_bets WHERE user_id = $1 AND client_key = $2`,
      [userId, clientKey],
    )
    return rows[0] ?? null
  }

  async betById(id: string): Promise<BetRecord | null> {
    const rows = await this.db.query<BetRecord>(
      `SELECT ${BET_COLUMNS} FROM crash_bets WHERE id = $1`,
      [id],
    )
    return rows[0] ?? null
  }

  /** Bets of this chain whose money is not settled yet, oldest first. */
  openBets(): Promise<BetRecord[]> {
    return this.db.query<BetRecord>(
      `SELECT ${BET_COLUMNS} FROM crash_bets
       WHERE chain_id = $1 AND status IN ('holding', 'active') ORDER BY id`,
      [this.chainId],
    )
  }

  /** Updates the given columns of a bet. */
  async updateBet(
    id: string,
    fields: BetUpdate<CrashDecided> & Partial<CrashOutcome>,
  ): Promise<void> {
    const entries = Object.entries(fields)
    if (entries.length === 0) return
    // JSONB goes in as text and is cast, the same way on PGlite and on node-postgres.
    const sets = entries.map(
      ([column], i) => `${column} = $${i + 2}${column === 'ack' ? '::text::jsonb' : ''}`,
    )
    const values = entries.map(([column, value]) =>
      column === 'ack' ? JSON.stringify(value) : value,
    )
    await this.db.query(`UPDATE crash_bets SET ${sets.join(', ')} WHERE id = $1`, [id, ...values])
  }

  /** Records a cash-out and its win on the bet, before the ledger pays it. */
  recordOutcome(id: string, outcome: CrashOutcome, win: Minor): Promise<void> {
    return this.updateBet(id, { cashout_at: outcome.cashout_at, win })
  }
}

/** A round that has ended, with the public facts of its chain: everything its proof needs. */
export interface RevealedRound {
  game: number
  ended_at: number
  crash_point: number
  round_hash: string
  salt: string
  terminating_hash: string
}

/**
 * Game `game` of the chain being played (the newest, as the loop plays it) if it has ended
 * (`crashed`, or `aborted` by a restart: both reveal their hash, see 010_crash.sql); null for a
 * game that is unknown, running or still to come, whose hash must stay secret.
 */
export async function revealedRound(db: Queryable, game: number): Promise<RevealedRound | null> {
  const rows = await db.query<RevealedRound>(
    `SELECT r.game, r.ended_at, r.crash_point, r.round_hash, c.salt, c.terminating_hash
     FROM crash_rounds r JOIN crash_chains c ON c.id = r.chain_id
     WHERE r.chain_id = (SELECT id FROM crash_chains ORDER BY id DESC LIMIT 1)
       AND r.game = $1 AND r.phase IN ('crashed', 'aborted')
       AND r.round_hash IS NOT NULL AND r.crash_point IS NOT NULL AND r.ended_at IS NOT NULL`,
    [game],
  )
  return rows[0] ?? null
}
