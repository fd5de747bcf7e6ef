import { describe, expect, it } from 'vitest'

import { ApiError } from './errors'
import { miscEndpoints } from './misc'
import {
  apiAnswering,
  bonus,
  game,
  invoiceId,
  newPassword,
  success,
  user,
  type Case,
} from './test/endpointFixtures'
import { json, testClient } from './test/fakeServer'

const cases: Case[] = [
  [
    'profile.user',
    'GET',
    'profile/user',
    { user, fresh_token: null, super_bonus: null },
    (a) => a.profile.user(),
  ],
  [
    'profile.updateSettings',
    'PUT',
    'profile/settings',
    { success: true, user },
    (a) => a.profile.updateSettings({ locale: 'kz' }),
  ],
  [
    'profile.updatePassword',
    'POST',
    'password/update',
    success,
    (a) => a.profile.updatePassword({ old_password: 'a', ...newPassword }),
  ],
  [
    'profile.setPassword',
    'POST',
    'api/v2/auth/password/set',
    success,
    (a) => a.profile.setPassword({ password: 'correct horse', confirm_password: 'correct horse' }),
  ],
  [
    'profile.freeSpins',
    'GET',
    'profile/freeSpins',
    { data: [{ id: 1, campaign_id: 2, game, count: 10, expiration_at: '2026-12-01T00:00:00Z' }] },
    (a) => a.profile.freeSpins(),
  ],
  [
    'profile.freeSpinsCampaign',
    'GET',
    'api/freeSpinsCampaigns/2',
    {
      data: {
        id: 2,
        name: 'FS',
        game,
        spins: 10,
        bet: 100,
        currency: 'RUB',
        status: 'active',
        expiration_at: '2026-12-01T00:00:00Z',
      },
    },
    (a) => a.profile.freeSpinsCampaign(2),
  ],
  [
    'profile.cancelFreeSpinsCampaign',
    'PUT',
    'api/v2/freeSpinsCampaigns/cancel/2',
    success,
    (a) => a.profile.cancelFreeSpinsCampaign(2),
  ],
  [
    'profile.joinVip',
    'POST',
    'api/v2/vip/join',
    success,
    (a) => a.profile.joinVip({ request_type: 'join' }),
  ],
  [
    'profile.attachSource',
    'POST',
    'attachSource',
    success,
    (a) =>
      a.profile.attachSource({
        stag: null,
        partnerId: null,
        advId: 'ad',
        advertiseUid: null,
        advertiseSource: null,
        cpaOneUid: null,
        prHash: null,
      }),
  ],
  [
    'billing.data',
    'GET',
    'api/v2/billing/data',
    { payments: { methods: [], bonus: null }, 'crypto-payments': [], 'crypto-payouts': [] },
    (a) => a.billing.data(),
  ],
  [
    'billing.paymentStatus',
    'GET',
    `billing/payment/status/${invoiceId}`,
    { id: invoiceId, status: 3, amount: 10000, currency: 'RUB' },
    (a) => a.billing.paymentStatus(invoiceId),
  ],
  [
    'bonus.waitingForDeposit',
    'GET',
    'bonus-system/bonus-activation/waiting-reg-and-dep',
    { data: bonus },
    (a) => a.bonus.waitingForDeposit(),
  ],
  [
    'bonus.promo',
    'GET',
    'bonus-system/bonus/WELCOME',
    { data: bonus },
    (a) => a.bonus.promo('WELCOME'),
  ],
  [
    'bonus.welcomePacksForGuest',
    'GET',
    'api/v3/welcome-pack/get-welcome-packs-guest',
    { data: [] },
    (a) => a.bonus.welcomePacksForGuest(),
  ],
  [
    'misc.mirror',
    'GET',
    'mirror',
    { redirect: null, meta_yandex_verification: null, sso: null },
    (a) => a.misc.mirror(),
  ],
  [
    'misc.mirrorRedirect',
    'POST',
    'middleware/mirrorRedirect',
    { redirect: { newLink: 'https://m.test' } },
    (a) => a.misc.mirrorRedirect({ domain: 'tessera.test' }),
  ],
  [
    'misc.mirrors',
    'POST',
    'middleware/mirror',
    { mirrors: [] },
    (a) => a.misc.mirrors({ domain: 'tessera.test' }),
  ],
  [
    'misc.affiliate',
    'POST',
    'middleware/affiliate',
    { partner: null, adplace: null },
    (a) => a.misc.affiliate({ pr: 'x' }),
  ],
  [
    'misc.reportIp',
    'POST',
    'middleware/ip',
    success,
    (a) => a.misc.reportIp({ host: 'tessera.test', userAgent: 'UA' }),
  ],
  [
    'misc.registerPageOpen',
    'POST',
    'middleware/registerPageOpenEvent',
    success,
    (a) =>
      a.misc.registerPageOpen({ subH: 's', uuid: 'u', click_url: 'https://tessera.test/?subH=s' }),
  ],
  [
    'misc.utm',
    'POST',
    'middleware/utm',
    { advId: 'ad-1' },
    (a) => a.misc.utm({ utm_source: 'a', utm_medium: 'b', utm_campaign: 'c', utm_term: 'd' }),
  ],
]

describe('endpoint functions', () => {
  it.each(cases)(
    '%s calls %s %s and returns the parsed answer',
    async (_name, method, path, body, run) => {
      const { api, seen } = apiAnswering(method, path, body)
      await expect(run(api)).resolves.toEqual(body)
      expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`${method} ${path}`])
    },
  )

  it('sends the whoAreYou query', async () => {
    const profile = apiAnswering('GET', 'profile/user', {
      user,
      fresh_token: null,
      super_bonus: 'sb',
    })
    await profile.api.profile.user({ whoAreYou: 'sb' })
    expect(profile.seen[0]?.url.search).toBe('?whoAreYou=sb')
  })

  it('creates an invoice with its idempotency key', async () => {
    const config = {
      hash: 'h',
      id: invoiceId,
      life_time: 1200,
      amount: 10000,
      shop_amount: 10000,
      commission: 0,
      card: { card_number: null, phone_number: null },
      sum_was_changed: false,
      payment_url: 'https://pay.test/x',
    }
    const { api, seen } = apiAnswering('POST', 'billing/payment/create', config)
    await expect(
      api.billing.createInvoice({ method_hash: 'card', amount: 10000 }, 'payin-0001'),
    ).resolves.toEqual(config)
    expect(seen[0]?.headers.get('idempotency-key')).toBe('payin-0001')
  })

  it('fetches builds/latest.json from the site origin with a cache-busting time', async () => {
    const { api, seen } = apiAnswering('GET', 'builds/latest.json', { id: 'build-42' })
    await expect(api.misc.latestBuild('https://tessera.test', 1700000000000)).resolves.toEqual({
      id: 'build-42',
    })
    expect(seen[0]?.url.href).toBe('https://tessera.test/builds/latest.json?t=1700000000000')
  })

  it('throws an [Api] error naming the path when an answer breaks the contract', async () => {
    const { api, notifications } = apiAnswering('GET', 'api/v2/billing/data', { payments: [] })
    await expect(api.billing.data()).rejects.toThrow(/^\[Api\] GET api\/v2\/billing\/data: /)
    expect(notifications).toEqual([])
  })

  it('rejects a non-positive id before sending anything', () => {
    const { api, seen } = apiAnswering('GET', 'x', {})
    expect(() => api.profile.freeSpinsCampaign(0)).toThrow(/^\[Api\] invalid id 0/)
    expect(seen).toEqual([])
  })
})

describe('geo', () => {
  it('answers allowed with the visitor geo', async () => {
    const geo = { ip: '203.0.113.9', country_code: 'KZ' }
    const { api } = apiAnswering('GET', 'geo_ip', geo)
    await expect(api.misc.geo()).resolves.toEqual({ type: 'allowed', geo })
  })

  it('turns 451 into a blocked result, without a notification', async () => {
    const { client, notifications } = testClient(() =>
      json({ data: { message: 'region_blocked', params: {} } }, 451),
    )
    await expect(miscEndpoints(client).geo()).resolves.toEqual({ type: 'blocked' })
    expect(notifications).toEqual([])
  })

  it('still rejects other failures', async () => {
    const { client } = testClient(() =>
      json({ data: { message: 'internal_error', params: {} } }, 500),
    )
    await expect(miscEndpoints(client).geo()).rejects.toBeInstanceOf(ApiError)
  })
})

describe('background calls', () => {
  it('do not notify on failure (SPEC.md section 8)', async () => {
    const { api, notifications } = apiAnswering('GET', 'nothing', {})
    const silent = [
      api.misc.mirror(),
      api.misc.utm({ utm_source: 'a', utm_medium: 'b', utm_campaign: 'c', utm_term: 'd' }),
      api.misc.reportIp({ host: 'h', userAgent: 'u' }),
      api.misc.registerPageOpen({ subH: 's', uuid: 'u', click_url: 'c' }),
      api.profile.attachSource({
        stag: null,
        partnerId: null,
        advId: null,
        advertiseUid: null,
        advertiseSource: null,
        cpaOneUid: null,
        prHash: null,
      }),
    ]
    const results = await Promise.allSettled(silent)
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
    expect(notifications).toEqual([])
    // ...while an ordinary call does.
    await expect(api.billing.data()).rejects.toBeInstanceOf(ApiError)
    expect(notifications).toHaveLength(1)
  })
})
