/**
 * Coinflip, as the shell, the tools and the tests see it: the definition, the logic and rules,
 * the scene's view, and the page's parts. Exports are listed by name (lint bans `export *`).
 */
export { coinflipGame } from './game'
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
