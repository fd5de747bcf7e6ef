/**
 * Scripted crash sessions, recorded with the real recorder while the crash server does not exist
 * yet (see README.md). Each script plays the server's side by the protocol and the rules, with
 * crash points taken from a fixed test hash chain, so every number in the files is one the real
 * server would produce and `npm run fair` can verify it. The files are re-recorded from the live
 * server once it exists; `generate.ts` writes them and `round.replay.test.ts` checks they match.
 */
import { chainFrom, crashPoint, type CrashPoint } from '../../games/engine/fairness'
import { createRecorder, type Recording } from '../../games/engine/replay'
// The pure modules, not games/crash/index.ts: that one also exports the React game (and its CSS),
// which this script, run by tsx in Node, must not load.
import { HISTORY_LENGTH, PROTOCOL_VERSION } from '../../games/crash/protocol'
import {
  crashTimeMs,
  maxWin,
  msToReach,
  multiplierAt,
  payout,
  type Multiplier,
} from '../../games/crash/rules'
import type { Minor } from '../../games/engine/money'

/** Test-only chain seed and salt: public on purpose, never used by a real server. */
export const TEST_CHAIN_SEED = '7e55e7a0'.repeat(8)
/** The public salt of the test chain. */
export const TEST_SALT = '000000000000000000030f1d2c9ae5b9c0e4bd1ac1dbdbbbd8f5d1c5e9a0b7a3'
const CHAIN = chainFrom(TEST_CHAIN_SEED, 200)
const TERMINATING_HASH = CHAIN[0]!

/** Client epoch at the start of every recording (2026-01-01T00:00:00Z). */
const CLIENT_T0 = 1_767_225_600_000
/** The server clock runs this far ahead of the client in the recordings. */
const OFFSET = 250
/** One-way network latency assumed by the scripts. */
const LATENCY = 20

const hashOf = (game: number) => CHAIN[game]!
const crashOf = (game: number): CrashPoint => crashPoint(hashOf(game), TEST_SALT)

/** The first game at or after `from` whose crash point passes `accept`. */
function findGame(from: number, accept: (crash: CrashPoint, game: number) => boolean): number {
  for (let game = from; game < CHAIN.length; game++) if (accept(crashOf(game), game)) return game
  throw new Error('[recordings] no game in the test chain fits the scenario')
}

/** A session being scripted: the client clock, the recorder and server-side helpers. */
function session(description: string) {
  let now = CLIENT_T0
  const recorder = createRecorder({
    service: 'crash',
    protocolVersion: PROTOCOL_VERSION,
    clock: { now: () => now },
    meta: { description, source: 'generated' },
  })
  const emit = (type: string, fields: Record<string, unknown>) =>
    recorder.received(type, { type, v: PROTOCOL_VERSION, ...fields })
  return {
    recorder,
    emit,
    /** Moves the client clock to `ms` after the start of the recording. */
    at: (ms: number) => {
      now = CLIENT_T0 + ms
    },
    /** Server time at client time `ms` (recording-relative). */
    server: (ms: number) => CLIENT_T0 + ms + OFFSET,
    history: (game: number) =>
      Array.from({ length: HISTORY_LENGTH }, (_, i) => game - 1 - i)
        .filter((g) => g >= 1)
        .map((g) => ({
          roundId: String(g),
          crashPoint: crashOf(g),
          roundHash: hashOf(g),
          salt: TEST_SALT,
        })),
    row: (betId: string, player: string, amount: number, settledAt?: number | 'lost') => ({
      betId,
      player,
      amount,
      currency: 'RUB',
      status: settledAt === undefined ? 'active' : settledAt === 'lost' ? 'lost' : 'cashedOut',
      cashoutAt: typeof settledAt === 'number' ? settledAt : null,
      win:
        typeof settledAt === 'number'
          ? payout(amount as Minor, settledAt as Multiplier, maxWin('RUB'))
          : null,
    }),
    crashed: (game: number, ms: number) =>
      emit('crashed', {
        roundId: String(game),
        crashPoint: crashOf(game),
        crashedAt: CLIENT_T0 + ms + OFFSET,
        roundHash: hashOf(game),
        salt: TEST_SALT,
      }),
    fairness: { salt: TEST_SALT, terminatingHash: TERMINATING_HASH },
  }
}

type Session = ReturnType<typeof session>

/** The snapshot a joining player gets during the betting window of `game`. */
function bettingSnapshot(s: Session, game: number, ms: number, balance: number) {
  s.emit('snapshot', {
    serverTime: s.server(ms),
    round: {
      id: String(game),
      phase: 'betting',
      bettingEndsAt: s.server(ms + 6000),
      startedAt: null,
      crashPoint: null,
      roundHash: null,
    },
    fairness: s.fairness,
    bets: [s.row('o-1', 'Anna', 50_000)],
    history: s.history(game),
    me: { balance, currency: 'RUB', bets: [] },
  })
}

/** A player bets 100 RUB, cashes out by hand at about 1.50x, and the round crashes later. */
export function betAndCashOut(): Recording {
  const s = session('Bet 100 RUB, manual cash-out near 1.50x, crash above 2.00x.')
  const game = findGame(21, (crash) => crash >= 200)
  s.at(0)
  s.recorder.received('connect', { recovered: false, clockOffset: OFFSET })
  s.at(30)
  bettingSnapshot(s, game, 30, 100_000)
  s.at(1200)
  s.emit('bets', { roundId: String(game), bets: [s.row('o-2', 'Boris', 20_000)] })
  s.at(2000)
  const bet = { key: 'rec1-bet-0001', amount: 10_000, autoCashoutAt: null }
  s.recorder.input({ type: 'BET', ...bet })
  s.recorder.sent('bet', { type: 'bet', v: PROTOCOL_VERSION, currency: 'RUB', ...bet })
  s.at(2000 + 2 * LATENCY)
  s.recorder.acked('bet', {
    type: 'ok',
    v: PROTOCOL_VERSION,
    betId: 'b-1',
    roundId: String(game),
    status: 'placed',
    balance: 90_000,
  })
  s.at(2300)
  s.emit('bets', { roundId: String(game), bets: [s.row('b-1', 'Player 7', 10_000)] })
  const start = 6030
  s.at(start)
  s.emit('started', { roundId: String(game), startedAt: s.server(start) })
  const click = start + msToReach(150)
  s.at(click)
  s.recorder.input({ type: 'CASH_OUT', key: 'rec1-cash-0001' })
  s.recorder.sent('cashOut', {
    type: 'cashOut',
    v: PROTOCOL_VERSION,
    key: 'rec1-cash-0001',
    betId: 'b-1',
  })
  // The server takes the multiplier when the request arrives, one latency after the click.
  const cashoutAt = multiplierAt(click + LATENCY - start)
  const win = payout(10_000 as Minor, cashoutAt, maxWin('RUB'))
  s.at(click + 2 * LATENCY)
  s.recorder.acked('cashOut', {
    type: 'ok',
    v: PROTOCOL_VERSION,
    betId: 'b-1',
    cashoutAt,
    win,
    balance: 90_000 + win,
  })
  s.at(click + 300)
  s.emit('bets', { roundId: String(game), bets: [s.row('b-1', 'Player 7', 10_000, cashoutAt)] })
  const crashAt = start + crashTimeMs(crashOf(game))
  s.at(crashAt - 5)
  s.emit('bets', { roundId: String(game), bets: [s.row('o-2', 'Boris', 20_000, 'lost')] })
  s.at(crashAt)
  s.crashed(game, crashAt)
  return s.recorder.toRecording()
}

/**
 * The connection drops mid-round with a bet standing; after reconnecting no snapshot comes, so the
 * client asks with `sync`; the snapshot shows the bet still active and the player cashes out.
 */
export function disconnectMidRound(): Recording {
  const s = session('Drop mid-round, reconnect, sync after 5 s, resync from snapshot, cash out.')
  const game = findGame(21, (crash) => crash >= 300)
  s.at(0)
  s.recorder.received('connect', { recovered: false, clockOffset: OFFSET })
  s.at(25)
  bettingSnapshot(s, game, 25, 100_000)
  s.at(1000)
  const bet = { key: 'rec2-bet-0001', amount: 5000, autoCashoutAt: null }
  s.recorder.input({ type: 'BET', ...bet })
  s.recorder.sent('bet', { type: 'bet', v: PROTOCOL_VERSION, currency: 'RUB', ...bet })
  s.at(1000 + 2 * LATENCY)
  s.recorder.acked('bet', {
    type: 'ok',
    v: PROTOCOL_VERSION,
    betId: 'b-2',
    roundId: String(game),
    status: 'placed',
    balance: 95_000,
  })
  const start = 6025
  s.at(start)
  s.emit('started', { roundId: String(game), startedAt: s.server(start) })
  s.at(start + 4000)
  s.recorder.received('disconnect', { reason: 'transport close' })
  const reconnect = start + 7000
  s.at(reconnect)
  s.recorder.received('connect', { recovered: false, clockOffset: OFFSET + 10 })
  // The round machine asks for a snapshot when none has come SNAPSHOT_TIMEOUT_MS (5 s) later.
  const sync = reconnect + 5000
  s.at(sync)
  s.recorder.sent('sync', { type: 'sync', v: PROTOCOL_VERSION })
  s.at(sync + 2 * LATENCY)
  s.recorder.acked('sync', { type: 'ok', v: PROTOCOL_VERSION })
  s.at(sync + 2 * LATENCY + 5)
  s.emit('snapshot', {
    serverTime: s.server(sync + 45),
    round: {
      id: String(game),
      phase: 'running',
      bettingEndsAt: null,
      startedAt: s.server(start),
      crashPoint: null,
      roundHash: null,
    },
    fairness: s.fairness,
    bets: [s.row('o-1', 'Anna', 50_000, 180), s.row('b-2', 'Player 7', 5000)],
    history: s.history(game),
    me: {
      balance: 95_000,
      currency: 'RUB',
      bets: [
        {
          betId: 'b-2',
          roundId: String(game),
          amount: 5000,
          currency: 'RUB',
          autoCashoutAt: null,
          status: 'active',
          cashoutAt: null,
          win: null,
        },
      ],
    },
  })
  const click = sync + 500
  s.at(click)
  s.recorder.input({ type: 'CASH_OUT', key: 'rec2-cash-0001' })
  s.recorder.sent('cashOut', {
    type: 'cashOut',
    v: PROTOCOL_VERSION,
    key: 'rec2-cash-0001',
    betId: 'b-2',
  })
  const cashoutAt = multiplierAt(click + LATENCY - start)
  const win = payout(5000 as Minor, cashoutAt, maxWin('RUB'))
  s.at(click + 2 * LATENCY)
  s.recorder.acked('cashOut', {
    type: 'ok',
    v: PROTOCOL_VERSION,
    betId: 'b-2',
    cashoutAt,
    win,
    balance: 95_000 + win,
  })
  const crashAt = start + crashTimeMs(crashOf(game))
  s.at(crashAt)
  s.crashed(game, crashAt)
  return s.recorder.toRecording()
}

/**
 * Two rounds with auto cash-out. In the first the target equals the crash point: the server
 * pays it, but `crashed` reaches the client before the bet's `settled` and `bets` rows. In the
 * second the target is 0.01x above the crash point and the bet loses.
 */
export function autoCashoutRacesCrash(): Recording {
  const s = session('Auto cash-out equal to the crash point wins although crashed arrives first.')
  const first = findGame(21, (crash, game) => crash >= 120 && crashOf(game + 1) < 5000)
  const second = first + 1
  s.at(0)
  s.recorder.received('connect', { recovered: false, clockOffset: OFFSET })
  s.at(30)
  bettingSnapshot(s, first, 30, 100_000)

  const playRound = (game: number, open: number, autoCashoutAt: number, balance: number) => {
    const key = `rec3-bet-${game}`
    s.at(open + 1500)
    const bet = { key, amount: 2000, autoCashoutAt }
    s.recorder.input({ type: 'BET', ...bet })
    s.recorder.sent('bet', { type: 'bet', v: PROTOCOL_VERSION, currency: 'RUB', ...bet })
    s.at(open + 1500 + 2 * LATENCY)
    const betId = `b-${game}`
    const afterHold = balance - 2000
    s.recorder.acked('bet', {
      type: 'ok',
      v: PROTOCOL_VERSION,
      betId,
      roundId: String(game),
      status: 'placed',
      balance: afterHold,
    })
    const start = open + 6000
    s.at(start)
    s.emit('started', { roundId: String(game), startedAt: s.server(start) })
    const crash = crashOf(game)
    const crashAt = start + crashTimeMs(crash)
    s.at(crashAt)
    s.crashed(game, crashAt)
    const won = autoCashoutAt <= crash
    const win = won ? payout(2000 as Minor, autoCashoutAt as Multiplier, maxWin('RUB')) : 0
    s.at(crashAt + 15)
    s.emit('settled', {
      betId,
      roundId: String(game),
      status: won ? 'cashedOut' : 'lost',
      cashoutAt: won ? autoCashoutAt : null,
      win,
      balance: afterHold + win,
    })
    s.at(crashAt + 40)
    return { end: crashAt + 40, balance: afterHold + win }
  }

  const one = playRound(first, 30, crashOf(first), 100_000)
  const open = one.end + 3000
  s.at(open)
  s.emit('betting', { roundId: String(second), bettingEndsAt: s.server(open + 6000) })
  playRound(second, open, crashOf(second) + 1, one.balance)
  return s.recorder.toRecording()
}

/** Every generated recording by file name. */
export const SCENARIOS: Readonly<Record<string, () => Recording>> = {
  'crash-bet-and-cash-out.json': betAndCashOut,
  'crash-disconnect-mid-round.json': disconnectMidRound,
  'crash-auto-cashout-races-crash.json': autoCashoutRacesCrash,
}
