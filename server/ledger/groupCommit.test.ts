import { describe, expect, it } from 'vitest'
import { GroupCommit, MAX_BATCH, type BatchMove, type BatchRow } from './groupCommit'
import { LedgerError } from './errors'

const move = (k: string, f: BatchMove['f'] = 'hold'): BatchMove => ({ f, k, h: 'h', a: [1, 'RUB'] })

const ok = (ord: number, result: unknown): BatchRow => ({
  ord,
  replayed: false,
  result,
  error_state: null,
  error_constraint: null,
  error_message: null,
})

const failed = (ord: number, state: string, message: string, constraint?: string): BatchRow => ({
  ord,
  replayed: null,
  result: null,
  error_state: state,
  error_constraint: constraint ?? null,
  error_message: message,
})

/** A driver error as `pg` and PGlite throw it. */
const sqlError = (code: string) => Object.assign(new Error(`sql ${code}`), { code })

/** A fake database: records each batch it is given, answers with `answer`. */
function fakeDb(answer: (moves: readonly BatchMove[], call: number) => BatchRow[]) {
  const batches: string[][] = []
  const apply = (moves: readonly BatchMove[]) => {
    batches.push(moves.map((m) => m.k))
    return Promise.resolve().then(() => answer(moves, batches.length))
  }
  return { batches, apply }
}

const echo = (moves: readonly BatchMove[]) => moves.map((m, i) => ok(i + 1, { key: m.k }))

describe('GroupCommit', () => {
  it('sends movements submitted together as one batch, and those queued meanwhile as the next', async () => {
    const db = fakeDb(echo)
    const writer = new GroupCommit(db.apply, 1)
    const first = [writer.submit(move('a')), writer.submit(move('b')), writer.submit(move('c'))]
    // Submitted after the first batch left: they wait for it, then go together.
    const later = first[0]!.then(() =>
      Promise.all([writer.submit(move('d')), writer.submit(move('e'))]),
    )
    expect(await Promise.all(first)).toEqual([{ key: 'a' }, { key: 'b' }, { key: 'c' }])
    expect(await later).toEqual([{ key: 'd' }, { key: 'e' }])
    expect(db.batches).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ])
    expect(writer.stats).toEqual({ batches: 2, movements: 5 })
  })

  it('never puts more than the batch limit in one transaction', async () => {
    const db = fakeDb(echo)
    const writer = new GroupCommit(db.apply, 1)
    const keys = Array.from({ length: MAX_BATCH * 2 + 1 }, (_, i) => `k${i}`)
    await Promise.all(keys.map((k) => writer.submit(move(k))))
    expect(db.batches.map((b) => b.length)).toEqual([MAX_BATCH, MAX_BATCH, 1])
    expect(db.batches.flat()).toEqual(keys)
  })

  it('shares waiting movements among the batches it may run at once', async () => {
    const db = fakeDb(echo)
    const writer = new GroupCommit(db.apply, 2)
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => writer.submit(move(k))))
    expect(db.batches).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ])
  })

  it('answers each movement with its own row: a refusal or an error refuses only its movement', async () => {
    const db = fakeDb(() => [
      ok(1, 'first'),
      failed(2, 'TL001', 'balance_not_enough: user 1 cannot stake 5'),
      failed(3, '23514', 'new row violates check constraint', 'ledger_accounts_no_overdraft'),
      ok(4, 'fourth'),
    ])
    const writer = new GroupCommit(db.apply, 1)
    const results = await Promise.allSettled(
      ['a', 'b', 'c', 'd'].map((k) => writer.submit(move(k))),
    )
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'first' })
    expect(results[3]).toEqual({ status: 'fulfilled', value: 'fourth' })
    const refused = results[1] as PromiseRejectedResult
    expect(refused.reason).toBeInstanceOf(LedgerError)
    expect(refused.reason).toMatchObject({ code: 'balance_not_enough' })
    const failedRow = results[2] as PromiseRejectedResult
    expect(failedRow.reason).toMatchObject({
      code: '23514',
      constraint: 'ledger_accounts_no_overdraft',
    })
    expect(db.batches).toHaveLength(1)
  })

  it('retries a batch whole on a serialization failure and counts every movement retried', async () => {
    const db = fakeDb((moves, call) => {
      if (call === 1) throw sqlError('40001')
      return echo(moves)
    })
    let retried = 0
    const writer = new GroupCommit(db.apply, 1, (n) => (retried += n))
    expect(await Promise.all([writer.submit(move('a')), writer.submit(move('b'))])).toEqual([
      { key: 'a' },
      { key: 'b' },
    ])
    expect(db.batches).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ])
    expect(retried).toBe(2)
  })

  it('splits a batch that fails otherwise, so only the guilty movement gets the error', async () => {
    const db = fakeDb((moves) => {
      if (moves.some((m) => m.k === 'bad')) throw sqlError('XX000')
      return echo(moves)
    })
    const writer = new GroupCommit(db.apply, 1)
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((k) => writer.submit(move(k))))
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'XX000' })
    expect(db.batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']])
  })

  it('refuses a movement the database could not be sent before it joins a batch', async () => {
    const db = fakeDb(echo)
    const writer = new GroupCommit(db.apply, 1)
    expect(() => writer.submit(move('a\0b'))).toThrow(/NUL/)
    expect(() => writer.submit({ ...move('a'), a: [1.5] })).toThrow(/safe integer/)
    expect(await writer.submit(move('fine'))).toEqual({ key: 'fine' })
    expect(db.batches).toEqual([['fine']])
  })
})
