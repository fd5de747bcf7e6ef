import { hashPassword } from '../auth/passwords'
import { insertUser } from '../auth/users'
import { CaseCatalogue } from '../games/cases/catalogue'
import { DEMO_CASES } from '../games/cases/demo'
import type { Ledger } from '../ledger/ledger'
import type { Db } from './db'
import { seedCatalogue } from '../catalogue/seed'
import { seedDemoOperator } from '../support/seed'

/** The demo account seeded on first start (also in the README). */
export const DEMO = {
  email: 'demo@tessera.test',
  phone: '+79990000000',
  password: 'tessera-demo',
  /** The public name live tables show: generated-style, like every player's (not `demo`). */
  name: 'GoldenOtter2026',
  /** 10 000.00 RUB in minor units. */
  balance: 1_000_000,
} as const

const DAY_MS = 24 * 3600 * 1000

/**
 * Seeds the demo cases (games/cases/demo.ts) when there are no cases yet, also into a database
 * seeded before cases existed; each passes the catalogue's checks like any other case.
 */
export async function seedDemoCases(db: Db, now = new Date()): Promise<void> {
  const any = await db.query('SELECT 1 FROM cases LIMIT 1')
  if (any.length > 0) return
  const catalogue = new CaseCatalogue(db, () => now.getTime())
  for (const [sort, demo] of DEMO_CASES.entries()) {
    const saved = await catalogue.save({ ...demo, sort })
    if (typeof saved === 'string') throw new Error(`[seed] demo case ${demo.slug}: ${saved}`)
  }
}

/** The advisory lock the demo seed runs under (locks.ts), and how often a waiter asks again. */
const SEED_LOCK = 'seed:demo'
const SEED_LOCK_RETRY_MS = 50

/**
 * Seeds demo data when the database has no payment methods yet: payment methods, bonuses, a
 * welcome pack, a free-spin campaign and the demo account with a RUB balance credited through
 * the ledger; the demo cases, operator and games catalogue whenever they are missing.
 * Idempotent: a second run changes nothing. Two processes starting on one database
 * seed one after the other, under an advisory lock: at once, each saw an empty table and wrote
 * the same rows, and one failed on PostgreSQL's serialization check and exited before listening
 * (seen in statefulTwoProcesses.test.ts).
 */
export async function seedDemo(
  db: Db,
  ledger: Ledger,
  scryptN: number,
  now = new Date(),
): Promise<boolean> {
  const locks = db.sessionLocks()
  try {
    while (!(await locks.tryLock(SEED_LOCK))) {
      await new Promise((resolve) => setTimeout(resolve, SEED_LOCK_RETRY_MS))
    }
    return await seedDemoData(db, ledger, scryptN, now)
  } finally {
    await locks.close()
  }
}

async function seedDemoData(db: Db, ledger: Ledger, scryptN: number, now: Date): Promise<boolean> {
  await seedDemoCases(db, now)
  await seedDemoOperator(db, scryptN)
  // Before the "seeded already" check, like the two above: a database seeded before the
  // catalogue existed gets it too (only missing rows are written).
  await seedCatalogue(db)
  const seeded = await db.query('SELECT 1 FROM payment_methods LIMIT 1')
  if (seeded.length > 0) return false
  const far = new Date(now.getTime() + 365 * DAY_MS)
  await db.transaction(async (tx) => {
    const methods: [
      string,
      string,
      string,
      string,
      number,
      number,
      number,
      string | null,
      string | null,
    ][] = [
      [
        'card-rub',
        'Bank card',
        'Банковская карта',
        'RUB',
        100_00,
        300_000_00,
        0,
        '2200 0000 0000 0000',
        null,
      ],
      [
        'sbp-rub',
        'Faster Payments (SBP)',
        'СБП',
        'RUB',
        100_00,
        100_000_00,
        150,
        null,
        '+7 999 000 00 00',
      ],
      [
        'card-kzt',
        'Bank card',
        'Банковская карта',
        'KZT',
        500_00,
        1_500_000_00,
        0,
        '4400 0000 0000 0000',
        null,
      ],
      [
        'card-usd',
        'Bank card',
        'Банковская карта',
        'USD',
        1_00,
        3_000_00,
        0,
        '4000 0000 0000 0002',
        null,
      ],
      [
        'card-eur',
        'Bank card',
        'Банковская карта',
        'EUR',
        1_00,
        3_000_00,
        0,
        '4000 0000 0000 0010',
        null,
      ],
      ['upi-inr', 'UPI', 'UPI', 'INR', 100_00, 300_000_00, 0, null, null],
    ]
    let sort = 0
    for (const [hash, en, ru, cur, min, max, bp, card, phone] of methods) {
      await tx.query(
        `INSERT INTO payment_methods (hash, name_en, name_ru, currency, exchange_currency, min_amount,
           max_amount, commission_bp, card_number, phone_number, sort)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10)`,
        [hash, en, ru, cur, min, max, bp, card, phone, sort++],
      )
    }
    const bonuses: [string, string, string, string | null, string, number][] = [
      ['WELCOME100', 'Welcome 100%', '100% on your first deposit', null, 'deposit_percent', 100],
      ['SPINS50', '50 free spins', '50 free spins in Book of Tessera', 'RU', 'free_spins', 50],
      ['KZSTART', 'KZ start', '50% on your first deposit', 'KZ', 'deposit_percent', 50],
    ]
    for (const [code, name, title, region, type, value] of bonuses) {
      await tx.query(
        `INSERT INTO bonuses (code, name, public_title, region, type, value, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [code, name, title, region, type, value, far],
      )
    }
    await tx.query(
      `INSERT INTO welcome_packs (name, lifetime_s, steps) VALUES ($1, $2, $3::text::jsonb)`,
      [
        'Welcome pack',
        7 * 24 * 3600,
        JSON.stringify([
          { deposit_number: 1, percent: 100, free_spins: 50, min_deposit: 500_00 },
          { deposit_number: 2, percent: 75, free_spins: 30, min_deposit: 1000_00 },
          { deposit_number: 3, percent: 50, free_spins: 20, min_deposit: 1500_00 },
        ]),
      ],
    )
    await tx.query(
      `INSERT INTO free_spin_campaigns (name, game_id, game_name, spins, bet, currency, expiration_at)
       VALUES ('Welcome spins', 'book-of-tessera', 'Book of Tessera', 50, 1000, 'RUB', $1)`,
      [new Date(now.getTime() + 14 * DAY_MS)],
    )
  })
  const existing = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    DEMO.email,
  ])
  const userId =
    existing[0]?.id ??
    (await insertUser(db, {
      email: DEMO.email,
      phone: DEMO.phone,
      passwordHash: await hashPassword(DEMO.password, scryptN),
      registerMethod: 'email',
      currency: 'RUB',
      locale: 'en',
      countryCode: 'RU',
      name: DEMO.name,
    }))
  if (userId === undefined) throw new Error('[seed] demo user could not be created')
  await db.query(
    `UPDATE users SET is_email_verified = true, is_phone_verified = true, super_bonus = 'WELCOME100',
       verification_status = 'init', verification_is_need = true WHERE id = $1`,
    [userId],
  )
  await db.query(
    `INSERT INTO free_spins (user_id, campaign_id, count, status)
     SELECT $1, id, spins, 'active' FROM free_spin_campaigns ON CONFLICT DO NOTHING`,
    [userId],
  )
  await ledger.deposit({
    userId,
    currency: 'RUB',
    amount: DEMO.balance,
    key: 'seed:demo:initial-balance',
  })
  return true
}
