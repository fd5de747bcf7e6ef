import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  walletAuthenticateAnswer,
  walletErrorAnswer,
  walletMoveAnswer,
  type Currency,
  type WalletErrorCode,
} from '../../contract'
import { SANDBOX_WALLET_PROVIDER } from '../../server/config'
import type { Db } from '../../server/db/db'
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  Wallet,
  WalletError,
  createLaunchToken,
  walletSignature,
} from '../../server/wallet'
import { launchTokenHash } from '../../server/wallet/launch'
import { testDrivers } from './support/drivers'
import { checkInvariants } from './support/ledgerInvariants'
import { openTestApp, type TestApp } from './support/harness'

const SANDBOX = SANDBOX_WALLET_PROVIDER
/** A second provider, to prove one provider's ids and tokens mean nothing to another. */
const ACME = { id: 'acme', secret: 'acme-wallet-secret-0123456789' }

/**
 * The seamless wallet (server/wallet, docs/providers.md) on each database driver: signatures,
 * launch tokens, idempotent debits, credits and rollbacks, no overdraft under fifty parallel
 * debits, and a ledger that still sums to zero.
 */
describe.each(testDrivers())('seamless wallet on $name', (driver) => {
  let db: Db
  let t: TestApp
  let close: (() => Promise<void>) | undefined
  let seq = 0

  beforeAll(async () => {
    const opened = await openTestApp(driver, {
      WALLET_PROVIDERS: JSON.stringify({ [ACME.id]: { secret: ACME.secret, name: 'Acme' } }),
    })
    ;({ db, t, close } = opened)
  }, 120_000)
  afterAll(async () => {
    await close?.()
  })

  /** A fresh id for a transaction or a round, unique in this run. */
  const id = (what: string) => `${what}-${driver.name}-${++seq}`

  /** Sends `body` to the wallet as `provider` would, signed with `secret` (its own by default). */
  const send = (
    path: string,
    body: unknown,
    opts: { provider?: string; secret?: string; timestamp?: number; headers?: object } = {},
  ): Promise<LightMyRequestResponse> => {
    const provider = opts.provider ?? SANDBOX.id
    const secret = opts.secret ?? (provider === ACME.id ? ACME.secret : SANDBOX.secret)
    const raw = JSON.stringify(body)
    const timestamp = String(opts.timestamp ?? Math.floor(t.clock.now().getTime() / 1000))
    return t.call('POST', `/api/wallet/${provider}/${path}`, {
      raw,
      headers: {
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: walletSignature(secret, timestamp, raw),
        ...opts.headers,
      },
    })
  }

  const ok = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200)
    return walletMoveAnswer.parse(res.json())
  }
  const refused = (res: LightMyRequestResponse, code: WalletErrorCode, status: number) => {
    expect(res.statusCode, res.body).toBe(status)
    expect(walletErrorAnswer.parse(res.json()).code).toBe(code)
  }

  /** A player with `deposit` on their real account and a launch token of `provider`. */
  const player = async (deposit: number, currency: Currency = 'RUB', provider = SANDBOX.id) => {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (email, register_method, currency) VALUES ($1, 'email', $2) RETURNING id`,
      [`wallet-${crypto.randomUUID()}@test`, currency],
    )
    const userId = rows[0]!.id
    if (deposit > 0) {
      await t.services.ledger.deposit({ userId, currency, amount: deposit, key: `dep-${userId}` })
    }
    const launch = await createLaunchToken(db, {
      providerId: provider,
      userId,
      gameId: 'slot-1',
      now: t.clock.now(),
      ttlS: 3600,
    })
    return { userId, playerId: String(userId), currency, token: launch.token }
  }
  type Player = Awaited<ReturnType<typeof player>>

  const balance = async (p: Player) => (await t.services.ledger.balances(p.userId, p.currency)).real
  const walletRows = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet_transactions'))[0]!.n

  const debit = (p: Player, amount: number, over: Record<string, unknown> = {}) => ({
    token: p.token,
    playerId: p.playerId,
    currency: p.currency,
    gameId: 'slot-1',
    roundId: id('round'),
    transactionId: id('debit'),
    amount,
    ...over,
  })

  it('writes the configured providers, the sandbox one among them', async () => {
    const rows = await db.query<{ id: string; enabled: boolean }>(
      'SELECT id, enabled FROM wallet_providers ORDER BY id',
    )
    expect(rows).toEqual([
      { id: ACME.id, enabled: true },
      { id: SANDBOX.id, enabled: true },
    ])
  })

  it('creates launch tokens in the player currency, storing only their hash', async () => {
    const p = await player(0, 'USD')
    const stored = await db.query<{ user_id: number; currency: string; token_hash: string }>(
      'SELECT user_id, currency, token_hash FROM wallet_sessions WHERE user_id = $1',
      [p.userId],
    )
    expect(stored).toEqual([
      { user_id: p.userId, currency: 'USD', token_hash: launchTokenHash(p.token) },
    ])
    expect(p.token).toMatch(/^wl_[A-Za-z0-9_-]{43}$/)
  })

  it('authenticates a launch token of its own provider only, until it expires', async () => {
    const p = await player(1234)
    const res = await send('authenticate', { token: p.token })
    expect(res.statusCode, res.body).toBe(200)
    expect(walletAuthenticateAnswer.parse(res.json())).toEqual({
      status: 'OK',
      playerId: p.playerId,
      currency: 'RUB',
      balance: 1234,
      gameId: 'slot-1',
    })
    refused(
      await send('authenticate', { token: p.token }, { provider: ACME.id }),
      'INVALID_TOKEN',
      403,
    )
    refused(await send('authenticate', { token: 'wl_' + 'x'.repeat(43) }), 'INVALID_TOKEN', 403)
    t.clock.advance(3601_000)
    try {
      refused(await send('authenticate', { token: p.token }), 'TOKEN_EXPIRED', 403)
      refused(await send('debit', debit(p, 10)), 'TOKEN_EXPIRED', 403)
    } finally {
      t.clock.advance(-3601_000)
    }
    expect(await balance(p)).toBe(1234)
  })

  it('answers the balance, checking the currency against the player', async () => {
    const p = await player(500)
    const res = await send('balance', { playerId: p.playerId, currency: 'RUB' })
    expect(res.json()).toEqual({
      status: 'OK',
      playerId: p.playerId,
      currency: 'RUB',
      balance: 500,
    })
    refused(
      await send('balance', { playerId: p.playerId, currency: 'USD' }),
      'CURRENCY_MISMATCH',
      409,
    )
    refused(
      await send('balance', { playerId: '999999999', currency: 'RUB' }),
      'UNKNOWN_PLAYER',
      404,
    )
  })

  it('refuses bad signatures, stale timestamps and unknown providers, changing nothing', async () => {
    const p = await player(1000)
    const body = debit(p, 100)
    const rowsBefore = await walletRows()
    refused(
      await send('debit', body, { secret: 'not-the-secret-at-all' }),
      'INVALID_SIGNATURE',
      401,
    )
    // Another provider's valid signature is not this provider's.
    refused(await send('debit', body, { secret: ACME.secret }), 'INVALID_SIGNATURE', 401)
    refused(
      await send('debit', body, { headers: { [SIGNATURE_HEADER]: '0'.repeat(64) } }),
      'INVALID_SIGNATURE',
      401,
    )
    const raw = JSON.stringify(body)
    const unsigned = await t.call('POST', `/api/wallet/${SANDBOX.id}/debit`, { raw })
    refused(unsigned, 'INVALID_SIGNATURE', 401)
    // Signed, then changed on the way: the amount grows by one digit.
    const now = String(Math.floor(t.clock.now().getTime() / 1000))
    const tampered = await t.call('POST', `/api/wallet/${SANDBOX.id}/debit`, {
      raw: raw.replace('"amount":100', '"amount":1000'),
      headers: {
        [TIMESTAMP_HEADER]: now,
        [SIGNATURE_HEADER]: walletSignature(SANDBOX.secret, now, raw),
      },
    })
    refused(tampered, 'INVALID_SIGNATURE', 401)
    const stale = Math.floor(t.clock.now().getTime() / 1000) - 301
    refused(await send('debit', body, { timestamp: stale }), 'REQUEST_EXPIRED', 401)
    refused(await send('debit', body, { provider: 'nobody' }), 'UNKNOWN_PROVIDER', 404)
    expect(await walletRows()).toBe(rowsBefore)
    expect(await balance(p)).toBe(1000)
    // The same call, rightly signed, goes through.
    expect(ok(await send('debit', body)).balance).toBe(900)
  })

  it('refuses a malformed body after its signature', async () => {
    const p = await player(100)
    refused(await send('debit', { ...debit(p, 10), amount: -5 }), 'INVALID_REQUEST', 400)
    refused(await send('debit', { ...debit(p, 10), amount: 1.5 }), 'INVALID_REQUEST', 400)
    refused(await send('credit', { ...debit(p, 10), extra: 1 }), 'INVALID_REQUEST', 400)
    expect(await balance(p)).toBe(100)
  })

  it('applies a replayed debit once and answers it byte for byte', async () => {
    const p = await player(1000)
    const body = debit(p, 250)
    const first = await send('debit', body)
    expect(ok(first)).toMatchObject({ playerId: p.playerId, currency: 'RUB', balance: 750 })
    const again = await send('debit', body)
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
    expect(await balance(p)).toBe(750)
    const ledgerRows = await db.query(
      'SELECT id FROM ledger_transactions WHERE idempotency_key = $1',
      [`wallet:${SANDBOX.id}:${body.transactionId}`],
    )
    expect(ledgerRows).toHaveLength(1)
  })

  it('refuses a transaction id replayed with another amount, player or kind', async () => {
    const p = await player(1000)
    const q = await player(1000)
    const body = debit(p, 100)
    ok(await send('debit', body))
    refused(await send('debit', { ...body, amount: 101 }), 'TX_MISMATCH', 409)
    refused(
      await send('debit', { ...body, token: q.token, playerId: q.playerId }),
      'TX_MISMATCH',
      409,
    )
    const asCredit = { playerId: p.playerId, currency: 'RUB', roundId: body.roundId, amount: 100 }
    refused(
      await send('credit', { ...asCredit, transactionId: body.transactionId }),
      'TX_MISMATCH',
      409,
    )
    expect(await balance(p)).toBe(900)
    expect(await balance(q)).toBe(1000)
  })

  it('refuses a debit under another player, game or provider token, or another currency', async () => {
    const p = await player(1000)
    const q = await player(1000)
    refused(await send('debit', debit(p, 10, { playerId: q.playerId })), 'PLAYER_MISMATCH', 403)
    refused(await send('debit', debit(p, 10, { gameId: 'slot-2' })), 'PLAYER_MISMATCH', 403)
    refused(await send('debit', debit(p, 10), { provider: ACME.id }), 'INVALID_TOKEN', 403)
    refused(await send('debit', debit(p, 10, { currency: 'USD' })), 'CURRENCY_MISMATCH', 409)
    expect(await balance(p)).toBe(1000)
    expect(await balance(q)).toBe(1000)
  })

  it('refuses a debit past the balance with INSUFFICIENT_FUNDS, moving nothing', async () => {
    const p = await player(100)
    const rowsBefore = await walletRows()
    refused(await send('debit', debit(p, 101)), 'INSUFFICIENT_FUNDS', 409)
    expect(await walletRows()).toBe(rowsBefore)
    expect(ok(await send('debit', debit(p, 100))).balance).toBe(0)
  })

  it('applies a replayed credit once, and pays only into a round with a debit', async () => {
    const p = await player(1000)
    const q = await player(1000)
    const stake = debit(p, 100)
    ok(await send('debit', stake))
    const win = {
      playerId: p.playerId,
      currency: 'RUB',
      roundId: stake.roundId,
      transactionId: id('credit'),
      amount: 350,
    }
    const first = await send('credit', win)
    expect(ok(first).balance).toBe(1250)
    const again = await send('credit', win)
    expect(again.body).toBe(first.body)
    expect(await balance(p)).toBe(1250)
    // A lost round closes with a zero credit, which moves nothing.
    const zero = { ...win, transactionId: id('credit'), amount: 0 }
    expect(ok(await send('credit', zero)).balance).toBe(1250)

    const unknown = { ...win, roundId: id('round'), transactionId: id('credit') }
    refused(await send('credit', unknown), 'UNKNOWN_ROUND', 409)
    // Someone else's round, or this round with another provider, is as unknown.
    const theirs = { ...win, playerId: q.playerId, transactionId: id('credit') }
    refused(await send('credit', theirs), 'UNKNOWN_ROUND', 409)
    refused(
      await send('credit', { ...win, transactionId: id('credit') }, { provider: ACME.id }),
      'UNKNOWN_ROUND',
      409,
    )
    expect(await balance(p)).toBe(1250)
    expect(await balance(q)).toBe(1000)
  })

  it('returns a rolled-back debit once; a second rollback replays or moves nothing', async () => {
    const p = await player(1000)
    const stake = debit(p, 300)
    ok(await send('debit', stake))
    const rollback = {
      playerId: p.playerId,
      currency: 'RUB',
      roundId: stake.roundId,
      transactionId: id('rollback'),
      referenceTransactionId: stake.transactionId,
    }
    const first = await send('rollback', rollback)
    expect(ok(first).balance).toBe(1000)
    expect((await send('rollback', rollback)).body).toBe(first.body)
    // Another rollback id for the same debit: answered, nothing more comes back.
    expect(ok(await send('rollback', { ...rollback, transactionId: id('rollback') })).balance).toBe(
      1000,
    )
    // The debit replayed answers its first result and takes nothing again.
    expect(ok(await send('debit', stake)).balance).toBe(700)
    expect(await balance(p)).toBe(1000)
    // A round whose only debit was rolled back pays no win.
    const win = { playerId: p.playerId, currency: 'RUB', roundId: stake.roundId, amount: 5 }
    refused(await send('credit', { ...win, transactionId: id('credit') }), 'UNKNOWN_ROUND', 409)
    // Only debits roll back, and only by their own player.
    const q = await player(1000)
    refused(
      await send('rollback', {
        ...rollback,
        transactionId: id('rollback'),
        referenceTransactionId: rollback.transactionId,
      }),
      'INVALID_ROLLBACK',
      409,
    )
    refused(
      await send('rollback', { ...rollback, playerId: q.playerId, transactionId: id('rollback') }),
      'PLAYER_MISMATCH',
      403,
    )
  })

  it('refuses for good a debit whose rollback arrived first', async () => {
    const p = await player(1000)
    const stake = debit(p, 400)
    const rollback = {
      playerId: p.playerId,
      currency: 'RUB',
      roundId: stake.roundId,
      transactionId: id('rollback'),
      referenceTransactionId: stake.transactionId,
    }
    expect(ok(await send('rollback', rollback)).balance).toBe(1000)
    refused(await send('debit', stake), 'TX_ROLLED_BACK', 409)
    refused(await send('debit', stake), 'TX_ROLLED_BACK', 409)
    // A second rollback of the same missing debit is answered and changes nothing.
    expect(ok(await send('rollback', { ...rollback, transactionId: id('rollback') })).balance).toBe(
      1000,
    )
    expect(await balance(p)).toBe(1000)
    const marker = await db.query<{ kind: string; status: string }>(
      `SELECT kind, status FROM wallet_transactions WHERE provider_id = $1 AND provider_tx_id = $2`,
      [SANDBOX.id, stake.transactionId],
    )
    expect(marker).toEqual([{ kind: 'debit', status: 'cancelled' }])
  })

  it('never overdraws under 50 parallel debits, from two wallets over one database', async () => {
    const p = await player(1000)
    // A second Wallet is another process's: its calls are not queued behind this app's, so the
    // two meet only in the database.
    const other = new Wallet(db, t.clock.now)
    const bodies = Array.from({ length: 50 }, () => debit(p, 30))
    const results = await Promise.all(
      bodies.map(async (body, i) => {
        if (i % 2 === 0) {
          const res = await send('debit', body)
          return res.statusCode === 200 ? 'ok' : walletErrorAnswer.parse(res.json()).code
        }
        try {
          await other.debit(SANDBOX.id, body as Parameters<Wallet['debit']>[1])
          return 'ok'
        } catch (err) {
          if (err instanceof WalletError) return err.code
          throw err
        }
      }),
    )
    // 1000 / 30: 33 stakes fit, the other 17 are refused, whatever the order.
    expect(results.filter((r) => r === 'ok')).toHaveLength(33)
    expect(results.filter((r) => r === 'INSUFFICIENT_FUNDS')).toHaveLength(17)
    expect(await balance(p)).toBe(10)
  }, 60_000)

  it('leaves a ledger that sums to zero, with no negative player account', async () => {
    await checkInvariants(db)
    const moved = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE kind LIKE 'wallet_%'`,
    )
    expect(moved[0]!.n).toBeGreaterThan(40)
  })
})
