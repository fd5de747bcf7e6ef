import { beforeAll, describe, expect, it } from 'vitest'
import {
  billingDataResponse,
  bonusResponse,
  depositProcessConfig,
  freeSpinsCampaignResponse,
  freeSpinsResponse,
  paymentStatusResponse,
  profileSettingsResponse,
  profileUserResponse,
  waitingBonusResponse,
  welcomePacksResponse,
} from '../../../contract'
import type { Db } from '../../../server/db/db'
import { startTestApp, type TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'

/** profile, billing and bonus API, run by api.test.ts on each driver over one shared database. */
export function moneySuite(ctx: SuiteContext): void {
  describe('profile, billing and bonus API', () => {
    let db: Db
    let t: TestApp
    let demo: string
    beforeAll(async () => {
      ;({ db, t } = ctx)
      demo = (await t.login()).token
    })

    const profile = async (token: string, query = '') => {
      const res = await t.call('GET', `/api/profile/user${query}`, { token })
      expect(res.statusCode, res.body).toBe(200)
      return profileUserResponse.parse(res.json())
    }
    const newPlayer = async (email: string, promo?: string) => {
      const res = await t.call('POST', '/api/api/v2/auth/register/email', {
        body: { email, password: 'password-123', ...(promo ? { promo } : {}) },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ data: { token: string } }>().data.token
    }
    const createInvoice = (token: string, key: string, body: unknown) =>
      t.call('POST', '/api/billing/payment/create', {
        token,
        body,
        headers: { 'idempotency-key': key },
      })

    it('reads the profile with ledger balances, features and region; whoAreYou sticks once', async () => {
      const p = await profile(demo)
      expect(p.user).toMatchObject({
        balance: 1_000_000,
        total_balance: 1_000_000,
        features: ['bonus_balances'],
      })
      expect(p.user.verification).toEqual({ is_need: true, data: { status: 'init' } })
      const token = await newPlayer('who@tessera.test')
      expect((await profile(token, '?whoAreYou=NOPE')).super_bonus).toBeNull()
      expect((await profile(token, '?whoAreYou=SPINS50')).super_bonus).toBe('SPINS50')
      expect((await profile(token, '?whoAreYou=KZSTART')).super_bonus).toBe('SPINS50')
      const long = await t.call('GET', `/api/profile/user?whoAreYou=${'x'.repeat(300)}`, { token })
      expect(long.statusCode).toBe(422)
    })

    it('changes one setting at a time', async () => {
      const token = await newPlayer('settings@tessera.test')
      for (const body of [
        { locale: 'kz' },
        { timezone: 'Asia/Almaty' },
        { is_avatar_hidden: true },
        { is_statistics_hidden: true },
      ]) {
        const res = await t.call('PUT', '/api/profile/settings', { token, body })
        expect(res.statusCode, res.body).toBe(200)
        expect(profileSettingsResponse.parse(res.json()).user).toMatchObject(body)
      }
      for (const bad of [
        {},
        { locale: 'fr' },
        { locale: 'ru', timezone: 'UTC' },
        { is_avatar_hidden: 'yes' },
      ]) {
        expect(
          (await t.call('PUT', '/api/profile/settings', { token, body: bad })).statusCode,
        ).toBe(422)
      }
    })

    it('lists deposit methods with presets and the waiting bonus', async () => {
      const token = await newPlayer('billing@tessera.test', 'WELCOME100')
      const res = await t.call('GET', '/api/api/v2/billing/data', { token })
      const data = billingDataResponse.parse(res.json())
      expect(data.payments.methods.map((m) => m.hash)).toEqual(['card-rub', 'sbp-rub'])
      const card = data.payments.methods[0]!
      expect(card).toMatchObject({ min_amount: 100_00, max_amount: 300_000_00 })
      expect(card.preset.amounts).toHaveLength(5)
      expect(data.payments.bonus).toEqual({ name: 'Welcome 100%' })
      const waiting = waitingBonusResponse.parse(
        (
          await t.call('GET', '/api/bonus-system/bonus-activation/waiting-reg-and-dep', { token })
        ).json(),
      )
      expect(waiting.data?.code).toBe('WELCOME100')
    })

    it('creates an invoice idempotently, pays it once in the sandbox, credits the ledger and the bonus', async () => {
      const token = await newPlayer('deposit@tessera.test', 'WELCOME100')
      const noKey = await t.call('POST', '/api/billing/payment/create', {
        token,
        body: { method_hash: 'card-rub', amount: 500_00 },
      })
      expect(noKey.statusCode).toBe(400)
      expect(noKey.json().data.message).toBe('idempotency_key_required')
      const low = await createInvoice(token, 'dep-low-0001', {
        method_hash: 'card-rub',
        amount: 99_99,
      })
      expect(low.json().errors.amount[0]).toMatch(/^amount_out_of_range:/)
      const foreign = await createInvoice(token, 'dep-usd-0001', {
        method_hash: 'card-usd',
        amount: 500,
      })
      expect(foreign.json().errors.method_hash[0]).toMatch(/^method_not_found:/)

      const first = await createInvoice(token, 'dep-key-0001', {
        method_hash: 'card-rub',
        amount: 500_00,
      })
      expect(first.statusCode, first.body).toBe(200)
      const config = depositProcessConfig.parse(first.json())
      expect(config).toMatchObject({
        amount: 500_00,
        shop_amount: 500_00,
        commission: 0,
        life_time: 1200,
      })
      const replay = await createInvoice(token, 'dep-key-0001', {
        method_hash: 'card-rub',
        amount: 500_00,
      })
      expect(replay.json().id).toBe(config.id)
      const conflict = await createInvoice(token, 'dep-key-0001', {
        method_hash: 'card-rub',
        amount: 600_00,
      })
      expect(conflict.statusCode).toBe(409)
      expect(conflict.json().data.message).toBe('idempotency_key_reused')

      const status = () => t.call('GET', `/api/billing/payment/status/${config.id}`, { token })
      expect(paymentStatusResponse.parse((await status()).json()).status).toBe(1)
      const page = await t.call('GET', `/api/sandbox/pay/${config.id}`)
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('SANDBOX')
      const pay = () => t.call('POST', `/api/sandbox/pay/${config.id}/confirm`)
      expect((await pay()).statusCode).toBe(200)
      expect((await pay()).statusCode).toBe(200)
      expect(paymentStatusResponse.parse((await status()).json()).status).toBe(3)
      const p = await profile(token)
      // 500.00 deposited once (the second confirmation is a replay), plus the 100% welcome bonus.
      expect(p.user).toMatchObject({
        balance: 500_00,
        bonus_balance: 500_00,
        total_balance: 1000_00,
      })
      const waiting = await t.call(
        'GET',
        '/api/bonus-system/bonus-activation/waiting-reg-and-dep',
        {
          token,
        },
      )
      expect(waiting.json()).toEqual({ data: null })
      // Someone else's invoice does not exist for this player.
      expect(
        (await t.call('GET', `/api/billing/payment/status/${config.id}`, { token: demo }))
          .statusCode,
      ).toBe(404)
      expect(
        (await t.call('GET', '/api/billing/payment/status/not-a-uuid', { token })).statusCode,
      ).toBe(404)
    })

    it('takes the commission, expires unpaid invoices, and serialises concurrent creations', async () => {
      let token = await newPlayer('commission@tessera.test')
      const sbp = depositProcessConfig.parse(
        (
          await createInvoice(token, 'sbp-key-0001', { method_hash: 'sbp-rub', amount: 1000_00 })
        ).json(),
      )
      expect(sbp).toMatchObject({
        commission: 15_00,
        shop_amount: 985_00,
        card: { phone_number: '+7 999 000 00 00' },
      })
      t.clock.advance(1201_000)
      // 20 minutes outlive the access token: sign in again.
      token = (await t.login('commission@tessera.test', 'password-123')).token
      const status = await t.call('GET', `/api/billing/payment/status/${sbp.id}`, { token })
      expect(status.json().status).toBe(4)
      const late = await t.call('POST', `/api/sandbox/pay/${sbp.id}/confirm`)
      expect(late.statusCode).toBe(410)
      expect((await profile(token)).user.balance).toBe(0)

      const racing = await Promise.all(
        Array.from({ length: 6 }, () =>
          createInvoice(token, 'race-key-0001', { method_hash: 'card-rub', amount: 200_00 }),
        ),
      )
      expect(new Set(racing.map((r) => r.json().id)).size).toBe(1)
      await Promise.all(
        Array.from({ length: 4 }, () =>
          t.call('POST', `/api/sandbox/pay/${racing[0]!.json().id}/confirm`),
        ),
      )
      expect((await profile(token)).user.balance).toBe(200_00)
    })

    it('pays automatically after SANDBOX_PAY_DELAY_MS', async () => {
      const auto = await startTestApp(db, { SANDBOX_PAY_DELAY_MS: '30' })
      try {
        const token = (
          await auto.call('POST', '/api/api/v2/auth/register/email', {
            body: { email: 'auto@tessera.test', password: 'password-123' },
          })
        ).json().data.token
        const inv = await auto.call('POST', '/api/billing/payment/create', {
          token,
          body: { method_hash: 'card-rub', amount: 300_00 },
          headers: { 'idempotency-key': 'auto-key-0001' },
        })
        let status = 1
        for (let i = 0; i < 100 && status !== 3; i++) {
          await new Promise((r) => setTimeout(r, 50))
          status = (
            await auto.call('GET', `/api/billing/payment/status/${inv.json().id}`, { token })
          ).json().status
        }
        expect(status).toBe(3)
      } finally {
        await auto.close()
      }
    })

    it('answers promo bonuses and the guest welcome packs', async () => {
      const ok = await t.call('GET', '/api/bonus-system/bonus/SPINS50')
      expect(bonusResponse.parse(ok.json()).data).toMatchObject({
        name: '50 free spins',
        region: 'RU',
        publicTitle: '50 free spins in Book of Tessera',
      })
      expect(ok.json().data.expires_in).toBeGreaterThan(0)
      const missing = await t.call('GET', '/api/bonus-system/bonus/NOPE')
      expect(missing.statusCode).toBe(404)
      expect(missing.json().data.message).toBe('bonus_not_found')
      expect((await t.call('GET', '/api/bonus-system/bonus/bad%20promo!')).statusCode).toBe(404)
      const packs = welcomePacksResponse.parse(
        (await t.call('GET', '/api/api/v3/welcome-pack/get-welcome-packs-guest')).json(),
      )
      expect(packs.data[0]?.steps).toHaveLength(3)
      expect(packs.data[0]?.expires_in).toBe(7 * 24 * 3600)
    })

    it('lists, reads and cancels free spins', async () => {
      const token = (await t.login()).token
      const list = freeSpinsResponse.parse(
        (await t.call('GET', '/api/profile/freeSpins', { token })).json(),
      )
      expect(list.data).toHaveLength(1)
      const spin = list.data[0]!
      expect(spin.game).toEqual({ id: 'book-of-tessera', name: 'Book of Tessera' })
      const campaign = await t.call('GET', `/api/api/freeSpinsCampaigns/${spin.campaign_id}`, {
        token,
      })
      expect(freeSpinsCampaignResponse.parse(campaign.json()).data).toMatchObject({
        spins: 50,
        status: 'active',
      })
      expect((await t.call('GET', '/api/api/freeSpinsCampaigns/999', { token })).statusCode).toBe(
        404,
      )
      expect((await t.call('GET', '/api/api/freeSpinsCampaigns/abc', { token })).statusCode).toBe(
        404,
      )
      const other = await newPlayer('nospins@tessera.test')
      expect(
        (
          await t.call('PUT', `/api/api/v2/freeSpinsCampaigns/cancel/${spin.campaign_id}`, {
            token: other,
          })
        ).statusCode,
      ).toBe(404)
      const cancel = await t.call(
        'PUT',
        `/api/api/v2/freeSpinsCampaigns/cancel/${spin.campaign_id}`,
        { token },
      )
      expect(cancel.statusCode).toBe(200)
      expect((await t.call('GET', '/api/profile/freeSpins', { token })).json().data).toEqual([])
      const after = await t.call('GET', `/api/api/freeSpinsCampaigns/${spin.campaign_id}`, {
        token,
      })
      expect(after.json().data.status).toBe('cancelled')
    })
  })
}
