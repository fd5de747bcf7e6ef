/**
 * Every API call of SPEC.md section 7 (plus the designed invoice creation), with whether it needs
 * a session and a valid example body. The coverage and fuzz tests iterate over this table, so a
 * route added to the server without a line here is caught by the "table is complete" test.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  auth: boolean
  /** A valid body for calls that take one. */
  body?: Record<string, unknown>
  headers?: Record<string, string>
}

const uuid = '00000000-0000-4000-8000-000000000000'

export const endpoints: Endpoint[] = [
  { method: 'GET', path: '/api/profile/user', auth: true },
  { method: 'PUT', path: '/api/profile/settings', auth: true, body: { timezone: 'Europe/Moscow' } },
  {
    method: 'POST',
    path: '/api/password/update',
    auth: true,
    body: { old_password: 'x', password: 'new-password-1', password_confirm: 'new-password-1' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/set',
    auth: true,
    body: { password: 'new-password-1', confirm_password: 'new-password-1' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/register/email',
    auth: false,
    body: { email: 'fuzz@tessera.test', password: 'password-123', fpp: 'fp' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/register/phone',
    auth: false,
    body: { phone: '+79991112233', password: 'password-123' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/login/email/password',
    auth: false,
    body: { email: 'demo@tessera.test', password: 'wrong-password' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/login/email/code',
    auth: false,
    body: { email: 'demo@tessera.test', code: '000000' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/login/phone/password',
    auth: false,
    body: { phone: '+79990000000', password: 'wrong-password' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/login/phone/code?type=sms',
    auth: false,
    body: { phone: '+79990000000', code: '000000' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/login/phone/verification',
    auth: false,
    body: { phone: '+79990000001' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/login/email/verification',
    auth: false,
    body: { email: 'a@b.test' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/login/phone/code/resend?type=sms',
    auth: false,
    body: { phone: '+79990000002' },
  },
  { method: 'POST', path: '/api/login/email/resend', auth: false, body: { email: 'c@d.test' } },
  { method: 'POST', path: '/api/auth/phone/resend', auth: true },
  { method: 'POST', path: '/api/auth/email/resend', auth: true },
  { method: 'POST', path: '/api/auth/email/verify/code', auth: true, body: { code: '000000' } },
  { method: 'POST', path: '/api/auth/phone/verify/code', auth: true, body: { code: '000000' } },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/email/forgot',
    auth: false,
    body: { email: 'e@f.test' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/email/code/confirm',
    auth: false,
    body: { email: 'e@f.test', code: '000000' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/email/token/confirm',
    auth: false,
    body: { token: 'rl_00000000000000000000' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/email/token/check',
    auth: false,
    body: { token: 'rl_00000000000000000000' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/email/reset/token',
    auth: false,
    body: {
      token: 'rl_00000000000000000000',
      password: 'password-123',
      password_confirm: 'password-123',
    },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/email/reset/code',
    auth: false,
    body: {
      reset_token: 'rt_00000000000000000000',
      password: 'password-123',
      password_confirm: 'password-123',
    },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/phone/forgot',
    auth: false,
    body: { phone: '+79990000003' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/phone/code/confirm',
    auth: false,
    body: { phone: '+79990000003', code: '000000' },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/phone/reset',
    auth: false,
    body: {
      reset_token: 'rt_00000000000000000000',
      password: 'password-123',
      password_confirm: 'password-123',
    },
  },
  {
    method: 'POST',
    path: '/api/api/v2/auth/password/phone/token/check',
    auth: false,
    body: { token: 'rt_00000000000000000000' },
  },
  {
    method: 'PUT',
    path: '/api/auth/login',
    auth: false,
    body: { provider: 'google', origin: 'http://tessera.test', promo: null, currency: 'RUB' },
  },
  // Social providers' callbacks (they answer the popup's last page) and that page's script.
  ...['google', 'telegram', 'vk', 'yandex'].map((provider): Endpoint => ({
    method: 'GET',
    path: `/api/auth/social/${provider}/callback?state=ss_00000000000000000000&code=c`,
    auth: false,
  })),
  { method: 'GET', path: '/api/auth/social/popup.js', auth: false },
  { method: 'PUT', path: '/api/auth/logout', auth: true },
  {
    method: 'POST',
    path: '/api/auth/refresh-token',
    auth: false,
    body: { refresh_token: 'tr_00000000000000000000' },
  },
  {
    method: 'POST',
    path: '/api/attachSource',
    auth: true,
    body: {
      stag: 's',
      partnerId: null,
      advId: null,
      advertiseUid: null,
      advertiseSource: null,
      cpaOneUid: null,
      prHash: null,
    },
  },
  { method: 'POST', path: '/api/auth/send_login_data', auth: true, body: { email: 'g@h.test' } },
  { method: 'POST', path: '/api/api/v2/vip/join', auth: true, body: { request_type: 'join' } },
  { method: 'GET', path: '/api/api/v2/billing/data', auth: true },
  {
    method: 'POST',
    path: '/api/billing/payment/create',
    auth: true,
    body: { method_hash: 'card-rub', amount: 100_00 },
    headers: { 'idempotency-key': 'fuzz-key-0001' },
  },
  { method: 'GET', path: `/api/billing/payment/status/${uuid}`, auth: true },
  { method: 'GET', path: '/api/bonus-system/bonus-activation/waiting-reg-and-dep', auth: true },
  { method: 'GET', path: '/api/bonus-system/bonus/WELCOME100', auth: false },
  { method: 'GET', path: '/api/api/v3/welcome-pack/get-welcome-packs-guest', auth: false },
  { method: 'GET', path: '/api/profile/freeSpins', auth: true },
  // The profile area (designed calls, tests/integration/profileArea.test.ts).
  { method: 'GET', path: '/api/profile/sessions', auth: true },
  { method: 'DELETE', path: '/api/profile/sessions/1', auth: true },
  { method: 'GET', path: '/api/profile/history?kind=bets', auth: true },
  { method: 'GET', path: '/api/api/freeSpinsCampaigns/1', auth: true },
  { method: 'PUT', path: '/api/api/v2/freeSpinsCampaigns/cancel/1', auth: true },
  // A finished crash round's proof (server/games/crash/routes.ts, tests/integration/crashRounds.test.ts).
  { method: 'GET', path: '/api/games/crash/rounds/1', auth: false },
  // A drawn room round's proof (server/games/rooms/routes.ts, tests/integration/roomsProof.test.ts).
  { method: 'GET', path: '/api/games/rooms/rounds/1', auth: false },
  // The instant games' seed pair and bet proofs (server/games/kit/instant/routes.ts,
  // tests/integration/instantBets.test.ts).
  { method: 'GET', path: '/api/games/seeds', auth: true },
  { method: 'PUT', path: '/api/games/seeds', auth: true, body: { client_seed: 'my seed' } },
  { method: 'POST', path: '/api/games/seeds/rotate', auth: true, body: {} },
  { method: 'GET', path: '/api/games/bets/1', auth: false },
  // A stateful round's proof (miner, hilo, coinflip: one path for every stateful game).
  { method: 'GET', path: '/api/games/rounds/1', auth: false },
  // The cases catalogue and any item table by its hash (server/games/cases/routes.ts,
  // tests/integration/cases.test.ts).
  { method: 'GET', path: '/api/games/cases', auth: false },
  { method: 'GET', path: '/api/games/cases/1', auth: false },
  { method: 'GET', path: '/api/games/case-tables/1', auth: false },
  // The games catalogue (server/http/routes/catalogue.ts, tests/integration/catalogue.test.ts);
  // `1` names no game: the id slots answer 404.
  { method: 'GET', path: '/api/catalogue/games?kind=slot', auth: false },
  { method: 'GET', path: '/api/catalogue/games/1', auth: false },
  { method: 'GET', path: '/api/catalogue/games/1/image.svg', auth: false },
  { method: 'GET', path: '/api/catalogue/providers?kind=slot', auth: false },
  { method: 'GET', path: '/api/catalogue/categories?kind=live', auth: false },
  { method: 'GET', path: '/api/catalogue/favourites', auth: true },
  { method: 'PUT', path: '/api/catalogue/favourites/1', auth: true },
  { method: 'DELETE', path: '/api/catalogue/favourites/1', auth: true },
  { method: 'GET', path: '/api/catalogue/recent', auth: true },
  // The support chat (server/http/routes/support.ts, tests/integration/supportChat.test.ts).
  { method: 'GET', path: '/api/support/messages', auth: true },
  { method: 'POST', path: '/api/support/messages', auth: true, body: { body: 'Hello' } },
  { method: 'POST', path: '/api/support/attachments?name=a.png', auth: true },
  { method: 'GET', path: '/api/support/attachments/1', auth: true },
  { method: 'GET', path: '/api/support/operator', auth: false },
  { method: 'GET', path: '/api/support/operator.js', auth: false },
  { method: 'GET', path: '/api/support/operator/threads', auth: true },
  { method: 'GET', path: '/api/support/operator/threads/1', auth: true },
  {
    method: 'POST',
    path: '/api/support/operator/threads/1/messages',
    auth: true,
    body: { body: 'Hello' },
  },
  { method: 'GET', path: '/api/geo_ip', auth: false },
  { method: 'GET', path: '/api/config', auth: false },
  // 404 while BOT_CHECK is not `altcha` (the harness runs it off; botcheck.test.ts turns it on).
  { method: 'GET', path: '/api/captcha/challenge', auth: false },
  { method: 'GET', path: '/api/mirror', auth: false },
  { method: 'GET', path: '/api/host_config?host=tessera.test', auth: false },
  {
    method: 'GET',
    path: '/api/sso/enter?ticket=st_x&return=http%3A%2F%2Ftessera.test%2F',
    auth: false,
  },
  {
    method: 'POST',
    path: '/api/middleware/mirrorRedirect',
    auth: false,
    body: { domain: 'old.tessera.test' },
  },
  { method: 'POST', path: '/api/middleware/mirror', auth: false, body: { domain: 'tessera.test' } },
  {
    method: 'POST',
    path: '/api/middleware/affiliate',
    auth: false,
    body: { query: { partner: 'p1' } },
  },
  {
    method: 'POST',
    path: '/api/middleware/ip',
    auth: false,
    body: { host: 'tessera.test', userAgent: 'ua' },
  },
  {
    method: 'POST',
    path: '/api/middleware/registerPageOpenEvent',
    auth: false,
    body: { subH: 'h', uuid: 'fp', click_url: 'http://tessera.test/?subH=h' },
  },
  {
    method: 'POST',
    path: '/api/middleware/utm',
    auth: false,
    body: { utm_source: 's', utm_medium: 'm', utm_campaign: 'c', utm_term: 't' },
  },
  { method: 'GET', path: '/builds/latest.json?t=1', auth: false },
  // The own analytics ingest (posthog-js' calls; bodies in its encodings, tests/integration/
  // analytics.test.ts, so no JSON example here).
  { method: 'POST', path: '/api/ingest/e', auth: false },
  { method: 'POST', path: '/api/ingest/batch', auth: false },
  { method: 'POST', path: '/api/ingest/i/v0/e', auth: false },
  { method: 'POST', path: '/api/ingest/flags', auth: false },
  { method: 'POST', path: '/api/ingest/decide', auth: false },
  { method: 'GET', path: '/api/ingest/array/1/config', auth: false },
  // The seamless wallet game providers call (tests/integration/wallet.test.ts): every call is
  // refused unsigned (401) before its body is read, so no example body here; `1` is the provider.
  { method: 'POST', path: '/api/wallet/1/authenticate', auth: false },
  { method: 'POST', path: '/api/wallet/1/balance', auth: false },
  { method: 'POST', path: '/api/wallet/1/debit', auth: false },
  { method: 'POST', path: '/api/wallet/1/credit', auth: false },
  { method: 'POST', path: '/api/wallet/1/rollback', auth: false },
  // Sandbox providers.
  { method: 'GET', path: '/api/sandbox/outbox', auth: false },
  { method: 'GET', path: '/api/sandbox/attribution', auth: false },
  { method: 'POST', path: `/api/sandbox/pay/${uuid}/confirm`, auth: false },
  {
    method: 'POST',
    path: '/api/sandbox/social/complete',
    auth: false,
    body: { state: 'ss_00000000000000000000', subject: 'p1' },
  },
  { method: 'POST', path: '/api/sandbox/kyc', auth: true, body: { status: 'pending' } },
  { method: 'GET', path: '/api/sandbox/analytics', auth: false },
  { method: 'GET', path: '/api/sandbox/analytics/events', auth: false },
]
