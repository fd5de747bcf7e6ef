/**
 * Test-only: a stateful game's server in memory, for the client's machine tests and scripted
 * recordings. It plays the game's real rules on the real float stream and answers as the
 * reference server does (server/games/kit/stateful, which client code may not import): an open
 * idempotent by key, one open round, a step applied only at the step number it expects, a
 * repeated key answered with the round as it stands, `stale_step` and `round_over` carrying the
 * round, a cash-out meeting an ended round answered with that round, the cap ending a round.
 * Payloads are plain JSON, as they come off a socket, so the client parses them with its wire.
 */
import { floatCursor, hashServerSeed } from '../../engine/fairness'
import { maxBetPayout, type Currency, type Minor } from '../../engine/money'
import type { StatefulRules } from '../stateful/rules'
import { cappedPayout, reachesCap } from '../stateful/rules'

/** What the fake server is set up with. */
export interface FakeStatefulServerOptions<P, S, A, O, W, R> {
  rules: StatefulRules<P, S, A, O, W, R>
  serverSeed: string
  clientSeed: string
  balance: number
  currency: Currency
  /** The server's clock (epoch ms); a fixed time by default. */
  now?: () => number
}

interface Row<P, S> {
  id: string
  key: string
  amount: Minor
  params: P
  state: S
  step: number
  floats: number
  status: 'open' | 'won' | 'lost'
  multiplier: number
  payout: number | null
  endReason: string | null
  nonce: number
  openedAt: number
  balance: number
  steps: {
    step: number
    key: string
    action: unknown
    outcome: unknown
    multiplier: number
    time: number
  }[]
}

/** A command as the client sends it (parsed loosely: the client's wire built it). */
type Command = {
  key: string
  roundId?: string
  step?: number
  action?: unknown
  amount?: number
  params?: unknown
}

/** A stateful game's server in memory (see the file's comment). */
export function fakeStatefulServer<P, S, A, O, W, R>(
  options: FakeStatefulServerOptions<P, S, A, O, W, R>,
) {
  const { rules, serverSeed, clientSeed, currency } = options
  const now = options.now ?? (() => 1_700_000_000_000)
  const serverSeedHash = hashServerSeed(serverSeed)
  const rows: Row<P, S>[] = []
  let balance = options.balance
  let nonce = 0
  /** How many commands changed something: a test reads it to see a resend applied nothing. */
  let applied = 0

  const stake = (row: Row<P, S>) => ({ amount: row.amount, cap: maxBetPayout(currency) })
  const view = (row: Row<P, S>) => {
    const ended = row.status !== 'open'
    return {
      roundId: row.id,
      amount: row.amount,
      currency,
      params: row.params,
      status: row.status,
      step: row.step,
      multiplier: row.multiplier,
      payout: ended ? row.payout : cappedPayout(stake(row), row.multiplier),
      view: rules.view(row.state),
      steps: row.steps.map(({ key: _key, ...step }) => step),
      endReason: row.endReason,
      reveal: ended ? rules.reveal(row.state) : null,
      nonce: row.nonce,
      serverSeedHash,
      clientSeed,
      openedAt: row.openedAt,
    }
  }
  const ok = (row: Row<P, S>) => ({
    type: 'ok',
    v: 1,
    round: view(row),
    balance: row.status === 'open' && row.step > 0 ? null : row.balance,
  })
  const refused = (code: string, row?: Row<P, S>) => ({
    type: 'error',
    v: 1,
    code,
    ...(row ? { round: view(row) } : {}),
  })
  const end = (row: Row<P, S>, payout: number, reason: string) => {
    balance += payout
    Object.assign(row, { status: payout > 0 ? 'won' : 'lost', payout, endReason: reason, balance })
  }

  function open(cmd: Command) {
    const first = rows.find((r) => r.key === cmd.key)
    if (first) return ok(first)
    const amount = cmd.amount as Minor
    if (rules.refusal(cmd.params as P, amount) !== null) return refused('bad_request')
    const inPlay = rows.find((r) => r.status === 'open')
    if (inPlay) return refused('game_in_progress', inPlay)
    if (amount > balance) return refused('balance_not_enough')
    const cursor = floatCursor(serverSeed, clientSeed, nonce)
    const state = rules.open(cmd.params as P, cursor)
    balance -= amount
    applied++
    const row: Row<P, S> = {
      id: `round-${rows.length + 1}`,
      key: cmd.key,
      amount,
      params: cmd.params as P,
      state,
      step: 0,
      floats: cursor.consumed,
      status: 'open',
      multiplier: rules.multiplier(state),
      payout: null,
      endReason: null,
      nonce: nonce++,
      openedAt: now(),
      balance,
      steps: [],
    }
    rows.push(row)
    return ok(row)
  }

  function step(cmd: Command, cashout: boolean) {
    const row = rows.find((r) => r.id === cmd.roundId)
    if (!row) return refused('not_found')
    if (row.steps.some((s) => s.key === cmd.key)) return ok(row)
    if (row.status !== 'open') return cashout ? ok(row) : refused('round_over', row)
    if (row.step !== cmd.step) return refused('stale_step', row)
    const time = now()
    applied++
    if (cashout) {
      if (row.multiplier <= 0) return refused('bad_request', row)
      row.step++
      const action = { kind: 'cashout' }
      row.steps.push({
        step: row.step,
        key: cmd.key,
        action,
        outcome: null,
        multiplier: row.multiplier,
        time,
      })
      end(row, cappedPayout(stake(row), row.multiplier), 'cashout')
      return ok(row)
    }
    const action = cmd.action as A
    if (rules.stepRefusal(row.state, action) !== null) return refused('bad_request', row)
    const cursor = floatCursor(serverSeed, clientSeed, row.nonce)
    for (let i = 0; i < row.floats; i++) cursor.next()
    const result = rules.step(row.state, action, cursor)
    const multiplier = rules.multiplier(result.state)
    Object.assign(row, {
      state: result.state,
      floats: cursor.consumed,
      multiplier,
      step: row.step + 1,
    })
    row.steps.push({
      step: row.step,
      key: cmd.key,
      action,
      outcome: result.outcome,
      multiplier,
      time,
    })
    const phase = rules.phase(result.state)
    const payout = cappedPayout(stake(row), multiplier)
    if (phase === 'lost') end(row, 0, 'lost')
    else if (reachesCap(stake(row), multiplier)) end(row, payout, 'cap')
    else if (phase === 'complete') end(row, payout, 'complete')
    return ok(row)
  }

  return {
    serverSeedHash,
    /** How many commands changed something so far. */
    applied: () => applied,
    /**
     * The player's snapshot, as on join: the seeds, the balance, the open round and the last
     * ended one (rounds are played one at a time: the last opened of the ended ones); without
     * `lastEnded` as an older server sends it.
     */
    snapshot: (options: { lastEnded?: boolean } = {}) => {
      const round = rows.find((r) => r.status === 'open')
      const ended = rows.filter((r) => r.status !== 'open').at(-1)
      return {
        type: 'snapshot',
        v: 1,
        serverTime: now(),
        me: {
          balance,
          currency,
          serverSeedHash,
          clientSeed,
          nonce,
          round: round ? view(round) : null,
          ...(options.lastEnded === false ? {} : { lastEnded: ended ? view(ended) : null }),
        },
      }
    },
    /** Ends the open round as the server's 30 days would: the better of cash-out and stake. */
    expire: () => {
      const row = rows.find((r) => r.status === 'open')
      if (!row) throw new Error('[fakeStatefulServer] no open round to expire')
      end(row, Math.max(cappedPayout(stake(row), row.multiplier), row.amount), 'expired')
    },
    /** Answers a command as the server would (its ack payload). */
    answer(name: string, payload: unknown): unknown {
      const cmd = payload as Command
      switch (name) {
        case 'open':
          return open(cmd)
        case 'step':
          return step(cmd, false)
        case 'cashout':
          return step(cmd, true)
        default:
          throw new Error(`[fakeStatefulServer] unknown command "${name}"`)
      }
    },
  }
}

/** A fake stateful server. */
export type FakeStatefulServer = ReturnType<typeof fakeStatefulServer>
