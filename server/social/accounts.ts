import { z } from 'zod'

import type { FastifyRequest } from 'fastify'
import type { IssuedTokens } from '../auth/sessions'
import { insertUser } from '../auth/users'
import { countryOf } from '../http/geo'
import { attachPromo } from '../http/routes/bonus'
import { sessionClient } from '../http/routes/profileArea'
import type { Services } from '../services'

/** What PUT /auth/login kept for the callback: the visitor's choices and attribution. */
export const socialParams = z.object({
  promo: z.string().nullish().catch(null),
  currency: z.enum(['RUB', 'USD', 'KZT', 'INR', 'EUR']).nullish().catch(null),
  partner: z.string().nullish().catch(null),
  adplace: z.string().nullish().catch(null),
  stag: z.string().nullish().catch(null),
  fpp: z.string().nullish().catch(null),
})
/** {@link socialParams} as stored. */
export type SocialParams = z.infer<typeof socialParams>

/**
 * Finds the player of a provider account, creating one on its first log-in with the currency,
 * promo and attribution the log-in started with, and starts a session like every other log-in.
 * `provider` is the account's namespace: a real provider's id, or `sandbox`.
 */
export async function signInSocialAccount(
  s: Services,
  req: FastifyRequest,
  provider: string,
  subject: string,
  params: SocialParams,
): Promise<IssuedTokens> {
  const findAccount = async () =>
    (
      await s.db.query<{ user_id: number }>(
        'SELECT user_id FROM social_accounts WHERE provider = $1 AND subject = $2',
        [provider, subject],
      )
    )[0]?.user_id
  let userId = await findAccount()
  if (userId === undefined) {
    const attribution = {
      partner: params.partner ?? null,
      adplace: params.adplace ?? null,
      stag: params.stag ?? null,
      promo: params.promo ?? null,
      fpp: params.fpp ?? null,
    }
    const created = await insertUser(s.db, {
      registerMethod: 'social',
      currency: params.currency ?? 'RUB',
      countryCode: countryOf(req, s.config),
      attribution,
      socialProvider: provider,
      socialSubject: subject,
    })
    // A concurrent first log-in of the same account may have created the user: take it.
    const id =
      created ??
      (
        await s.db.query<{ id: number }>(
          'SELECT id FROM users WHERE social_provider = $1 AND social_subject = $2',
          [provider, subject],
        )
      )[0]?.id
    if (id === undefined) throw new Error('[social] the account could not be created')
    await s.db.query(
      `INSERT INTO social_accounts (provider, subject, user_id, created_at, last_login_at)
       VALUES ($1, $2, $3, $4, $4) ON CONFLICT DO NOTHING`,
      [provider, subject, id, s.now()],
    )
    if (created !== undefined && params.promo) await attachPromo(s, created, params.promo)
    userId = (await findAccount()) ?? id
  }
  await s.db.query(
    'UPDATE social_accounts SET last_login_at = $3 WHERE provider = $1 AND subject = $2',
    [provider, subject, s.now()],
  )
  return s.sessions.create(userId, sessionClient(req))
}
