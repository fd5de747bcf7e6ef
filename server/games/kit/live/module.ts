/**
 * A live game on its namespace in any process: its loop run by the one process that leads it
 * (leader.ts), its wire served everywhere (relay.ts). The game gives how to start and stop its
 * loop and the wire over a running loop; this gives back the runtime the realtime layer serves.
 */
import type { GameRuntime, GameStartContext, GameWire } from '../module'
import { realScheduler, type Scheduler } from '../scheduler'
import { LoopLeader } from './leader'
import { relayedWire } from './relay'

/** What a live game gives {@link startLiveGame}. */
export interface LiveGameParts<L> {
  /** The game's id, in log lines and relayed messages. */
  game: string
  /** The loop's lock name, unique per loop (`live:crash`). */
  lockName: string
  /** Starts the loop: its recovery, then its first round. */
  start(): Promise<L>
  /** Stops the loop without ending its round (the next leader's recovery settles it). */
  stop(loop: L): Promise<void>
  /** The game's wire over its loop, asked for the running one on each call. */
  wire(loop: () => L): GameWire
  /** The clock of the leadership's retries (fake in tests); real time by default. */
  scheduler?: Scheduler
}

/** A live game started in this process, leading its loop or following. */
export interface LiveRuntime<L> extends GameRuntime {
  /** Whether this process runs the loop now. */
  readonly leader: LoopLeader
  /** The running loop; throws while this process follows (tests and tools read it). */
  loop(): L
}

/**
 * Starts a live game: tries to lead its loop at once (PGlite, or the first process on
 * PostgreSQL, leads and has its first round open when this resolves) and otherwise follows,
 * serving its sockets through the leader.
 */
export async function startLiveGame<L>(
  { services, nsp, log }: GameStartContext,
  parts: LiveGameParts<L>,
): Promise<LiveRuntime<L>> {
  let running: L | null = null
  const loop = (): L => {
    if (running === null) throw new Error(`[${parts.game}] this process does not lead the loop`)
    return running
  }
  const leader = await LoopLeader.start({
    locks: services.locks,
    name: parts.lockName,
    scheduler: parts.scheduler ?? realScheduler(),
    log,
    lead: async () => {
      running = await parts.start()
    },
    follow: async () => {
      const was = running
      running = null
      if (was !== null) await parts.stop(was)
    },
  })
  const wire = relayedWire({
    nsp,
    game: parts.game,
    wire: parts.wire(loop),
    leading: () => running !== null,
    log,
  })
  return {
    leader,
    loop,
    wire,
    stop: () => leader.stop(),
  }
}
