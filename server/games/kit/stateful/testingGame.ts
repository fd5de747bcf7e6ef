/**
 * Test support (used by tests only): the coin-streak game of testing.ts as a stateful game's
 * definition, so the module (module.ts) is served and tested without the real games: id `streak`
 * (not a limits group, so it bets in coinflip's limits), on the `coinflip` service. Its auto play
 * is a chosen sequence of calls settled in one instant bet, as coinflip's is.
 */
import { z } from 'zod/mini'
import type { FloatCursor } from '../../../../games/engine/fairness'
import type { Minor } from '../../../../games/engine/money'
import { gameFacts } from '../../../../games/kit/define'
import { instantLogic } from '../../../../games/kit/instant/define'
import { MULTIPLIER_SCALE, type InstantMultiplier } from '../../../../games/kit/instant/protocol'
import { exactPayout } from '../../../../games/kit/stateful/rules'
import { statefulLogic } from '../../../../games/kit/stateful/define'
import type { StatefulModuleGame } from './module'
import { streakRules, streakWire, type Side } from './testing'

const side = z.enum(['heads', 'tails'])

/** What a streak of `n` right calls pays, in ten-thousandths (0.99 x 2^n), as the rules say. */
const streakMultiplier = (n: number) =>
  Math.floor(0.99 * 2 ** n * MULTIPLIER_SCALE) as InstantMultiplier

/** Auto play: the calls chosen beforehand, flipped until the first wrong one. */
export const streakAuto = instantLogic({
  params: z.object({ calls: z.array(side) }),
  outcome: z.object({ sides: z.array(side) }),
  rules: {
    game: 'streak',
    refusal: ({ calls }) => (calls.length >= 1 && calls.length <= 20 ? null : 'bad_request'),
    maxPayout: ({ calls }, amount) =>
      Number(exactPayout(amount, streakMultiplier(calls.length))) as Minor,
    settle({ calls }, amount, floats: FloatCursor) {
      const sides: Side[] = []
      for (const call of calls) {
        sides.push(floats.next() < 0.5 ? 'heads' : 'tails')
        if (sides.at(-1) !== call)
          return { outcome: { sides }, multiplier: 0 as InstantMultiplier, payout: 0 as Minor }
      }
      const multiplier = streakMultiplier(calls.length)
      return {
        outcome: { sides },
        multiplier,
        payout: Number(exactPayout(amount, multiplier)) as Minor,
      }
    },
  },
  describe: ({ sides }) => sides.join(' '),
  example: { calls: ['heads'] },
  fair: { usage: 'side = float < 0.5 ? heads : tails' },
})

/** The coin-streak game's logic: the schemas of its wire (testing.ts) and its rules. */
export const streakLogic = statefulLogic({
  ...streakWire.schemas,
  rules: streakRules,
  example: { flips: 3 },
  auto: streakAuto,
})

/** The coin-streak game's definition, as a game's `game.ts` would write it. */
export const STREAK_GAME: StatefulModuleGame = {
  ...gameFacts('stateful', { id: 'streak', service: 'coinflip', limits: 'coinflip' }),
  limits: 'coinflip',
  logic: () => Promise.resolve(streakLogic),
}
