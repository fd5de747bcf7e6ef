import type { FastifyInstance } from 'fastify'
import {
  idParams,
  profileSettingsRequest,
  profileUserQuery,
  vipJoinRequest,
  type FreeSpinsCampaign,
  type FreeSpinsResponse,
  type ProfileSettingsResponse,
  type ProfileUserResponse,
} from '../../../contract'
import { findUser, userView } from '../../auth/users'
import type { Services } from '../../services'
import { authOf, requireUser } from '../auth'
import { messageError, unauthenticated } from '../errors'
import { parseBody, parseParams, parseQuery } from '../parse'

/** The profile: user, settings, free spins and campaigns, VIP club requests. */
export function profileRoutes(app: FastifyInstance, s: Services): void {
  const signedIn = { preHandler: requireUser(s) }
  const me = async (userId: number) => {
    const user = await findUser(s.db, { id: userId })
    if (!user) throw unauthenticated()
    return user
  }

  app.get('/profile/user', signedIn, async (req) => {
    const { whoAreYou } = parseQuery(profileUserQuery, req)
    const auth = authOf(req)
    let user = await me(auth.userId)
    // A super bonus remembered by the browser (cookie) sticks to an account that has none yet.
    if (whoAreYou && !user.super_bonus) {
      const known = await s.db.query('SELECT 1 FROM bonuses WHERE code = $1', [whoAreYou])
      if (known.length > 0) {
        await s.db.query(
          'UPDATE users SET super_bonus = $2 WHERE id = $1 AND super_bonus IS NULL',
          [user.id, whoAreYou],
        )
        user = await me(auth.userId)
      }
    }
    return {
      user: await userView(s.db, user),
      fresh_token: await s.sessions.freshAccessToken(auth),
      super_bonus: user.super_bonus,
    } satisfies ProfileUserResponse
  })

  app.put('/profile/settings', signedIn, async (req) => {
    const body = parseBody(profileSettingsRequest, req)
    const { userId } = authOf(req)
    // The schema admits exactly one known key, so the column name comes from a closed set.
    const [column, value] = Object.entries(body)[0] as [string, unknown]
    await s.db.query(`UPDATE users SET ${column} = $2 WHERE id = $1`, [userId, value])
    // Public feeds read the setting from memory: the player's next row follows it.
    if (column === 'is_statistics_hidden') s.privacy.setHidden(userId, value === true)
    if (column === 'is_avatar_hidden') s.privacy.setAvatarHidden(userId, value === true)
    return {
      success: true,
      user: await userView(s.db, await me(userId)),
    } satisfies ProfileSettingsResponse
  })

  app.get('/profile/freeSpins', signedIn, async (req) => {
    const rows = await s.db.query<{
      id: number
      campaign_id: number
      game_id: string
      game_name: string
      count: number
      expiration_at: Date
    }>(
      `SELECT f.id, f.campaign_id, c.game_id, c.game_name, f.count, c.expiration_at
       FROM free_spins f JOIN free_spin_campaigns c ON c.id = f.campaign_id
       WHERE f.user_id = $1 AND f.status = 'active' AND c.expiration_at > $2 ORDER BY c.expiration_at`,
      [authOf(req).userId, s.now()],
    )
    return {
      data: rows.map((r) => ({
        id: r.id,
        campaign_id: r.campaign_id,
        game: { id: r.game_id, name: r.game_name },
        count: r.count,
        expiration_at: r.expiration_at.toISOString(),
      })),
    } satisfies FreeSpinsResponse
  })

  const campaignOf = async (userId: number, id: number) => {
    const rows = await s.db.query<{
      id: number
      name: string
      game_id: string
      game_name: string
      count: number
      bet: number
      currency: FreeSpinsCampaign['currency']
      status: string
      expiration_at: Date
    }>(
      `SELECT c.id, c.name, c.game_id, c.game_name, f.count, c.bet, c.currency, f.status, c.expiration_at
       FROM free_spin_campaigns c JOIN free_spins f ON f.campaign_id = c.id AND f.user_id = $1
       WHERE c.id = $2`,
      [userId, id],
    )
    const r = rows[0]
    if (!r) throw messageError(404, 'not_found', { id })
    const expired = r.expiration_at.getTime() <= s.now().getTime()
    return {
      id: r.id,
      name: r.name,
      game: { id: r.game_id, name: r.game_name },
      spins: r.count,
      bet: r.bet as FreeSpinsCampaign['bet'],
      currency: r.currency,
      status:
        r.status === 'active' && expired ? 'expired' : (r.status as FreeSpinsCampaign['status']),
      expiration_at: r.expiration_at.toISOString(),
    } satisfies FreeSpinsCampaign
  }

  app.get('/api/freeSpinsCampaigns/:id', signedIn, async (req) => {
    const { id } = parseParams(idParams, req)
    return { data: await campaignOf(authOf(req).userId, id) }
  })

  app.put('/api/v2/freeSpinsCampaigns/cancel/:id', signedIn, async (req) => {
    const { id } = parseParams(idParams, req)
    const { userId } = authOf(req)
    await campaignOf(userId, id)
    await s.db.query(
      `UPDATE free_spins SET status = 'cancelled' WHERE user_id = $1 AND campaign_id = $2 AND status = 'active'`,
      [userId, id],
    )
    return { success: true }
  })

  app.post('/api/v2/vip/join', signedIn, async (req) => {
    const body = parseBody(vipJoinRequest, req)
    await s.db.query(
      `INSERT INTO marketing_events (kind, user_id, data) VALUES ('vip_join', $1, $2::text::jsonb)`,
      [authOf(req).userId, JSON.stringify(body)],
    )
    return { success: true }
  })
}
