/**
 * Test support for the crash server (used by *.test.ts only): a migrated in-memory database,
 * players with money, a recording emitter and a loop on fake time.
 */
import { PROTOCOL_VERSION, type CommandKey } from '../../../games/crash/protocol'
import type { Multiplier } from '../../../games/crash/rules'
import type { Currency, Minor } from '../../../games/engine/money'
import { loadConfig } from '../../config'
import type { Db } from '../../db/db'
import { openTestPglite } from '../../db/testDatabases'
import { createServices, type Services } from '../../services'
import type { Player, UserId } from '../kit/player'
import { fakeScheduler, type FakeScheduler } from '../kit/scheduler'
import type { BetCommand } from './bet'
import { CrashService, type CrashEmitter, type CrashEvent, type CrashOptions } from './CrashService'

/** Public test seed and salt: crash points in tests are known in advance. */
export const TEST_SEED = '5eed'.repeat(16)
export const TEST_SALT = 'a1'.repeat(32)
/** 2026-01-01T00:00:00Z: fake time starts here. */
export const T0 = 1_767_225_600_000
export const BETTING_MS = 6000
export const PAUSE_MS = 3000

/** A fresh PGlite database with every migration applied, and the services over it (a copy of the run's migrated dump: server/db/testDatabases.ts). */
export async function openTestServices(): Promise<Services> {
  const db: Db = await openTestPglite()
  return createServices(loadConfig({ LOG_LEVEL: 'silent' }), db)
}

let players = 0

/** A player with `deposit` minor units of real money and a session token. */
export async function newPlayer(
  services: Services,
  deposit: number,
  currency: Currency = 'RUB',
): Promise<{ user: Player; token: string }> {
  players += 1
  const rows = await services.db.query<{ id: number }>(
    `INSERT INTO users (email, register_method, currency, name) VALUES ($1, 'email', $2, $3) RETURNING id`,
    [`crash-${players}-${crypto.randomUUID()}@test`, currency, `Tester ${players}`],
  )
  const userId = rows[0]!.id as UserId
  if (deposit > 0) {
    await services.ledger.deposit({ userId, currency, amount: deposit, key: `dep-${userId}` })
  }
  const { token } = await services.sessions.create(userId)
  return { user: { userId, name: `Tester ${players}`, currency }, token }
}

/** An emitter that keeps what it was given. */
export class RecordingEmitter implements CrashEmitter {
  readonly events: CrashEvent<'betting' | 'started' | 'bets' | 'crashed'>[] = []
  readonly settled: { userId: UserId; event: CrashEvent<'settled'> }[] = []
  broadcast(event: CrashEvent<'betting' | 'started' | 'bets' | 'crashed'>): void {
    this.events.push(event)
  }
  toUser(userId: UserId, event: CrashEvent<'settled'>): void {
    this.settled.push({ userId, event })
  }
  ofType<T extends 'betting' | 'started' | 'bets' | 'crashed'>(type: T): CrashEvent<T>[] {
    return this.events.filter((e): e is CrashEvent<T> => e.type === type)
  }
}

/** A crash loop on fake time over `services`. */
export async function startTestCrash(
  services: Services,
  overrides: Partial<CrashOptions> = {},
  clock: FakeScheduler = fakeScheduler(T0),
) {
  const emitter = new RecordingEmitter()
  const crash = await CrashService.start({
    db: services.db,
    ledger: services.ledger,
    privacy: services.privacy,
    emitter,
    scheduler: clock,
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    bettingMs: BETTING_MS,
    pauseMs: PAUSE_MS,
    chain: { seedHash: TEST_SEED, salt: TEST_SALT, length: 5000 },
    publicationPath: null,
    ...overrides,
  })
  /** Moves fake time, letting every write a timer starts finish before the next timer. */
  const advance = (ms: number) => clock.advance(ms, () => crash.idle())
  return { crash, clock, emitter, advance }
}

let keys = 0

/** A bet command with a fresh (or the given) key. */
export function betCommand(
  amount: number,
  autoCashoutAt: number | null = null,
  key?: string,
): BetCommand {
  keys += 1
  return {
    type: 'bet',
    v: PROTOCOL_VERSION,
    key: (key ?? `test-key-${keys}-${crypto.randomUUID()}`) as CommandKey,
    amount: amount as Minor,
    currency: 'RUB',
    autoCashoutAt: autoCashoutAt as Multiplier | null,
  }
}

/** A fresh command key. */
export function newKey(): CommandKey {
  return `k-${crypto.randomUUID()}` as CommandKey
}
