import { z } from 'zod'
import { currency, locale, minor, region, userId } from './common'

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
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  balance: minor,
  bonus: minor,
  bonus_balance: minor,
  total_balance: minor,
  currency: currency.nullable(),
  locale: locale.nullable(),
  timezone: z.string().nullable(),
  image: z.object({ small: z.string().nullable() }),
  register_method: registerMethod,
  is_phone_verified: z.boolean(),
  is_email_verified: z.boolean(),
  is_password_exists: z.boolean(),
  premium: z.object({ status: z.boolean() }),
  is_avatar_hidden: z.boolean(),
  is_statistics_hidden: z.boolean(),
  verification: z.object({
    is_need: z.boolean(),
    data: z.object({ status: verificationStatus }).nullable(),
  }),
  /** Feature flag names enabled for this user (e.g. `bonus_balances`). */
  features: z.array(z.string()),
  region,
})
export type User = z.infer<typeof user>

/** GET /profile/user query: `whoAreYou` echoes the saved super_bonus cookie. */
export const profileUserQuery = z.object({ whoAreYou: z.string().max(256).optional() })

/** GET /profile/user answer. `fresh_token` is set when the session token was rotated. */
export const profileUserResponse = z.object({
  user,
  fresh_token: z.string().nullable(),
  super_bonus: z.string().nullable(),
})
export type ProfileUserResponse = z.infer<typeof profileUserResponse>

/** PUT /profile/settings: exactly one setting per call. */
export const profileSettingsRequest = z.union([
  z.strictObject({ locale }),
  z.strictObject({ timezone: z.string().min(1).max(64) }),
  z.strictObject({ is_avatar_hidden: z.boolean() }),
  z.strictObject({ is_statistics_hidden: z.boolean() }),
])
export type ProfileSettingsRequest = z.input<typeof profileSettingsRequest>
/** PUT /profile/settings answer: the updated user. */
export const profileSettingsResponse = z.object({ success: z.literal(true), user })
export type ProfileSettingsResponse = z.infer<typeof profileSettingsResponse>

/** A free-spin grant of the user: GET /profile/freeSpins answers `{ data: FreeSpin[] }`. */
export const freeSpin = z.object({
  id: z.int().positive(),
  campaign_id: z.int().positive(),
  game: z.object({ id: z.string(), name: z.string() }),
  count: z.int().nonnegative(),
  /** ISO 8601 instant. */
  expiration_at: z.string(),
})
export type FreeSpin = z.infer<typeof freeSpin>
export const freeSpinsResponse = z.object({ data: z.array(freeSpin) })
export type FreeSpinsResponse = z.infer<typeof freeSpinsResponse>

/** GET /api/freeSpinsCampaigns/{id} answer. */
export const freeSpinsCampaign = z.object({
  id: z.int().positive(),
  name: z.string(),
  game: z.object({ id: z.string(), name: z.string() }),
  spins: z.int().nonnegative(),
  bet: minor,
  currency,
  status: z.enum(['active', 'cancelled', 'expired', 'used']),
  expiration_at: z.string(),
})
export type FreeSpinsCampaign = z.infer<typeof freeSpinsCampaign>
export const freeSpinsCampaignResponse = z.object({ data: freeSpinsCampaign })
/** Positive integer id in a path. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** POST api/v2/vip/join */
export const vipJoinRequest = z.object({ request_type: z.enum(['join', 'callback']) })
