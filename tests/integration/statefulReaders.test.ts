import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  betHistoryResponse,
  betProofResponse,
  roundProofResponse,
  type RoundProofResponse,
} from '../../contract'
import { diceRules } from '../../games/dice/rules'
import { floatCursor } from '../../games/engine/fairness'
import type { Minor } from '../../games/engine/money'
import type { CommandKey, RoundId } from '../../games/kit/protocol'
import { statefulProofSchema } from '../../games/kit/stateful/proof'
import type { Db } from '../../server/db/db'
import { GAME_MODULES } from '../../server/games'
import { instantKit, type InstantKit } from '../../server/games/kit/instant/kit'
import { LiveTables } from '../../server/games/kit/instant/live'
import {
  LOSING_DICE,
  fixedSeeds,
  instantBet,
  instantPlayer,
} from '../../server/games/kit/instant/testing'
import type { Player } from '../../server/games/kit/player'
import type { StatefulRounds } from '../../server/games/kit/stateful/StatefulRounds'
import { statefulKit } from '../../server/games/kit/stateful/kit'
import { statefulGameModule } from '../../server/games/kit/stateful/module'
import { STREAK_GAME } from '../../server/games/kit/stateful/testingGame'
import {
  STREAK,
  streakRules,
  streakWire,
  type Side,
  type StreakAction,
  type StreakState,
} from '../../server/games/kit/stateful/testing'
import { checkInvariants } from './support/ledgerInvariants'
import { testDrivers } from './support/drivers'
import { openTestApp, quietLog, type TestApp } from './support/harness'

/** The coin-streak test game under a stateful game's id, so the history's contract takes it. */
const COIN = { ...STREAK, id: 'coinflip' } as const
/** Its module, as the server makes a stateful game's (history and routes included). */
const coinModule = statefulGameModule({ ...STREAK_GAME, id: COIN.id, namespace: '/coinflip' })
const { schemas } = streakWire
const proofSchema = statefulProofSchema({
  game: COIN.id,
  params: schemas.params,
  action: schemas.action,
  outcome: schemas.outcome,
  reveal: schemas.reveal,
})
const key = () => `k-${crypto.randomUUID()}` as CommandKey
const flip = (s: Side): Side => (s === 'heads' ? 'tails' : 'heads')

/**
 * The readers of stateful rounds on each database driver: the proof route (an open round shows
 * its steps and no secret, an ended one all it takes to replay it), the profile history (an open
 * round in progress, an ended one with its payout, a stateful game's auto-bet as its item) and the
 * live tables (a paid round is a settled bet; an open one never shows).
 */
describe.each(testDrivers())('stateful readers on $name', (driver) => {
  let db: Db
  let t: TestApp
  let kit: InstantKit
  let rounds: StatefulRounds
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    // The test game in coinflip's place (the registered coinflip's module would read its rounds
    // twice: one history and one proof route a game id).
    const others = GAME_MODULES.filter((module) => module.id !== COIN.id)
    ;({ db, t, close } = await openTestApp(driver, {}, [...others, coinModule]))
    // The instant kit first, with fixed seeds: the stateful kit draws from its pairs.
    kit = instantKit(t.services, { log: quietLog, seeds: fixedSeeds(`readers-${driver.name}`) })
    rounds = statefulKit(t.services, { log: quietLog }).rounds
  }, 120_000)
  afterAll(async () => {
    await rounds?.idle()
    await close?.()
  })

  /** The secret next flip, read from the row as only the server can. */
  const nextSide = async (roundId: string) =>
    (
      await db.query<{ state: StreakState }>('SELECT state FROM stateful_rounds WHERE id = $1', [
        roundId,
      ])
    )[0]!.state.next
  const open = async (user: Player) => {
    const ack = await rounds.open(COIN, user, {
      key: key(),
      amount: 1_000 as Minor,
      currency: 'RUB',
      params: { flips: 5 },
    })
    if (ack.type !== 'ok') throw new Error(`open refused: ${ack.code}`)
    return ack.round.roundId
  }
  const call = async (user: Player, roundId: RoundId, step: number, win: boolean) => {
    const side = await nextSide(roundId)
    const ack = await rounds.step(COIN, user, {
      key: key(),
      roundId,
      step,
      action: { call: win ? side : flip(side) },
    })
    if (ack.type !== 'ok') throw new Error(`step refused: ${ack.code}`)
    return ack.round
  }
  const cashOut = async (user: Player, roundId: RoundId, step: number) => {
    const ack = await rounds.step(COIN, user, { key: key(), roundId, step })
    if (ack.type !== 'ok') throw new Error(`cash-out refused: ${ack.code}`)
    return ack.round
  }
  const proof = async (roundId: string) => {
    const res = await t.call('GET', `/api/games/rounds/${roundId}`)
    expect(res.statusCode).toBe(200)
    const body = res.json<RoundProofResponse>()
    roundProofResponse.parse(body)
    return { body, proof: proofSchema.parse(body) }
  }

  it('shows an open round its steps so far and no secret, an ended one everything', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const roundId = await open(user)
    await call(user, roundId, 0, true)
    const secret = await nextSide(roundId)
    const mid = await proof(roundId)
    expect(mid.proof).toMatchObject({
      id: roundId,
      game: 'coinflip',
      status: 'open',
      params: { flips: 5 },
      // Sent as 0 while open; the browser's proof reads it as nothing paid yet.
      payout: null,
      endReason: null,
      reveal: null,
      serverSeed: null,
    })
    expect(mid.proof.steps).toEqual([
      expect.objectContaining({ step: 1, outcome: { side: expect.any(String) } }),
    ])
    // Only what the contract names leaves: no state, no board, no undrawn flip.
    expect(Object.keys(mid.body).sort()).toEqual(Object.keys(roundProofResponse.def.shape).sort())
    expect(JSON.stringify(mid.body)).not.toContain('"next"')

    await cashOut(user, roundId, 1)
    const ended = await proof(roundId)
    expect(ended.proof).toMatchObject({
      status: 'won',
      multiplier: 19_800,
      payout: 1_980,
      endReason: 'cashout',
      reveal: { next: secret },
      // The pair is still active: its server seed shows once it is rotated, as an instant bet's.
      serverSeed: null,
    })
    expect(ended.proof.steps.map((s) => s.action)).toEqual([
      { call: expect.any(String) },
      { kind: 'cashout' },
    ])
  })

  it('gives, once the pair is rotated, the seed that replays every step and the reveal', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const roundId = await open(user)
    await call(user, roundId, 0, true)
    await call(user, roundId, 1, false)
    expect(await kit.seeds.rotate(user.userId)).not.toBe('game_in_progress')
    const { proof: p } = await proof(roundId)
    expect(p).toMatchObject({ status: 'lost', payout: 0, endReason: 'lost' })
    expect(p.serverSeed).not.toBeNull()
    expect(createHash('sha256').update(p.serverSeed!).digest('hex')).toBe(p.serverSeedHash)
    // The verifier's replay: the opening and each step on one float stream.
    const cursor = floatCursor(p.serverSeed!, p.clientSeed, p.nonce)
    let state = streakRules.open(p.params, cursor)
    for (const s of p.steps) {
      const played = streakRules.step(state, s.action as StreakAction, cursor)
      state = played.state
      expect(played.outcome).toEqual(s.outcome)
      expect(streakRules.multiplier(state)).toBe(s.multiplier)
    }
    expect(streakRules.reveal(state)).toEqual(p.reveal)
  })

  it('answers 404 for an unknown or malformed id, and for a round of another game', async () => {
    for (const id of ['b-nothing', 'bad%20id']) {
      const res = await t.call('GET', `/api/games/rounds/${id}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ data: { message: 'not_found' } })
    }
    const { user } = await instantPlayer(t.services, 10_000)
    const dice = await kit.bets.place({ id: 'dice', limits: 'dice', rules: diceRules }, user, {
      ...instantBet(100, LOSING_DICE),
    })
    if (dice.type !== 'ok') throw new Error('dice refused')
    expect((await t.call('GET', `/api/games/rounds/${dice.betId}`)).statusCode).toBe(404)
  })

  it('lists rounds in the profile history: one in progress, one ended, and an auto-bet', async () => {
    const { user, token } = await instantPlayer(t.services, 10_000)
    const lost = await open(user)
    await call(user, lost, 0, false)
    t.clock.advance(1)
    // Auto play of a stateful game: an instant bet under its id (its proof is an instant bet's).
    const auto = await kit.bets.place(
      { id: COIN.id, limits: 'coinflip', rules: diceRules },
      user,
      instantBet(100, LOSING_DICE),
    )
    if (auto.type !== 'ok') throw new Error('auto-bet refused')
    t.clock.advance(1)
    const inPlay = await open(user)
    await call(user, inPlay, 0, true)
    const res = await t.call('GET', '/api/profile/history?kind=bets', { token })
    expect(res.statusCode).toBe(200)
    const page = betHistoryResponse.parse(res.json())
    expect(page.data).toEqual([
      expect.objectContaining({
        game: 'coinflip',
        id: inPlay,
        status: 'open',
        multiplier: null,
        payout: null,
      }),
      expect.objectContaining({ game: 'coinflip', id: auto.betId, status: 'lost', payout: 0 }),
      expect.objectContaining({ game: 'coinflip', id: lost, status: 'lost', payout: 0 }),
    ])
    const autoProof = await t.call('GET', `/api/games/bets/${auto.betId}`)
    expect(betProofResponse.parse(autoProof.json())).toMatchObject({ game: 'coinflip' })
    // Paged one at a time, the cursor runs through both tables without a repeat.
    const ids: string[] = []
    let cursor: string | null = null
    do {
      const next = await t.call(
        'GET',
        `/api/profile/history?kind=bets&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        { token },
      )
      const one = betHistoryResponse.parse(next.json())
      ids.push(...one.data.map((b) => b.id))
      cursor = one.next_cursor
    } while (cursor)
    expect(ids).toEqual([inPlay, auto.betId, lost])
  })

  it('puts a paid round in the live tables as a settled bet, never an open one', async () => {
    const { user } = await instantPlayer(t.services, 10_000)
    const opened = await open(user)
    await call(user, opened, 0, true)
    const rowOf = <T extends { betId: string }>(rows: T[], id: string) =>
      rows.find((r) => r.betId === id)
    expect(rowOf((await kit.live.snapshot(null)).all, opened)).toBeUndefined()
    // Another player's round stays open throughout.
    const other = (await instantPlayer(t.services, 10_000)).user
    const stillOpen = await open(other)
    await call(other, stillOpen, 0, true)
    await cashOut(user, opened, 1)
    const row = {
      betId: opened,
      game: 'coinflip',
      amount: 1_000,
      currency: 'RUB',
      multiplier: 19_800,
      payout: 1_980,
    }
    const snapshot = await kit.live.snapshot(user)
    expect(rowOf(snapshot.all, opened)).toMatchObject({ ...row, player: user.name })
    expect(rowOf(snapshot.mine!, opened)).toMatchObject(row)
    // A second payment of the same end (the step that ended it and a racing cash-out both pay
    // an `ending` round, the ledger's key making the second a replay) adds no second row.
    kit.live.publish(user, rowOf(snapshot.all, opened)!)
    expect(
      (await kit.live.snapshot(null)).all.filter((r) => r.betId === (opened as string)),
    ).toHaveLength(1)
    // After a restart the tables are read back from the rows: the paid round, no open one.
    const restarted = new LiveTables(db, kit.scheduler, t.services.privacy)
    await restarted.attach({ broadcast: () => {}, toUser: () => {} } as never)
    const all = (await restarted.snapshot(null)).all
    expect(rowOf(all, opened)).toMatchObject(row)
    expect(rowOf(all, stillOpen)).toBeUndefined()
    expect(rowOf((await kit.live.snapshot(other)).mine!, stillOpen)).toBeUndefined()
    restarted.detach()
  })

  it('keeps the ledger balanced, overdraft-free and summing to zero', async () => {
    await checkInvariants(db)
  })
})
