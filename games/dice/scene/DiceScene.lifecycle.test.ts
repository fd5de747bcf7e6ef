import { describe, it } from 'vitest'
import {
  expectNothingLeftAfter100Cycles,
  sceneTestEnv,
} from '../../engine/canvas/testing/sceneLifecycle'
import { DiceScene } from './DiceScene'
import type { DiceView } from './diceView'

/** A player's few bets as the scene sees them: no roll yet, a win, a loss, a side switch. */
const VIEWS: readonly DiceView[] = [
  {
    target: 5000,
    direction: 'over',
    roll: null,
    win: null,
    betId: null,
    instant: false,
    decimal: '.',
  },
  {
    target: 5000,
    direction: 'over',
    roll: 7342,
    win: true,
    betId: 'b1',
    instant: false,
    decimal: '.',
  },
  {
    target: 2500,
    direction: 'over',
    roll: 1204,
    win: false,
    betId: 'b2',
    instant: false,
    decimal: '.',
  },
  {
    target: 2500,
    direction: 'under',
    roll: 911,
    win: true,
    betId: 'b3',
    instant: true,
    decimal: ',',
  },
]

const env = sceneTestEnv(800, 300)

describe('DiceScene lifecycle', () => {
  it('mounts, draws a few bets and is destroyed 100 times, leaving nothing behind', async () => {
    // Every view, with the marker mid-flight and landed, and a resize between two bets.
    await expectNothingLeftAfter100Cycles<DiceView>(env, {
      createScene: () => new DiceScene(),
      views: () => VIEWS,
      frames: { count: 30, ms: 16 },
      resize: { afterView: 1, width: 375, height: 240 },
      minDisplayObjects: 3,
      listensToPixi: true,
    })
  }, 60_000)
})
