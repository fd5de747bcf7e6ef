import type {
  Currency,
  WalletAuthenticateAnswer,
  WalletAuthenticateRequest,
  WalletBalanceAnswer,
  WalletBalanceRequest,
  WalletCreditRequest,
  WalletDebitRequest,
  WalletMoveAnswer,
  WalletRollbackRequest,
} from '../../contract'
import type { Db } from '../db/db'
import { requestHash } from '../ledger/postings'
import { withRetry } from '../ledger/retry'
import { WalletError, walletRefusalOf } from './errors'
import { launchTokenHash } from './launch'

type MoveKind = 'debit' | 'credit' | 'rollback'

/** The ledger balance column read beside a player's row (real money; bonus rules come later). */
const REAL_BALANCE = `COALESCE((SELECT balance FROM ledger_accounts a
  WHERE a.kind = 'user_real' AND a.user_id = u.id AND a.currency = u.currency), 0)`

/**
 * The seamless wallet's calls over the database. Every money call is ONE `wallet_call` (migration
 * 032) in a SERIALIZABLE transaction, retried on conflict: it claims the provider's transaction id,
 * checks the call against its owner, moves the money on the ledger and stores its answer, or
 * refuses (a {@link WalletError}) having written nothing. Those rules live in the database, so
 * they hold across processes; this class only adds one thing, an order per player (below).
 */
export class Wallet {
  /**
   * Calls of one player wait for each other in this process. Correctness never depends on it:
   * concurrent calls of one player all write that player's balance row, which SERIALIZABLE lets
   * only one of them commit at a time, so fifty at once would mostly fail and retry; in a queue
   * they run one after another instead. Across processes the retries still do the job.
   */
  private readonly queues = new Map<string, Promise<void>>()

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Who a launch token plays for: the player, their currency and balance, and the game. */
  async authenticate(
    providerId: string,
    req: WalletAuthenticateRequest,
  ): Promise<WalletAuthenticateAnswer> {
    const rows = await this.db.query<{
      user_id: number
      currency: Currency
      game_id: string
      expires_at: Date | string
      balance: number
    }>(
      `SELECT s.user_id, s.currency, s.game_id, s.expires_at, ${REAL_BALANCE} AS balance
       FROM wallet_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.provider_id = $2`,
      [launchTokenHash(req.token), providerId],
    )
    const launch = rows[0]
    // Another provider's token is as unknown here as a made-up one.
    if (!launch) throw new WalletError('INVALID_TOKEN', 'no launch token of this provider')
    if (new Date(launch.expires_at).getTime() <= this.now().getTime()) {
      throw new WalletError('TOKEN_EXPIRED', 'the launch token has expired')
    }
    return {
      status: 'OK',
      playerId: String(launch.user_id),
      currency: launch.currency,
      balance: launch.balance,
      gameId: launch.game_id,
    } as WalletAuthenticateAnswer
  }

  /** A player's balance in their currency. */
  async balance(_providerId: string, req: WalletBalanceRequest): Promise<WalletBalanceAnswer> {
    const rows = await this.db.query<{ currency: Currency; balance: number }>(
      `SELECT u.currency, ${REAL_BALANCE} AS balance FROM users u WHERE u.id = $1::bigint`,
      [req.playerId],
    )
    const player = rows[0]
    if (!player) throw new WalletError('UNKNOWN_PLAYER', `no player ${req.playerId}`)
    if (player.currency !== req.currency) {
      throw new WalletError('CURRENCY_MISMATCH', `player ${req.playerId} plays in another currency`)
    }
    return {
      status: 'OK',
      playerId: req.playerId,
      currency: player.currency,
      balance: player.balance,
    } as WalletBalanceAnswer
  }

  /** A stake: the player's money to the house, under a live launch token of this provider. */
  debit(providerId: string, req: WalletDebitRequest): Promise<WalletMoveAnswer> {
    const { token, ...fields } = req
    // The token proves the player is playing now; it is not part of what the debit is, so a
    // retry under a refreshed token is still the same debit.
    return this.move(providerId, 'debit', fields, { ...fields, tokenHash: launchTokenHash(token) })
  }

  /** A win paid into a round this player staked in with this provider (0 closes a lost round). */
  credit(providerId: string, req: WalletCreditRequest): Promise<WalletMoveAnswer> {
    return this.move(providerId, 'credit', req, req)
  }

  /** Cancels a debit: its stake comes back once; a debit still to arrive is refused for good. */
  rollback(providerId: string, req: WalletRollbackRequest): Promise<WalletMoveAnswer> {
    return this.move(providerId, 'rollback', req, req)
  }

  private move(
    providerId: string,
    kind: MoveKind,
    fields: Record<string, unknown>,
    call: Record<string, unknown>,
  ): Promise<WalletMoveAnswer> {
    const hash = requestHash({ kind, ...fields })
    const args = [providerId, kind, hash, JSON.stringify(call)] as const
    return this.inOrder(String(fields.playerId), () =>
      withRetry(async () => {
        try {
          const rows = await this.db.callSerializable<{ answer: WalletMoveAnswer }>('wallet_call', [
            ...args,
            this.now().toISOString(),
          ])
          const row = rows[0]
          if (!row) throw new Error('[wallet] wallet_call returned no row')
          return row.answer
        } catch (err) {
          throw walletRefusalOf(err) ?? err
        }
      }),
    )
  }

  /** Runs `task` after every earlier task of `key` in this process has settled. */
  private inOrder<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.queues.get(key) ?? Promise.resolve()
    const result = before.then(task)
    const settled = result.then(
      () => {},
      () => {},
    )
    this.queues.set(key, settled)
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key)
    })
    return result
  }
}
