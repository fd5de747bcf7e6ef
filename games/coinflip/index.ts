/**
 * Coinflip, as the shell, the tools and the tests see it: the definition, the logic and rules,
 * the browser side the kit derives (wire, machine, stream), and the game's page (coinflip's module
 * on the kit's `GamePage`). Exports are listed by name (lint bans `export *`).
 */
export { coinflipGame } from './game'
export { coinflipClient } from './client'
export {
  coinflipActionSchema,
  coinflipAutoLogic,
  coinflipLogic,
  coinflipNextMultiplier,
  coinflipOutcomeSchema,
  coinflipParamsSchema,
  coinflipRevealSchema,
  coinflipStatefulRules,
  coinflipViewSchema,
  type CoinflipAction,
  type CoinflipOutcome,
  type CoinflipParams,
  type CoinflipReveal,
  type CoinflipView,
} from './protocol'
export {
  coinflipAutoRules,
  coinflipMultiplier,
  MAX_FLIPS,
  SIDES,
  sideOf,
  type CoinflipAutoOutcome,
  type CoinflipAutoParams,
  type Side,
} from './rules'

/** The live coinflip game for the shell's /games/coinflip page, and coinflip as a kit game module. */
export { CoinflipGame, coinflipModule, type CoinflipGameProps } from './ui/CoinflipGame'
