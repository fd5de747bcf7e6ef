import { hashPassword } from '../auth/passwords'
import { insertUser } from '../auth/users'
import type { Db } from '../db/db'

/** The demo support operator seeded with the demo data (also in the README). */
export const DEMO_OPERATOR = {
  email: 'operator@tessera.test',
  password: 'tessera-operator',
  name: 'SupportOperator',
} as const

/**
 * Seeds the demo operator account (role `operator`) unless it exists, also into a database seeded
 * before the support chat existed. Idempotent.
 */
export async function seedDemoOperator(db: Db, scryptN: number): Promise<void> {
  const found = await db.query('SELECT 1 FROM users WHERE email = $1', [DEMO_OPERATOR.email])
  if (found.length > 0) return
  const id = await insertUser(db, {
    email: DEMO_OPERATOR.email,
    passwordHash: await hashPassword(DEMO_OPERATOR.password, scryptN),
    registerMethod: 'email',
    currency: 'RUB',
    countryCode: 'RU',
    name: DEMO_OPERATOR.name,
  })
  if (id !== undefined) {
    await db.query("UPDATE users SET role = 'operator', is_email_verified = true WHERE id = $1", [
      id,
    ])
  }
}
