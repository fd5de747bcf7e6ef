import { z } from 'zod/mini'
import { INSTANT_GAME_IDS } from '../games/registry'
import { currency, locale, minor, region, text, userId } from './common'

/** Raw verification statuses; the client maps them to pending, failed or success (SPEC.md §4). */
export const verificationStatus = z.enum([
  'init',
  'waiting',
  'user_pending',
  'pending',
  'failed',
  'unverified',
  'success',
  'verified',
])
export type VerificationStatus = z.infer<typeof verificationStatus>

/** How the account was created. */
export const registerMethod = z.enum(['email', 'phone', 'social'])

/**
 * The signed-in user (SPEC.md section 3). Money fields are integer minor units read from the
 * ledger: `balance` real money, `bonus_balance` bonus money, `total_balance` their sum, `bonus`
 * the wagering still required before bonus money becomes real.
 */
export const user = z.object({
  id: userId,
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  balance: minor,
  bonus: minor,
  bonus_balance: minor,
  total_balance: minor,
  currency: z.nullable(currency),
  locale: z.nullable(locale),
  timezone: z.nullable(z.string()),
  image: z.object({ small: z.nullable(z.string()) }),
  register_method: registerMethod,
  is_phone_verified: z.boolean(),
  is_email_verified: z.boolean(),
  is_password_exists: z.boolean(),
  premium: z.object({ status: z.boolean() }),
  is_avatar_hidden: z.boolean(),
  is_statistics_hidden: z.boolean(),
  verification: z.object({
    is_need: z.boolean(),
    data: z.nullable(z.object({ status: verificationStatus })),
  }),
  /** Feature flag names enabled for this user (e.g. `bonus_balances`). */
  features: z.array(z.string()),
  region,
})
export type User = z.infer<typeof user>

/** GET /profile/user query: `whoAreYou` echoes the saved super_bonus cookie. */
export const profileUserQuery = z.object({
  whoAreYou: z.optional(text(256)),
})

/** GET /profile/user answer. `fresh_token` is set when the session token was rotated. */
export const profileUserResponse = z.object({
  user,
  fresh_token: z.nullable(z.string()),
  super_bonus: z.nullable(z.string()),
})
export type ProfileUserResponse = z.infer<typeof profileUserResponse>

/** PUT /profile/settings: exactly one setting per call. */
export const profileSettingsRequest = z.union([
  z.strictObject({ locale }),
  z.strictObject({ timezone: text(64, 1) }),
  z.strictObject({ is_avatar_hidden: z.boolean() }),
  z.strictObject({ is_statistics_hidden: z.boolean() }),
])
export type ProfileSettingsRequest = z.input<typeof profileSettingsRequest>
/** PUT /profile/settings answer: the updated user. */
export const profileSettingsResponse = z.object({ success: z.literal(true), user })
export type ProfileSettingsResponse = z.infer<typeof profileSettingsResponse>

/** A free-spin grant of the user: GET /profile/freeSpins answers `{ data: FreeSpin[] }`. */
export const freeSpin = z.object({
  id: z.int().check(z.positive()),
  campaign_id: z.int().check(z.positive()),
  game: z.object({ id: z.string(), name: z.string() }),
  count: z.int().check(z.nonnegative()),
  /** ISO 8601 instant. */
  expiration_at: z.string(),
})
export type FreeSpin = z.infer<typeof freeSpin>
export const freeSpinsResponse = z.object({ data: z.array(freeSpin) })
export type FreeSpinsResponse = z.infer<typeof freeSpinsResponse>

/** GET /api/freeSpinsCampaigns/{id} answer. */
export const freeSpinsCampaign = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  game: z.object({ id: z.string(), name: z.string() }),
  spins: z.int().check(z.nonnegative()),
  bet: minor,
  currency,
  status: z.enum(['active', 'cancelled', 'expired', 'used']),
  expiration_at: z.string(),
})
export type FreeSpinsCampaign = z.infer<typeof freeSpinsCampaign>
export const freeSpinsCampaignResponse = z.object({ data: freeSpinsCampaign })
/** Positive integer id in a path. */
export const idParams = z.object({
  id: z.pipe(z.coerce.number(), z.int().check(z.positive(), z.lte(2_147_483_647))),
})

/** POST api/v2/vip/join */
export const vipJoinRequest = z.object({ request_type: z.enum(['join', 'callback']) })

// --- the profile area: sessions and history (designed here, see docs/api.md) -----------------

/** A session id as the server issues it (a positive integer). */
export type SessionId = number & { readonly __brand: 'SessionId' }
/** A positive session id. */
export const sessionId = z.pipe(
  z.int().check(z.positive()),
  z.transform((n: number) => n as SessionId),
)

/**
 * One live session of the signed-in player (GET /profile/sessions). Times are ISO 8601 instants;
 * `user_agent` and `ip` are what the log-in request carried, null for sessions started before
 * they were recorded. `current` marks the session that asked.
 */
export const profileSession = z.object({
  id: sessionId,
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  current: z.boolean(),
})
export type ProfileSession = z.infer<typeof profileSession>

/**
 * GET /profile/sessions answer: live sessions, the current one first, then by last activity.
 * `previous_login_at` is when the session before the current one started (ended or not), null
 * on a first log-in.
 */
export const profileSessionsResponse = z.object({
  data: z.array(profileSession),
  previous_login_at: z.nullable(z.string()),
})
export type ProfileSessionsResponse = z.infer<typeof profileSessionsResponse>

/** DELETE /profile/sessions/{id} params: another live session of the same player. */
export const sessionParams = z.object({
  id: z.pipe(z.coerce.number(), z.int().check(z.positive(), z.lte(Number.MAX_SAFE_INTEGER))),
})

/** What GET /profile/history lists. */
export const historyKind = z.enum(['bets', 'deposits'])
export type HistoryKind = z.infer<typeof historyKind>

/** Page sizes of GET /profile/history. */
export const HISTORY_LIMIT = { default: 20, max: 100 } as const

/**
 * GET /profile/history query. `cursor` is the `next_cursor` of the previous page (opaque to the
 * client); pages are newest first.
 */
export const profileHistoryQuery = z.object({
  kind: historyKind,
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/))),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(HISTORY_LIMIT.max))),
    HISTORY_LIMIT.default,
  ),
})
/** The query as the client sends it (the schema coerces the query string on the server). */
export interface ProfileHistoryQuery {
  readonly kind: HistoryKind
  readonly cursor?: string
  readonly limit?: number
}

/**
 * A crash bet of the history (the history's items are discriminated on `game`). `multiplier` is the
 * cash-out in integer hundredths (250 = 2.50x), null when the bet did not cash out; `payout` is
 * what was paid back (0 for a loss, the stake for a refund, null while the round runs).
 */
export const crashBetHistoryItem = z.object({
  game: z.literal('crash'),
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  round_id: z.string().check(z.minLength(1), z.maxLength(64)),
  amount: minor,
  currency,
  multiplier: z.nullable(z.int().check(z.gte(100))),
  payout: z.nullable(minor),
  status: z.enum(['pending', 'won', 'lost', 'refunded']),
  created_at: z.string(),
})
/**
 * A rooms purchase of the history: the tickets one purchase bought in a round, whose id names its
 * room first (`red-RUB-12`: room, currency, sequence). Shaped like a crash bet: `payout` is what
 * was paid back (the payout for the winning purchase, 0 for a loss, the cost for a refund, null
 * until the round is drawn), `multiplier` payout / amount in integer hundredths, floored, null
 * until then or for a loss. Its draw's proof opens at `/games/rooms/<room>?round=<round_id>`.
 */
export const roomsBetHistoryItem = z.object({
  game: z.literal('rooms'),
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  round_id: z.string().check(z.minLength(1), z.maxLength(64)),
  amount: minor,
  currency,
  multiplier: z.nullable(z.int().check(z.nonnegative())),
  payout: z.nullable(minor),
  status: z.enum(['pending', 'won', 'lost', 'refunded']),
  created_at: z.string(),
})
/**
 * A settled bet of an instant game (any of the registry's, games/registry.ts): `multiplier` is payout / amount in integer
 * hundredths, floored (a roulette spin may win back less than its stake: 67 = 0.67x), null for a
 * loss. Its proof opens at `/games/<game>?bet=<id>` (GET /api/games/bets/:id).
 */
export const instantBetHistoryItem = z.object({
  game: z.enum(INSTANT_GAME_IDS),
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  amount: minor,
  currency,
  multiplier: z.nullable(z.int().check(z.nonnegative())),
  payout: minor,
  status: z.enum(['won', 'lost']),
  created_at: z.string(),
})
/**
 * The stateful family's games (games/kit/stateful: a round stays open between its steps). A list
 * of its own, not the registry's, so the history's union never has an empty member before a game
 * is registered; a test checks every registered stateful game is here.
 */
export const STATEFUL_HISTORY_GAMES = ['miner', 'hilo', 'coinflip'] as const
/** A stateful game's id, as its history items name it. */
export type StatefulHistoryGame = (typeof STATEFUL_HISTORY_GAMES)[number]
/** True for a stateful game's id (its rounds, and its auto-bets, are stateful history items). */
export function isStatefulHistoryGame(game: string): game is StatefulHistoryGame {
  return (STATEFUL_HISTORY_GAMES as readonly string[]).includes(game)
}

/**
 * A round of a stateful game (miner, hilo, coinflip), or one of its auto-bets (a one-trip instant
 * bet under the game's id). `status` is `open` while the round is in progress: `multiplier` and
 * `payout` are then null, and the round goes on at `/games/<game>`. An ended round or an auto-bet
 * is `won` or `lost` as an instant bet (multiplier in hundredths, floored, null for a loss) and
 * its proof opens at `/games/<game>?bet=<id>`.
 */
export const statefulBetHistoryItem = z.object({
  game: z.enum(STATEFUL_HISTORY_GAMES),
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  amount: minor,
  currency,
  multiplier: z.nullable(z.int().check(z.nonnegative())),
  payout: z.nullable(minor),
  status: z.enum(['open', 'won', 'lost']),
  created_at: z.string(),
})
export type StatefulBetHistoryItem = z.infer<typeof statefulBetHistoryItem>

export const betHistoryItem = z.discriminatedUnion('game', [
  crashBetHistoryItem,
  roomsBetHistoryItem,
  instantBetHistoryItem,
  statefulBetHistoryItem,
])
export type BetHistoryItem = z.infer<typeof betHistoryItem>

/**
 * A deposit (an invoice). `status` is the invoice status of the payment-status call: 1 created,
 * 2 processing, 3 paid, 4 expired, 5 failed; an unpaid invoice past its life reads 4.
 */
export const depositHistoryItem = z.object({
  id: z.uuid(),
  amount: minor,
  commission: minor,
  currency,
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  method: z.string(),
  created_at: z.string(),
})
export type DepositHistoryItem = z.infer<typeof depositHistoryItem>

/** GET /profile/history?kind=bets answer. */
export const betHistoryResponse = z.object({
  kind: z.literal('bets'),
  data: z.array(betHistoryItem),
  next_cursor: z.nullable(z.string()),
})
/** GET /profile/history?kind=deposits answer. */
export const depositHistoryResponse = z.object({
  kind: z.literal('deposits'),
  data: z.array(depositHistoryItem),
  next_cursor: z.nullable(z.string()),
})
/** GET /profile/history answer, discriminated on `kind`. */
export const profileHistoryResponse = z.discriminatedUnion('kind', [
  betHistoryResponse,
  depositHistoryResponse,
])
export type ProfileHistoryResponse = z.infer<typeof profileHistoryResponse>
export type BetHistoryResponse = z.infer<typeof betHistoryResponse>
export type DepositHistoryResponse = z.infer<typeof depositHistoryResponse>
