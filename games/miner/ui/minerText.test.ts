import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/miner.json'
import kz from '../../../locales/kz/miner.json'
import ru from '../../../locales/ru/miner.json'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { announceRound, sceneLabel, sceneResult, type MinerRound } from './minerText'

i18nTestEnv({ en: { miner: en }, ru: { miner: ru }, kz: { miner: kz } })

const env = (lng = 'en') => ({
  t: (key: string, options?: Record<string, unknown>) => i18next.t(key, { ...options, lng }),
  money: (value: number) => `${value / 100} RUB`,
  locale: 'en' as const,
})

const step = (n: number, tiles: number[], hit: number[] = [], multiplier = 0) => ({
  step: n,
  action: { tiles },
  outcome: { tiles, hit },
  multiplier: multiplier as MinerRound['multiplier'],
  time: n,
})

/** A 3-mine round after `steps`, ended by `endReason` (null: open). */
function round(
  steps: MinerRound['steps'],
  endReason: MinerRound['endReason'] = null,
  payout = 0,
): MinerRound {
  const revealed = steps.flatMap((s) =>
    s.outcome && s.outcome.hit.length === 0 ? s.outcome.tiles : [],
  )
  return {
    roundId: 'r-1' as MinerRound['roundId'],
    amount: 100 as MinerRound['amount'],
    currency: 'RUB',
    params: { mines: 3 },
    status: endReason === null ? 'open' : payout > 0 ? 'won' : 'lost',
    step: steps.length,
    multiplier: (endReason === 'lost' ? 0 : 12_857) as MinerRound['multiplier'],
    payout: payout as MinerRound['payout'],
    view: { mines: 3, revealed },
    steps,
    endReason,
    reveal: endReason === null ? null : { mines: [4, 12, 20] },
    nonce: 1,
    serverSeedHash: 'a'.repeat(64),
    clientSeed: 'c',
    openedAt: 0,
  }
}

describe('miner texts', () => {
  it('announces a gem by its place, several gems by their count, with what a cash-out pays', () => {
    expect(announceRound(round([]), env())).toBeNull()
    const one = round([step(1, [7], [], 11_250)])
    expect(announceRound(one, env())).toBe('Gem at row 2, column 3. 1.28×: cash out pays 0 RUB')
    const two = round([step(1, [0, 1], [], 12_857)], null, 0)
    expect(announceRound({ ...two, payout: 128 as MinerRound['payout'] }, env())).toBe(
      'Gems in one step: 2. 1.28×: cash out pays 1.28 RUB',
    )
    expect(sceneLabel(two, 3, env())).toBe('Gems found: 2 of 22')
    expect(sceneResult(two, env())).toBeNull()
  })

  it('announces the mine that lost the round, and each way a round pays', () => {
    const lost = round([step(1, [0]), step(2, [12], [12])], 'lost')
    expect(announceRound(lost, env())).toBe('Mine at row 3, column 3. The round is lost')
    expect(sceneResult(lost, env())).toEqual({ text: 'Mine!', won: false })
    const paid = round([step(1, [0, 1])], 'cashout', 128)
    expect(announceRound(paid, env())).toBe('Cashed out at 1.28×: you won 1.28 RUB')
    expect(sceneResult(paid, env())).toEqual({ text: '1.28× · 1.28 RUB', won: true })
    expect(sceneLabel(paid, 3, env())).toBe('Cashed out at 1.28×: you won 1.28 RUB')
    expect(announceRound({ ...paid, endReason: 'complete' }, env())).toMatch(/^Every gem found/)
    expect(announceRound({ ...paid, endReason: 'cap' }, env())).toMatch(/maximum payout/)
    expect(announceRound({ ...paid, endReason: 'expired' }, env())).toBe(
      'The round was settled after 30 days: 1.28 RUB paid',
    )
  })

  it('names the board before a round in each language, the count after a label (no plural forms)', () => {
    expect(sceneLabel(null, 1, env())).toBe('Mines on the board: 1. Place a bet to start')
    expect(sceneLabel(null, 3, env('ru'))).toBe('Мин на поле: 3. Сделайте ставку, чтобы начать')
    expect(sceneLabel(null, 21, env('ru'))).toBe('Мин на поле: 21. Сделайте ставку, чтобы начать')
    expect(sceneLabel(null, 3, env('kz'))).toBe('Алаңдағы мина: 3. Бастау үшін бәс тігіңіз')
  })
})
