/**
 * Miner's auto play on its page: the tiles picked on the board, one auto-bet's result as the
 * scene and the announcement show it. An auto-bet reveals the picked tiles at once and cashes
 * out (`minerAutoRules`), so its result is the whole board.
 */
import type { InstantResult } from '../../kit/instant/round.machine'
import { multiplierText } from '../../kit/stateful/money'
import type { MinerAutoOutcome, MinerAutoParams } from '../protocol'
import type { MinerSceneView } from '../scene/minerView'
import type { MinerTextEnv } from './minerText'

/** An auto-bet of miner as the page keeps it. */
export type MinerAutoResult = InstantResult<MinerAutoParams, MinerAutoOutcome>

/** `picked` with `tile` picked, or unpicked when it was, in the order picked. */
export function togglePick(picked: readonly number[], tile: number): number[] {
  return picked.includes(tile) ? picked.filter((t) => t !== tile) : [...picked, tile]
}

const samePicks = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((tile) => b.includes(tile))

/**
 * The scene's view on the Auto tab: the last auto-bet's board while the picks are the ones it
 * bet, else the tiles picked (and no result).
 */
export function autoSceneView(
  result: MinerAutoResult | null,
  picked: readonly number[],
  instant: boolean,
  env: MinerTextEnv,
): MinerSceneView {
  if (result === null || !samePicks(result.params.tiles, picked)) {
    return {
      roundId: null,
      revealed: [],
      hit: [],
      board: null,
      pending: [],
      picked,
      instant,
      result: null,
    }
  }
  const mines = result.outcome.mines
  const tiles = result.params.tiles
  const won = result.payout > 0
  return {
    roundId: result.betId,
    revealed: tiles.filter((tile) => !mines.includes(tile)),
    hit: tiles.filter((tile) => mines.includes(tile)),
    board: mines,
    pending: [],
    instant,
    result: won
      ? {
          text: env.t('miner:scene.won', {
            multiplier: multiplierText(result.multiplier, env.locale),
            amount: env.money(result.payout),
          }),
          won,
        }
      : { text: env.t('miner:scene.lost'), won },
  }
}

/** The sentence announced for an auto-bet: its tiles all gems and what it paid, or a mine. */
export function announceAuto(result: MinerAutoResult, env: MinerTextEnv): string {
  return result.payout > 0
    ? env.t('miner:auto.won', {
        multiplier: multiplierText(result.multiplier, env.locale),
        amount: env.money(result.payout),
      })
    : env.t('miner:auto.lost')
}
