import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/db'
import { Ledger } from '../../server/ledger/ledger'
import { LedgerError } from '../../server/ledger/errors'
import { testDrivers } from './support/drivers'
import {
  checkInvariants,
  ledgerOp,
  newUsers,
  type LedgerOp as Op,
} from './support/ledgerInvariants'

/**
 * Group commit (migration 011, server/ledger/groupCommit.ts): movements submitted together go to
 * the database as ONE transaction. These properties pin down that a batch means exactly what its
 * movements would mean run one by one, in order, each in a transaction of its own.
 */

const opArb = ledgerOp(2, 60)

/** What a call answered, without the ids (which differ between the two worlds compared). */
type Seen = { ok: true; result: Record<string, unknown> } | { ok: false; code: string }

async function outcome(call: () => Promise<unknown>): Promise<Seen> {
  try {
    return { ok: true, result: (await call()) as Record<string, unknown> }
  } catch (err) {
    if (!(err instanceof LedgerError)) throw err
    return { ok: false, code: err.code }
  }
}

const withoutIds = (s: Seen) => {
  if (!s.ok) return s
  const { transactionId: _t, holdId: _h, ...rest } = s.result
  return { ok: true, result: rest }
}

/**
 * One world of the comparison: its own players, its own ledger, the holds it opened in order and
 * the calls it issued (key and call), so replays and misuses can repeat them.
 */
interface World {
  ledger: Ledger
  users: number[]
  holds: number[]
  issued: Call[]
  /** First outcome of each key's original call, when it succeeded. */
  first: Map<string, Seen>
  /** Keys some call succeeded with: each must have exactly one ledger transaction. */
  stored: Set<string>
}

/** A call as issued: the key it uses, the call, and the same key with other parameters. */
interface Call {
  key: string
  call: () => Promise<unknown>
  misuse: () => Promise<unknown>
  /** For a replay or misuse, the call it repeats. */
  of?: Call
}

/**
 * Builds the call `op` makes in `world` under `key` and records it as issued (so later calls, in
 * this batch too, can repeat it); undefined when it has nothing to repeat yet.
 */
function plan(world: World, op: Op, key: string): Call | undefined {
  const { ledger } = world
  const holdAt = (i: number) => world.holds[i % Math.max(1, world.holds.length)] ?? -1
  let call: Call
  switch (op.type) {
    case 'deposit': {
      const p = { userId: world.users[op.user]!, currency: 'RUB' as const, amount: op.amount, key }
      call = {
        key,
        call: () => ledger.deposit(p),
        misuse: () => ledger.deposit({ ...p, amount: p.amount + 1 }),
      }
      break
    }
    case 'hold': {
      const p = {
        userId: world.users[op.user]!,
        currency: 'RUB' as const,
        amount: op.amount,
        key,
        reference: 'batch-prop',
      }
      call = {
        key,
        call: () => ledger.hold(p),
        misuse: () => ledger.hold({ ...p, amount: p.amount + 1 }),
      }
      break
    }
    case 'settle': {
      const holdId = holdAt(op.hold)
      call = {
        key,
        call: () => ledger.settle({ holdId, payout: op.payout, key }),
        misuse: () => ledger.settle({ holdId, payout: op.payout + 1, key }),
      }
      break
    }
    case 'refund': {
      const holdId = holdAt(op.hold)
      call = {
        key,
        call: () => ledger.refund({ holdId, key }),
        misuse: () => ledger.refund({ holdId: holdId + 1, key }),
      }
      break
    }
    case 'replay':
    case 'misuse': {
      const prior = world.issued[op.of % Math.max(1, world.issued.length)]
      if (!prior) return undefined
      const again = op.type === 'replay' ? prior.call : prior.misuse
      return { key: prior.key, call: again, misuse: again, of: prior }
    }
    default:
      throw new Error(`unknown op ${JSON.stringify(op satisfies never)}`)
  }
  world.issued.push(call)
  return call
}

describe.each(testDrivers())('ledger group commit on $name', (driver) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await driver.open())
  }, 60_000)
  afterAll(async () => close?.())

  it('a batch is its movements run one by one: refusals refuse only themselves, keys replay the first result', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 12 }), { maxLength: 5 }),
        async (rounds) => {
          const run = crypto.randomUUID()
          const world = async (groupCommit: boolean): Promise<World> => ({
            ledger: new Ledger(db, { groupCommit }),
            users: await newUsers(db, 2),
            holds: [],
            issued: [],
            first: new Map(),
            stored: new Set(),
          })
          // `batched` submits each round at once (one batch); `alone` runs it call by call,
          // one transaction each, in the same order: the meaning a batch must keep.
          const batched = await world(true)
          const alone = await world(false)
          let n = 0
          for (const round of rounds) {
            // Planned in order, so a replay may repeat a call of this very batch.
            const planned = round.flatMap((op) => {
              const key = `${run}:${n++}`
              const b = plan(batched, op, `b:${key}`)
              const a = plan(alone, op, `a:${key}`)
              return b && a ? [{ op, b, a }] : []
            })
            const before = batched.ledger.batchStats().batches
            // All submitted in this same turn of the event loop: they form one batch.
            const seenBatched = await Promise.all(planned.map((p) => outcome(p.b.call)))
            if (planned.length > 0) expect(batched.ledger.batchStats().batches - before).toBe(1)
            for (const [i, p] of planned.entries()) {
              const seenAlone = await outcome(p.a.call)
              const seen = seenBatched[i]!
              expect(withoutIds(seen), `${p.op.type} #${i}`).toEqual(withoutIds(seenAlone))
              // A replay, in this batch or a later one, answers exactly the first result (ids
              // too); the same key with other parameters is refused.
              const first = p.b.of && batched.first.get(p.b.key)
              if (first && p.op.type === 'replay') expect(seen).toEqual(first)
              if (first && p.op.type === 'misuse') {
                expect(seen).toEqual({ ok: false, code: 'idempotency_key_reused' })
              }
              for (const [w, c, s] of [
                [batched, p.b, seen],
                [alone, p.a, seenAlone],
              ] as const) {
                if (!s.ok) continue
                w.stored.add(c.key)
                if (c.of) continue
                w.first.set(c.key, s)
                if (p.op.type === 'hold') w.holds.push(s.result.holdId as number)
              }
            }
          }
          // Exactly once: one ledger transaction per key that succeeded, none for a refusal.
          for (const [prefix, w] of [
            ['b', batched],
            ['a', alone],
          ] as const) {
            const [row] = await db.query<{ n: number }>(
              `SELECT COUNT(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1`,
              [`${prefix}:${run}:%`],
            )
            expect(row!.n).toBe(w.stored.size)
          }
          for (const [u, userId] of batched.users.entries()) {
            expect(await batched.ledger.balances(userId, 'RUB')).toEqual(
              await alone.ledger.balances(alone.users[u]!, 'RUB'),
            )
          }
          await checkInvariants(db)
        },
      ),
      { numRuns: 20, seed: 20261123 },
    )
  }, 180_000)

  it('a refused movement inside a batch leaves the others applied exactly once', async () => {
    const ledger = new Ledger(db)
    const [user] = await newUsers(db, 1)
    const userId = user!
    const key = (k: string) => `refusal-in-batch:${userId}:${k}`
    await ledger.deposit({ userId, currency: 'RUB', amount: 100, key: key('dep') })
    const stake = (k: string, amount: number) =>
      ledger.hold({ userId, currency: 'RUB', amount, key: key(k), reference: 'r' })
    const before = ledger.batchStats().batches
    const [first, second, third, replay, misuse, unknownHold] = await Promise.allSettled([
      stake('a', 60),
      stake('b', 60), // 40 left after the first: refused, alone
      stake('c', 40),
      stake('a', 60), // the first hold's key again, in the same batch: its first result
      stake('a', 61), // the same key with another stake: refused
      ledger.settle({ holdId: -1, payout: 0, key: key('nothing') }),
    ])
    expect(ledger.batchStats().batches - before).toBe(1)
    expect(first.status).toBe('fulfilled')
    expect(third.status).toBe('fulfilled')
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'balance_not_enough' } })
    expect(misuse).toMatchObject({ status: 'rejected', reason: { code: 'idempotency_key_reused' } })
    expect(unknownHold).toMatchObject({ status: 'rejected', reason: { code: 'hold_not_found' } })
    expect(replay).toEqual(first)
    expect(await ledger.balances(userId, 'RUB')).toEqual({ real: 0, bonus: 0, held: 100 })
    const written = await db.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM ledger_transactions WHERE idempotency_key LIKE $1 ORDER BY id`,
      [key('%')],
    )
    expect(written.map((r) => r.idempotency_key)).toEqual([key('dep'), key('a'), key('c')])
    // The refused key was never stored: used again later, it is a fresh movement.
    await ledger.deposit({ userId, currency: 'RUB', amount: 60, key: key('dep2') })
    expect((await stake('b', 60)).balances).toEqual({ real: 0, bonus: 0, held: 160 })
    // And across batches, a replay still answers the first result.
    expect(await stake('a', 60)).toEqual((first as PromiseFulfilledResult<unknown>).value)
    await checkInvariants(db)
  })
})
