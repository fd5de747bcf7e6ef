import type { Currency, Locale, User } from '../../contract'
import type { Db, Queryable } from '../db/db'
import { userBalances } from '../ledger/accounts'
import { generatePublicName } from './publicName'

/** A users row as the server reads it. */
export interface UserRow {
  id: number
  email: string | null
  phone: string | null
  name: string | null
  password_hash: string | null
  currency: Currency
  locale: Locale | null
  timezone: string | null
  register_method: 'email' | 'phone' | 'social'
  is_email_verified: boolean
  is_phone_verified: boolean
  is_avatar_hidden: boolean
  is_statistics_hidden: boolean
  is_premium: boolean
  verification_is_need: boolean
  verification_status: string | null
  features: string[]
  country_code: string
  super_bonus: string | null
}

const COLUMNS = `id, email, phone, name, password_hash, currency, locale, timezone, register_method,
  is_email_verified, is_phone_verified, is_avatar_hidden, is_statistics_hidden, is_premium,
  verification_is_need, verification_status, features, country_code, super_bonus`

/** Finds a user by id, e-mail or phone. */
export async function findUser(
  q: Queryable,
  by: { id: number } | { email: string } | { phone: string },
): Promise<UserRow | undefined> {
  const [column, value] =
    'id' in by ? ['id', by.id] : 'email' in by ? ['email', by.email] : ['phone', by.phone]
  const rows = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE ${column} = $1`, [value])
  return rows[0]
}

/** Fields of a new account. */
export interface NewUser {
  email?: string | null
  phone?: string | null
  passwordHash?: string | null
  registerMethod: UserRow['register_method']
  currency: Currency
  locale?: Locale | null
  timezone?: string | null
  countryCode: string
  attribution?: Record<string, unknown>
  socialProvider?: string
  socialSubject?: string
  features?: string[]
  /** The public name; generated when not given (never taken from the e-mail or phone). */
  name?: string
}

/** Features every new account gets. */
export const DEFAULT_FEATURES = ['bonus_balances']

/**
 * Inserts a user with a generated public name unless one is given; returns undefined when the
 * e-mail or phone is already taken. Every registration route (e-mail, phone, social) comes here.
 */
export async function insertUser(q: Queryable, u: NewUser): Promise<number | undefined> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO users (email, phone, password_hash, register_method, currency, locale, timezone,
       country_code, attribution, social_provider, social_subject, features, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10, $11, $12, $13)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      u.email ?? null,
      u.phone ?? null,
      u.passwordHash ?? null,
      u.registerMethod,
      u.currency,
      u.locale ?? null,
      u.timezone ?? null,
      u.countryCode,
      JSON.stringify(u.attribution ?? {}),
      u.socialProvider ?? null,
      u.socialSubject ?? null,
      u.features ?? DEFAULT_FEATURES,
      u.name ?? generatePublicName({ email: u.email, phone: u.phone }),
    ],
  )
  return rows[0]?.id
}

/** The `user` object of the profile call, with balances read from the ledger. */
export async function userView(db: Db, row: UserRow): Promise<User> {
  const b = await userBalances(db, row.id, row.currency)
  const status = row.verification_status as
    NonNullable<User['verification']['data']>['status'] | null
  return {
    id: row.id as User['id'],
    name: row.name,
    email: row.email,
    phone: row.phone,
    balance: b.real as User['balance'],
    // Wagering is not modelled yet: bonus money is released as it is won, so nothing is owed.
    bonus: 0 as User['bonus'],
    bonus_balance: b.bonus as User['bonus_balance'],
    total_balance: (b.real + b.bonus) as User['total_balance'],
    currency: row.currency,
    locale: row.locale,
    timezone: row.timezone,
    image: { small: null },
    register_method: row.register_method,
    is_phone_verified: row.is_phone_verified,
    is_email_verified: row.is_email_verified,
    is_password_exists: row.password_hash !== null,
    premium: { status: row.is_premium },
    is_avatar_hidden: row.is_avatar_hidden,
    is_statistics_hidden: row.is_statistics_hidden,
    verification: {
      is_need: row.verification_is_need,
      data: status ? { status } : null,
    },
    features: row.features,
    region: row.country_code === 'KZ' ? 'KZ' : 'RU',
  }
}
