import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ROUND_PROOF_PATH,
  roundProofErrorSchema,
  roundProofSchema,
} from '../../games/crash/protocol'
import { crashTimeMs } from '../../games/crash/rules'
import { crashPoint, verifyChain } from '../../games/engine/fairness'
import type { Db } from '../../server/db/db'
import { BETTING_MS, PAUSE_MS, TEST_SALT, startTestCrash } from '../../server/games/crash/testing'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'

/**
 * `GET /api/games/crash/rounds/:id` (server/games/crash/routes.ts) on each database driver, with
 * the crash loop on fake time over the same database: a finished round's proof verifies in the
 * client's own fairness code, and no running, future or unknown round reveals anything.
 */
describe.each(testDrivers())('crash round proofs on $name', (driver) => {
  let db: Db
  let t: TestApp
  let close: (() => Promise<void>) | undefined
  let loop: Awaited<ReturnType<typeof startTestCrash>>

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    db = opened.db
    t = await startTestApp(db)
    loop = await startTestCrash(t.services)
  }, 120_000)
  afterAll(async () => {
    await loop?.crash.stop()
    await t?.close()
    await close?.()
  })

  const proof = (id: string) => t.call('GET', `${ROUND_PROOF_PATH}/${id}`)
  const expectNotFound = async (id: string) => {
    const res = await proof(id)
    expect(res.statusCode, `${id}: ${res.body}`).toBe(404)
    expect(roundProofErrorSchema.parse(res.json()).data.message).toBe('not_found')
    // Nothing of a round's outcome in a refusal.
    expect(res.body).not.toMatch(/[0-9a-f]{64}/)
  }

  it('answers 404 not_found for unknown rounds, and for rounds betting, running or to come', async () => {
    const { game } = loop.crash.currentRound()
    expect(game).toBe(1)
    // Game 1 is open for bets: it has a row, but no hash may leave the server yet.
    await expectNotFound('1')
    await loop.advance(BETTING_MS)
    expect(loop.crash.currentRound().phase).toBe('running')
    await expectNotFound('1')
    for (const id of ['2', '4999', '0', '-1', 'abc', '1.0', '01', '9'.repeat(40)]) {
      await expectNotFound(encodeURIComponent(id))
    }
  })

  it('serves a finished round whose hash gives its crash point and walks back to the chain end', async () => {
    const { game, phase } = loop.crash.currentRound()
    expect(phase).toBe('running')
    const expected = loop.crash.chain.crashPointOf(game)
    await loop.advance(crashTimeMs(expected) + 1)
    expect(loop.crash.currentRound().phase).toBe('crashed')

    const res = await proof(String(game))
    expect(res.statusCode, res.body).toBe(200)
    const body = roundProofSchema.parse(res.json())
    expect(body.round).toMatchObject({
      roundId: String(game),
      crashPoint: expected,
      salt: TEST_SALT,
    })
    expect(crashPoint(body.round.roundHash, body.round.salt)).toBe(expected)
    expect(body.terminatingHash).toBe(loop.crash.chain.terminatingHash)
    expect(verifyChain(body.round.roundHash, game, body.terminatingHash)).toBe(true)

    // The next round is open (after the pause): still secret, while this one stays served.
    await loop.advance(PAUSE_MS)
    expect(loop.crash.currentRound()).toMatchObject({ game: game + 1, phase: 'betting' })
    await expectNotFound(String(game + 1))
    expect((await proof(String(game))).statusCode).toBe(200)
  })
})
