/** A signed-in player for tests, so each test states only what it is about. */
import type { User } from '../../contract'

const base = {
  id: 7,
  name: 'Demo',
  email: 'demo@tessera.test',
  phone: null,
  balance: 0,
  bonus: 0,
  bonus_balance: 0,
  total_balance: 0,
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
  features: [],
  region: 'RU',
}

/**
 * The profile call's user with `changes` applied. Values are given as they arrive on the wire
 * (plain numbers and strings); the cast brands them, as parsing the response would.
 */
export function testUser(changes: Record<string, unknown> = {}): User {
  return { ...base, ...changes } as unknown as User
}
