/**
 * The steps of the stateful games (miner, hilo, coinflip) for the `instant` benchmark: each player
 * keeps one round of each game open and plays a step of it when its turn comes, a steady
 * PACED_PER_SECOND steps/s round robin over the players; a round that ends (a mine, a wrong
 * guess, a full board) is opened again before the player's next step, and that opening is not
 * counted. A step is the family's whole path: the socket command, the compare-and-set of the
 * round's row and its step row in one transaction, the rules, the ack with the public view.
 */
import type { Socket } from 'socket.io-client'
import { coinflipGame } from '../games/coinflip/game'
import { CARDS } from '../games/engine/fairness'
import { hiloGame } from '../games/hilo/game'
import { likelierGuess, rankOf } from '../games/hilo/rules'
import { minerGame } from '../games/miner/game'
import { percentile } from './harness'

/** The stateful games stepped, each with the step a player takes on its round's public view. */
export const STATEFUL_BENCH_GAMES = [
  {
    game: minerGame,
    // One mine: the first tile not yet revealed, so most rounds run many steps.
    params: { mines: 1 },
    action: (view: { revealed: number[] }) => {
      const next = Array.from({ length: 25 }, (_, tile) => tile).find(
        (tile) => !view.revealed.includes(tile),
      )
      return { tiles: [next ?? 0] }
    },
  },
  {
    game: hiloGame,
    params: {},
    action: (view: { cards: number[] }) => ({
      move: likelierGuess(rankOf(CARDS[view.cards[view.cards.length - 1]!]!)),
    }),
  },
  { game: coinflipGame, params: {}, action: () => ({ call: 'heads' as const }) },
] as const

/** One of them. */
export type SteppedGame = (typeof STATEFUL_BENCH_GAMES)[number]

/** A round as the acks show it (the part the benchmark reads). */
interface AckedRound {
  roundId: string
  step: number
  status: string
  view: never
}

/** What a paced run measured. */
export interface StepLoad {
  steps: number
  refused: number
  perSecond: number
  p50: number
  p99: number
}

const round1 = (n: number) => Math.round(n * 10) / 10

/** Opens a round of `entry` for the player on `socket`; its ack's round. */
async function open(socket: Socket, entry: SteppedGame, key: string): Promise<AckedRound> {
  const ack = (await socket.timeout(10_000).emitWithAck('open', {
    type: 'open',
    v: 1,
    key,
    amount: 100,
    currency: 'RUB',
    params: entry.params,
  })) as { type: string; code?: string; round?: AckedRound }
  if (ack.type !== 'ok' || !ack.round) throw new Error(`[bench] open refused: ${ack.code}`)
  return ack.round
}

/** Each player's round of a game as its last ack showed it (null: none open yet). */
export type PlayerRounds = (AckedRound | null)[]

/**
 * `perSecond` steps/s of `entry` for `seconds`, round robin over the players (`sockets`);
 * each player's steps follow each other (a step waits for the player's previous answer).
 * `rounds` carries each player's open round from one run to the next (a warm-up's to the
 * measured run), since a player has one open round of a game at a time.
 */
export async function pacedSteps(
  sockets: Socket[],
  entry: SteppedGame,
  tag: string,
  perSecond: number,
  seconds: number,
  rounds: PlayerRounds,
): Promise<StepLoad> {
  const rtts: number[] = []
  let refused = 0
  let opened = 0
  const queues: Promise<void>[] = sockets.map(() => Promise.resolve())
  const play = async (player: number, i: number) => {
    const socket = sockets[player]!
    let now = rounds[player]
    if (!now || now.status !== 'open') now = await open(socket, entry, `${tag}-open-${opened++}`)
    const started = performance.now()
    const ack = (await socket.timeout(10_000).emitWithAck('step', {
      type: 'step',
      v: 1,
      key: `${tag}-${player}-${i}`,
      roundId: now.roundId,
      step: now.step,
      action: entry.action(now.view),
    })) as { type: string; round?: AckedRound }
    if (ack.type === 'ok') rtts.push(performance.now() - started)
    else refused++
    // A refusal without a round (a failure) leaves the round where the player last saw it.
    rounds[player] = ack.round ?? now
  }
  const total = perSecond * seconds
  const gapMs = 1000 / perSecond
  const started = performance.now()
  for (let i = 0; i < total; i++) {
    const wait = started + i * gapMs - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const player = i % sockets.length
    queues[player] = queues[player]!.then(() => play(player, i))
  }
  await Promise.all(queues)
  const elapsed = (performance.now() - started) / 1000
  return {
    steps: rtts.length,
    refused,
    perSecond: Math.round(rtts.length / elapsed),
    p50: round1(percentile(rtts, 50)),
    p99: round1(percentile(rtts, 99)),
  }
}
