/**
 * The instant kit of one server (one `Services`): the seed pairs, the bet path and the live tables
 * every instant game shares, since a player's nonce counts the bets of all of them. The game
 * modules, the live module and the HTTP routes of the same app find the same kit.
 */
import type { Services } from '../../../services'
import type { Player } from '../player'
import { consoleLog, type GameLog } from '../log'
import { realScheduler, type Scheduler } from '../scheduler'
import { InstantBets } from './InstantBets'
import { LiveTables } from './live'
import { SeedPairs, type SeedSource } from './seeds'

/** The shared parts of the instant games. */
export interface InstantKit {
  readonly seeds: SeedPairs
  readonly bets: InstantBets
  readonly live: LiveTables
  readonly scheduler: Scheduler
}

const kits = new WeakMap<Services, InstantKit>()

/** Options a test may give before anything uses the kit of `services`. */
export interface InstantKitOptions {
  scheduler?: Scheduler
  log?: GameLog
  /** Fixed seeds, so a test's outcomes are the same every run. */
  seeds?: SeedSource
}

/**
 * The instant kit of `services`, made on first use. Its clock is the services' clock (which tests
 * move) unless `options` bring a scheduler; options count only on the first call.
 */
export function instantKit(services: Services, options: InstantKitOptions = {}): InstantKit {
  const known = kits.get(services)
  if (known) return known
  const scheduler = options.scheduler ?? {
    ...realScheduler(),
    now: () => services.now().getTime(),
  }
  const seeds = new SeedPairs(services.db, () => scheduler.now(), options.seeds)
  const live = new LiveTables(services.db, scheduler, services.privacy)
  const bets = new InstantBets({
    db: services.db,
    ledger: services.ledger,
    seeds,
    live,
    scheduler,
    log: options.log ?? consoleLog,
  })
  const kit = { seeds, bets, live, scheduler }
  kits.set(services, kit)
  return kit
}

/**
 * What every snapshot of a game on the instant kit's seed pairs tells a player (instant and
 * stateful games alike): their real balance and currency, and their active pair's public side.
 */
export async function playerSeeds(services: Services, kit: InstantKit, user: Player) {
  const [balances, pair] = await Promise.all([
    services.ledger.balances(user.userId, user.currency),
    kit.seeds.active(user.userId),
  ])
  return {
    balance: balances.real,
    currency: user.currency,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
  }
}
