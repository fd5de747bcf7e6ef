import type { FastifyInstance } from 'fastify'
import {
  bonusPromoParams,
  type Bonus,
  type BonusResponse,
  type WaitingBonusResponse,
  type WelcomePack,
  type WelcomePacksResponse,
} from '../../../contract'
import type { Services } from '../../services'
import { authOf, requireUser } from '../auth'
import { messageError } from '../errors'
import { parseParams } from '../parse'

interface BonusRow {
  code: string
  name: string
  public_title: string
  region: Bonus['region']
  type: Bonus['type']
  value: number
  expires_at: Date
}

function bonusView(r: BonusRow, now: Date): Bonus {
  return {
    code: r.code,
    name: r.name,
    expires_in: Math.max(0, Math.floor((r.expires_at.getTime() - now.getTime()) / 1000)),
    region: r.region,
    publicTitle: r.public_title,
    type: r.type,
    value: r.value,
  }
}

/** A live (unexpired) bonus by promo code. */
export async function liveBonus(s: Services, code: string): Promise<BonusRow | undefined> {
  const rows = await s.db.query<BonusRow>(
    'SELECT code, name, public_title, region, type, value, expires_at FROM bonuses WHERE code = $1 AND expires_at > $2',
    [code, s.now()],
  )
  return rows[0]
}

/** Attaches a promo code given at registration: it waits for the first deposit. */
export async function attachPromo(s: Services, userId: number, code: string): Promise<void> {
  const bonus = await liveBonus(s, code)
  if (!bonus) return
  await s.db.query(
    `INSERT INTO user_bonuses (user_id, bonus_code, status, created_at) VALUES ($1, $2, 'waiting', $3)
     ON CONFLICT DO NOTHING`,
    [userId, code, s.now()],
  )
  await s.db.query('UPDATE users SET super_bonus = COALESCE(super_bonus, $2) WHERE id = $1', [
    userId,
    code,
  ])
}

/** Bonus-system calls and the guest welcome packs. */
export function bonusRoutes(app: FastifyInstance, s: Services): void {
  app.get('/bonus-system/bonus/:promo', async (req) => {
    const { promo } = parseParams(bonusPromoParams, req)
    const row = await liveBonus(s, promo)
    // The client clears its promo cookie on any failure here (SPEC.md section 8).
    if (!row) throw messageError(404, 'bonus_not_found', { promo })
    return { data: bonusView(row, s.now()) } satisfies BonusResponse
  })

  app.get(
    '/bonus-system/bonus-activation/waiting-reg-and-dep',
    { preHandler: requireUser(s) },
    async (req) => {
      const rows = await s.db.query<BonusRow>(
        `SELECT b.code, b.name, b.public_title, b.region, b.type, b.value, b.expires_at
       FROM user_bonuses ub JOIN bonuses b ON b.code = ub.bonus_code
       WHERE ub.user_id = $1 AND ub.status = 'waiting' AND b.expires_at > $2
       ORDER BY ub.id DESC LIMIT 1`,
        [authOf(req).userId, s.now()],
      )
      return { data: rows[0] ? bonusView(rows[0], s.now()) : null } satisfies WaitingBonusResponse
    },
  )

  app.get('/api/v3/welcome-pack/get-welcome-packs-guest', async () => {
    const rows = await s.db.query<{
      id: number
      name: string
      lifetime_s: number
      steps: WelcomePack['steps']
    }>('SELECT id, name, lifetime_s, steps FROM welcome_packs WHERE active ORDER BY id')
    return {
      data: rows.map((r) => ({ id: r.id, name: r.name, expires_in: r.lifetime_s, steps: r.steps })),
    } satisfies WelcomePacksResponse
  })
}
