/**
 * A live game on its namespace in any process: each of its loops run by the one process that
 * leads it (leader.ts), its wire served everywhere (relay.ts). Crash has one loop; the rooms one
 * per room and currency, each led on its own, so a game gives the keys of its loops. The game
 * gives how to start and stop a loop and the wire over its running loops; this gives back the
 * runtime the realtime layer serves.
 */
import type { GameRuntime, GameStartContext, GameWire } from '../module'
import { realScheduler, type Scheduler } from '../scheduler'
import { LoopLeader } from './leader'
import { relayedWire } from './relay'

/** What a live game of one loop gives {@link startLiveGame}. */
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

/** What a live game of several loops gives {@link startLiveLoops}. */
export interface LiveLoopsParts<L> {
  /** The game's id, in log lines and relayed messages. */
  game: string
  /** Each loop's key; its lock is `live:<key>`, held apart from the other loops'. */
  loops: readonly string[]
  /** Starts loop `key`: its recovery, then its first round. */
  start(key: string): Promise<L>
  /** Stops a loop without ending its round (the next leader's recovery settles it). */
  stop(loop: L): Promise<void>
  /** The game's wire over its loops: `loop(key)` is the running loop, or null while following. */
  wire(loop: (key: string) => L | null): GameWire
  /** The loop a command runs in (its leader answers it), null for a command of none. */
  route(name: string, command: unknown): string | null
  /** True when the game builds its snapshot in any process (from the database). */
  snapshotHere?: boolean
  /** The clock of the leadership's retries (fake in tests); real time by default. */
  scheduler?: Scheduler
}

/** A live game of several loops started in this process, leading some of them or none. */
export interface LiveLoopsRuntime<L> extends GameRuntime {
  /** Each loop's leadership, by key. */
  readonly leaders: ReadonlyMap<string, LoopLeader>
  /** The running loop `key`, or null while this process follows it. */
  loop(key: string): L | null
}

/**
 * Starts a live game of several loops: tries to lead each at once (PGlite, or the first process
 * on PostgreSQL, leads them all and has their first rounds open when this resolves) and follows
 * the others, serving its sockets through their leaders.
 */
export async function startLiveLoops<L>(
  { services, nsp, log }: GameStartContext,
  parts: LiveLoopsParts<L>,
): Promise<LiveLoopsRuntime<L>> {
  const running = new Map<string, L>()
  const leaders = new Map<string, LoopLeader>()
  const scheduler = parts.scheduler ?? realScheduler()
  for (const key of parts.loops) {
    leaders.set(
      key,
      await LoopLeader.start({
        locks: services.locks,
        name: `live:${key}`,
        scheduler,
        log,
        lead: async () => {
          running.set(key, await parts.start(key))
        },
        follow: async () => {
          const was = running.get(key)
          running.delete(key)
          if (was !== undefined) await parts.stop(was)
        },
      }),
    )
  }
  const loop = (key: string): L | null => running.get(key) ?? null
  const wire = relayedWire({
    nsp,
    game: parts.game,
    wire: parts.wire(loop),
    // Null asks for the game as a whole: a process leading any of its loops can answer.
    leading: (key) => (key === null ? running.size > 0 : running.has(key)),
    route: (name, command) => parts.route(name, command),
    ...(parts.snapshotHere ? { snapshotHere: true } : {}),
    log,
  })
  return {
    leaders,
    loop,
    wire,
    async stop() {
      for (const leader of leaders.values()) await leader.stop()
    },
  }
}

/**
 * Starts a live game of one loop: tries to lead it at once (PGlite, or the first process on
 * PostgreSQL, leads and has its first round open when this resolves) and otherwise follows,
 * serving its sockets through the leader.
 */
export async function startLiveGame<L>(
  context: GameStartContext,
  parts: LiveGameParts<L>,
): Promise<LiveRuntime<L>> {
  const key = parts.lockName.replace(/^live:/, '')
  const live = await startLiveLoops<L>(context, {
    game: parts.game,
    loops: [key],
    start: () => parts.start(),
    stop: (loop) => parts.stop(loop),
    wire: (loopOf) =>
      parts.wire(() => {
        const running = loopOf(key)
        if (running === null) throw new Error(`[${parts.game}] this process does not lead the loop`)
        return running
      }),
    route: () => key,
    ...(parts.scheduler ? { scheduler: parts.scheduler } : {}),
  })
  const leader = live.leaders.get(key)!
  return {
    leader,
    loop: () => {
      const running = live.loop(key)
      if (running === null) throw new Error(`[${parts.game}] this process does not lead the loop`)
      return running
    },
    wire: live.wire,
    stop: live.stop,
  }
}
