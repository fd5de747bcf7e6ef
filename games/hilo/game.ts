/**
 * Hilo's definition: guess whether the next card is higher or lower, on the shared `general`
 * service (SPEC.md section 7 names no hilo service) and in the `hilo` limits group. Everything
 * else about the game (its wire, namespace, round machine, server module, verifier entry) is
 * derived from this and its logic (`protocol.ts`); see docs/adding-a-game.md.
 */
import { defineStatefulGame } from '../kit/stateful/define'

/** Hilo. */
export const hiloGame = defineStatefulGame({
  id: 'hilo',
  service: 'general',
  logic: () => import('./protocol').then((m) => m.hiloLogic),
})
