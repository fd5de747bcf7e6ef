/**
 * Cases' definition: opening 1–5 cases is one instant bet, on the `cases` service. Its stake is
 * the case's price × the count (its rules' stake rule, not a limits group), and its rules are the
 * case's item table, which the server reads per opening (server/games/cases). Everything else is
 * derived from this and its logic (`protocol.ts`); see docs/adding-a-game.md.
 */
import { defineInstantGame } from '../kit/instant/define'

/** Cases. */
export const casesGame = defineInstantGame({
  id: 'cases',
  service: 'cases',
  limits: null,
  logic: () => import('./protocol').then((m) => m.casesLogic),
})
