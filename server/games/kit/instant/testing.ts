/**
 * Test support for the instant kit (used by tests only): players with money, bet commands of the
 * two instant games, and the games as the kit runs them.
 */
import { createHash } from 'node:crypto'
import type { DiceParams } from '../../../../games/dice/rules'
import { diceRules } from '../../../../games/dice/rules'
import type { Currency, Minor } from '../../../../games/engine/money'
import {
  INSTANT_PROTOCOL_VERSION,
  type InstantBetCommand,
} from '../../../../games/kit/instant/protocol'
import type { CommandKey } from '../../../../games/kit/protocol'
import { rouletteRules, type RouletteParams } from '../../../../games/roulette/rules'
import type { Services } from '../../../services'
import type { Player, UserId } from '../player'
import type { InstantGame } from './InstantBets'
import type { SeedSource } from './seeds'

/** Dice as the kit runs it. */
export const DICE: InstantGame<DiceParams, { roll: number }> = {
  id: 'dice',
  limits: 'dice',
  rules: diceRules,
}
/** Roulette as the kit runs it. */
export const ROULETTE: InstantGame<RouletteParams, { pocket: number }> = {
  id: 'roulette',
  limits: 'roulette',
  rules: rouletteRules,
}

/** A dice bet that all but never wins (0.01 %): money tests know where the balance goes. */
export const LOSING_DICE: DiceParams = { target: 1, direction: 'under' }

/** A player with `deposit` minor units of real money and a session token. */
export async function instantPlayer(
  services: Services,
  deposit: number,
  currency: Currency = 'RUB',
): Promise<{ user: Player; token: string }> {
  const name = `Roller ${crypto.randomUUID().slice(0, 8)}`
  const rows = await services.db.query<{ id: number }>(
    `INSERT INTO users (email, register_method, currency, name)
     VALUES ($1, 'email', $2, $3) RETURNING id`,
    [`instant-${crypto.randomUUID()}@test`, currency, name],
  )
  const userId = rows[0]!.id as UserId
  if (deposit > 0) {
    await services.ledger.deposit({ userId, currency, amount: deposit, key: `dep-${userId}` })
  }
  const { token } = await services.sessions.create(userId)
  return { user: { userId, name, currency }, token }
}

/** A bet command with a fresh (or the given) key. */
export function instantBet<P>(
  amount: number,
  params: P,
  key?: string,
  currency: Currency = 'RUB',
): InstantBetCommand<P> {
  return {
    type: 'bet',
    v: INSTANT_PROTOCOL_VERSION,
    key: (key ?? `k-${crypto.randomUUID()}`) as CommandKey,
    amount: amount as Minor,
    currency,
    params,
  }
}

/**
 * Seeds from a counter (SHA-256 of `<label>:<n>`), so every run of a test draws the same
 * outcomes: a failure reproduces, and a bet meant to lose does so every time.
 */
export function fixedSeeds(label: string): SeedSource {
  let n = 0
  return {
    serverSeed: () => createHash('sha256').update(`${label}:server:${++n}`).digest('hex'),
    clientSeed: () => `${label}-client-${++n}`,
  }
}
