/**
 * Money: integer minor units behind a brand, the currencies and their limits from SPEC.md
 * section 9, and locale formatting. Pure and isomorphic: the client, the server and the ledger all
 * use it.
 */
export {
  minor,
  toMinor,
  addMinor,
  subtractMinor,
  sumMinor,
  minorSchema,
  ZERO,
  type Minor,
  type Result,
} from './minor'
export {
  CURRENCIES,
  DEFAULT_CURRENCY,
  MINOR_EXPONENT,
  currencySchema,
  isCurrency,
  minorPerMajor,
  type Currency,
} from './currency'
export {
  BET_GAMES,
  ROOMS,
  MIN_PAYOUT,
  MAX_BET_PAYOUT,
  WHEEL_MAX,
  betLimits,
  checkBet,
  maxBetPayout,
  roomPrice,
  type BetGame,
  type BetLimits,
  type BetAmountError,
  type Room,
} from './limits'
export {
  MONEY_NUMBER_LOCALE,
  formatMoney,
  parseMoney,
  toDecimalString,
  type FormatMoneyOptions,
  type MoneyLocale,
  type ParseMoneyError,
} from './format'
export {
  decimalSign,
  formatChance,
  formatCount,
  formatDecimal,
  formatMultiplierText,
  formatPaidMultiplier,
  inputDecimal,
} from './numbers'
