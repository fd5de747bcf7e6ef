/**
 * The stateful kit of one server (one `Services`): the rounds every stateful game shares, drawn
 * from the instant kit's seed pairs, since a player's nonce counts the bets and rounds of every
 * game. The game modules of the same app find the same kit, as they find the same instant kit.
 */
import type { Services } from '../../../services'
import { instantKit, type InstantKit } from '../instant/kit'
import { consoleLog, type GameLog } from '../log'
import type { Scheduler } from '../scheduler'
import { StatefulRounds } from './StatefulRounds'

/** The shared parts of the stateful games. */
export interface StatefulKit {
  readonly rounds: StatefulRounds
  /** The instant kit whose seed pairs the rounds draw from (and whose bets serve auto play). */
  readonly instant: InstantKit
  /** The instant kit's clock: the rounds' times and the expiry timers. */
  readonly scheduler: Scheduler
}

const kits = new WeakMap<Services, StatefulKit>()

/** Options a test may give before anything uses the kit of `services`. */
export interface StatefulKitOptions {
  log?: GameLog
}

/**
 * The stateful kit of `services`, made on first use over `instantKit(services)` (so a test that
 * wants fixed seeds or a fake clock makes the instant kit first, with its options).
 */
export function statefulKit(services: Services, options: StatefulKitOptions = {}): StatefulKit {
  const known = kits.get(services)
  if (known) return known
  const log = options.log ?? consoleLog
  const instant = instantKit(services, { log })
  const rounds = new StatefulRounds({
    db: services.db,
    ledger: services.ledger,
    seeds: instant.seeds,
    scheduler: instant.scheduler,
    log,
  })
  const kit = { rounds, instant, scheduler: instant.scheduler }
  kits.set(services, kit)
  return kit
}
