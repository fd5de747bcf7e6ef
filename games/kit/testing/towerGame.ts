/**
 * Test-only: a stateful game small enough to read at a glance, so the client's stateful kit (the
 * round machine, the verifier, replays) is proven without a real game and without server code.
 * A tower of `floors` floors, three doors on each: a step picks a door, and the floor's trap is
 * `floor(float × 3)` of the round's next float; a safe door climbs, the trap loses. After n floors
 * a cash-out pays `0.99 × 1.5^n` (floored to ten-thousandths); the top floor ends the round
 * (`complete`). The trap of a floor is drawn only when it is played: nothing is secret before.
 */
import { z } from 'zod/mini'
import type { FloatCursor } from '../../engine/fairness'
import type { InstantMultiplier } from '../instant/protocol'
import { statefulLogic } from '../stateful/define'
import { statefulWire } from '../stateful/protocol'

/** The doors of a floor. */
const door = z.int().check(z.minimum(0), z.maximum(2))

/** The opening's params: how many floors the tower has. */
export const towerParamsSchema = z.object({ floors: z.int() })
/** A step: the door the player picks. */
export const towerActionSchema = z.object({ door })
/** A step's outcome: the floor's trap. */
export const towerOutcomeSchema = z.object({ trap: door })
/** What the player sees: each floor played, its door and trap. */
export const towerViewSchema = z.object({
  floors: z.int(),
  played: z.array(z.object({ door, trap: door })),
})
/** The end: nothing was hidden, so the reveal is the floors again. */
export const towerRevealSchema = z.object({ traps: z.array(door) })

/** The tower's params. */
export type TowerParams = z.output<typeof towerParamsSchema>
/** A tower step. */
export type TowerAction = z.output<typeof towerActionSchema>
/** A tower step's outcome. */
export type TowerOutcome = z.output<typeof towerOutcomeSchema>
/** A tower round's view. */
export type TowerView = z.output<typeof towerViewSchema>
/** A tower round's reveal. */
export type TowerReveal = z.output<typeof towerRevealSchema>

/** The multiplier after `floors` safe floors: `0.99 × 1.5^n` in ten-thousandths, floored. */
export const towerMultiplier = (floors: number): InstantMultiplier =>
  (floors === 0 ? 0 : Math.floor(9900 * 1.5 ** floors)) as InstantMultiplier

const lost = (view: TowerView) => view.played.some((p) => p.door === p.trap)

/** The tower's logic: the wire's schemas and the rules (the state is the public view). */
export const towerLogic = statefulLogic({
  params: towerParamsSchema,
  action: towerActionSchema,
  outcome: towerOutcomeSchema,
  view: towerViewSchema,
  reveal: towerRevealSchema,
  example: { floors: 5 },
  rules: {
    refusal: (params) =>
      Number.isInteger(params.floors) && params.floors >= 1 && params.floors <= 8 ? null : 'floors',
    open: (params): TowerView => ({ floors: params.floors, played: [] }),
    stepRefusal: (state: TowerView) =>
      lost(state) || state.played.length >= state.floors ? 'over' : null,
    step(state: TowerView, action, cursor: FloatCursor) {
      const trap = Math.floor(cursor.next() * 3)
      return {
        state: { ...state, played: [...state.played, { door: action.door, trap }] },
        outcome: { trap },
      }
    },
    phase: (state: TowerView) =>
      lost(state) ? 'lost' : state.played.length >= state.floors ? 'complete' : 'open',
    multiplier: (state: TowerView) => towerMultiplier(lost(state) ? 0 : state.played.length),
    view: (state: TowerView) => state,
    reveal: (state: TowerView) => ({ traps: state.played.map((p) => p.trap) }),
  },
  nextMultiplier: (view: TowerView) =>
    lost(view) || view.played.length >= view.floors
      ? null
      : towerMultiplier(view.played.length + 1),
})

/** The tower's wire, as a client parses it. */
export const towerWire = statefulWire(
  'tower',
  towerParamsSchema,
  towerActionSchema,
  towerOutcomeSchema,
  towerViewSchema,
  towerRevealSchema,
)
