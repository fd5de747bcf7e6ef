/** Answers that match the protocol, and a one-route fake server, for the endpoint tests. */
import type { Api } from '../index'
import { json, testApi } from './fakeServer'

export const TOKEN = 'tok_0123456789abcdef'
export const REFRESH = 'ref_0123456789abcdef'
export const success = { success: true }
export const codeSent = { success: true, resend_in: 60 }
export const login = {
  success: true,
  token: TOKEN,
  refresh_token: REFRESH,
  expires_in: 900,
  sso: null,
}
export const register = { data: { token: TOKEN, refresh_token: REFRESH, expires_in: 900 } }
export const resetToken = { data: { reset_token: TOKEN } }
export const tokenCheck = { data: { valid: true, expires_in: 600 } }
export const user = {
  id: 7,
  name: 'Demo',
  email: 'demo@tessera.test',
  phone: null,
  balance: 150000,
  bonus: 0,
  bonus_balance: 0,
  total_balance: 150000,
  currency: 'RUB',
  locale: 'ru',
  timezone: null,
  image: { small: null },
  register_method: 'email',
  is_phone_verified: false,
  is_email_verified: true,
  is_password_exists: true,
  premium: { status: false },
  is_avatar_hidden: false,
  is_statistics_hidden: false,
  verification: { is_need: false, data: null },
  features: ['bonus_balances'],
  region: 'RU',
}
export const bonus = {
  code: 'WELCOME',
  name: 'Welcome',
  expires_in: 3600,
  region: null,
  publicTitle: '+100%',
  type: 'deposit_percent',
  value: 100,
}
export const game = { id: 'book-of-ra', name: 'Book' }
export const invoiceId = '0b6f3a51-5a7e-4c39-9d3b-2f0f7a4c1e11'

/** An API whose fake server answers `body` for exactly one method and path, 404 otherwise. */
export function apiAnswering(method: string, path: string, body: unknown) {
  return testApi((request) =>
    request.method === method && request.path === path
      ? json(body)
      : json({ data: { message: 'not_found', params: {} } }, 404),
  )
}

/** name, method, path, answer, call. */
export type Case = readonly [
  name: string,
  method: string,
  path: string,
  body: unknown,
  run: (api: Api) => Promise<unknown>,
]

export const email = { email: 'demo@tessera.test' }
export const phone = { phone: '+77001234567' }
export const newPassword = { password: 'correct horse', password_confirm: 'correct horse' }
