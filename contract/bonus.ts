import { z } from 'zod/mini'
import { minor, region } from './common'

/** A promo bonus (SPEC.md section 3). */
export const bonus = z.object({
  code: z.string(),
  name: z.string(),
  /** Seconds until the promo expires (the client's countdown). */
  expires_in: z.int().check(z.nonnegative()),
  /** Region the bonus is offered in; null for all. */
  region: z.nullable(region),
  publicTitle: z.string(),
  type: z.enum(['deposit_percent', 'free_spins', 'fixed']),
  value: z.int().check(z.nonnegative()),
})
export type Bonus = z.infer<typeof bonus>

/** GET /bonus-system/bonus/{promo} */
export const bonusPromoParams = z.object({
  promo: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
})
export const bonusResponse = z.object({ data: bonus })
export type BonusResponse = z.infer<typeof bonusResponse>

/** GET /bonus-system/bonus-activation/waiting-reg-and-dep: the bonus waiting for a deposit. */
export const waitingBonusResponse = z.object({ data: z.nullable(bonus) })
export type WaitingBonusResponse = z.infer<typeof waitingBonusResponse>

/** A welcome pack: bonuses for the first deposits. */
export const welcomePack = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  /** Seconds the pack stays available after registration (SPEC: 7 days). */
  expires_in: z.int().check(z.nonnegative()),
  steps: z.array(
    z.object({
      deposit_number: z.int().check(z.positive()),
      percent: z.int().check(z.nonnegative()),
      free_spins: z.int().check(z.nonnegative()),
      min_deposit: minor,
    }),
  ),
})
export type WelcomePack = z.infer<typeof welcomePack>
/** GET /api/v3/welcome-pack/get-welcome-packs-guest */
export const welcomePacksResponse = z.object({ data: z.array(welcomePack) })
export type WelcomePacksResponse = z.infer<typeof welcomePacksResponse>
