/**
 * The stateful games' commands of `npm run fair` (mines, also spelt miner; hilo; coinflip): the
 * draws of a round from its seed pair and nonce, and with `--tiles`, `--guesses` or `--calls` the
 * whole round replayed step by step with each step's multiplier and the payout, by the same rules
 * the server plays it with (games/miner, games/hilo, games/coinflip).
 */
import {
  cardOf,
  floatCursor,
  hashServerSeed,
  type FloatCursor,
} from '../games/engine/fairness/index'
import { CURRENCIES, isCurrency, maxBetPayout, type Minor } from '../games/engine/money'
import { flip, coinflipMultiplier, isSide, MAX_FLIPS, sideOf } from '../games/coinflip/rules'
import {
  canCashOut as hiloCanCashOut,
  guessesOn,
  lastCard,
  moveRefusal,
  playMove,
  rankOf,
  startRound,
  type HiloMove,
} from '../games/hilo/rules'
import {
  cashOutPayout,
  minerBoard,
  MAX_MINES,
  revealRefusal,
  revealStep,
} from '../games/miner/rules'
import type { StakeCap } from '../games/kit/stateful/rules'
import { count, gameArgs, UsageError } from './fairArgs'

/** The stateful games `npm run fair` replays (`miner` is `mines`). */
export const STATEFUL_COMMANDS: readonly string[] = ['mines', 'miner', 'hilo', 'coinflip']

const STAKE_USAGE = `[--amount <minor units> (default 100)] [--currency ${CURRENCIES.join('|')} (default RUB, for the cap)]`
const line = (id: string, usage: string) => `      ${id.padEnd(10)}${usage}`

/** The stateful commands' lines of the CLI's usage. */
export const STATEFUL_USAGE = [
  line(
    'mines',
    `[--mines <1-24>] (default 3): mine tiles 0-24, drawn like keno (alias: miner)
                [--tiles <t,t+t,...>]  replays the round: one step a comma, t+t reveals
                several tiles in one step, then cashes out`,
  ),
  line(
    'hilo',
    `[--cards <N>] (default 1): card n = deck[floor(float_n * 52)], deck 2..A,
                each rank diamonds, hearts, spades, clubs
                [--guesses <g,g,...>]  replays the round from card 0: higher, lower (the
                or-same guesses between the edges; higher/lower on an ace/king), same, skip`,
  ),
  line(
    'coinflip',
    `[--flips <N>] (default 1): floor(float * 2), 0 heads, 1 tails
                [--calls <heads|tails,...>]  replays a streak of calls`,
  ),
  `      with a replay: ${STAKE_USAGE}`,
].join('\n')

/** What the commands print to. */
export interface StatefulIo {
  readonly out: (line: string) => void
}

const OPTIONS = ['mines', 'tiles', 'cards', 'guesses', 'flips', 'calls', 'amount', 'currency']
const MAX_DRAWS = 10_000

/** A multiplier in ten-thousandths as players read it: `19800` is `1.9800x`. */
const x = (multiplier: number) => `${(multiplier / 10_000).toFixed(4)}x`

/** A comma list flag's entries, trimmed (null when the flag is absent). */
function list(value: string | undefined, flag: string): string[] | null {
  if (value === undefined) return null
  const items = value.split(',').map((item) => item.trim())
  if (items.some((item) => item === '')) throw new UsageError(`${flag} has an empty entry`)
  return items
}

function stakeArgs(values: Record<string, string | undefined>): StakeCap {
  const currency = values.currency ?? 'RUB'
  if (!isCurrency(currency))
    throw new UsageError(`--currency must be one of ${CURRENCIES.join(', ')}`)
  const amount = count(values.amount, '--amount', 100, Number.MAX_SAFE_INTEGER)
  if (amount < 1) throw new UsageError('--amount must be at least 1')
  return { amount: amount as Minor, cap: maxBetPayout(currency) }
}

/** The payout line of a round that ended with a win at `multiplier`. */
function cashOut(io: StatefulIo, stake: StakeCap, multiplier: number, why: string) {
  io.out(
    `cash out at ${x(multiplier)} (${why}): payout ${cashOutPayout(stake, multiplier)} of ${stake.amount}`,
  )
}

function mines(floats: FloatCursor, values: Record<string, string | undefined>, io: StatefulIo) {
  const m = count(values.mines, '--mines', 3, MAX_MINES)
  if (m < 1) throw new UsageError('--mines must be 1 to 24')
  const board = minerBoard(floats, m)
  io.out(`mines ${[...board].sort((a, b) => a - b).join(' ')}`)
  for (let row = 0; row < 5; row++) {
    const tiles = Array.from({ length: 5 }, (_, col) => (board.includes(row * 5 + col) ? '*' : '.'))
    io.out(tiles.join(' '))
  }
  const steps = list(values.tiles, '--tiles')?.map((step) => step.split('+').map(Number))
  if (!steps) return
  const stake = stakeArgs(values)
  let revealed: number[] = []
  for (const [i, tiles] of steps.entries()) {
    if (revealRefusal(m, revealed, tiles) !== null) {
      throw new UsageError(
        `--tiles step ${i + 1} (${tiles.join('+')}): tiles 0-24, distinct, unrevealed, at most ${25 - m} in all`,
      )
    }
    const step = revealStep(board, m, revealed, tiles, stake)
    if (step.end === 'mine') {
      io.out(
        `step ${i + 1} tile ${tiles.join('+')}: mine on ${step.hit.join(' ')}, payout 0 of ${stake.amount}`,
      )
      return
    }
    revealed = step.revealed
    io.out(`step ${i + 1} tile ${tiles.join('+')}: safe, ${x(step.multiplier)}`)
    if (step.end !== 'open') {
      cashOut(io, stake, step.multiplier, step.end === 'full' ? 'every safe tile' : 'the cap')
      return
    }
    if (i === steps.length - 1) cashOut(io, stake, step.multiplier, 'after the last step')
  }
}

/** A card as the CLI prints it: `10♥`. */
const label = (card: { rank: string; suit: string }) => card.rank + card.suit
/** A move as the player reads it: `higherOrSame` is `higher-or-same`. */
const spoken = (move: HiloMove) => move.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** A `--guesses` word as the move it is on a card of `rank` (the buttons the player sees). */
function hiloMove(word: string, rank: number): HiloMove | null {
  const edge = guessesOn(rank)[0] !== 'higherOrSame'
  switch (word) {
    case 'higher':
      return edge ? 'higher' : 'higherOrSame'
    case 'lower':
      return edge ? 'lower' : 'lowerOrSame'
    case 'same':
    case 'skip':
      return word
    default:
      return null
  }
}

function hilo(floats: FloatCursor, values: Record<string, string | undefined>, io: StatefulIo) {
  const words = list(values.guesses, '--guesses')
  if (!words) {
    const n = count(values.cards, '--cards', 1, MAX_DRAWS)
    const cards = Array.from({ length: n }, () => cardOf(floats.next()))
    io.out(`cards ${cards.map((c) => c.rank + c.suit).join(' ')}`)
    return
  }
  const stake = stakeArgs(values)
  let round = startRound(cardOf(floats.next()))
  io.out(`card 0 ${label(round.cards[0]!)} (start)`)
  for (const [i, word] of words.entries()) {
    const rank = rankOf(lastCard(round))
    const move = hiloMove(word, rank)
    if (move === null || moveRefusal(round, move) !== null) {
      throw new UsageError(
        `--guesses ${i + 1} "${word}" is not a move on ${label(lastCard(round))}`,
      )
    }
    const step = playMove(round, move, cardOf(floats.next()), stake)
    round = step.round
    const drawn = `card ${round.cards.length - 1} ${label(lastCard(round))}`
    if (step.won === null) io.out(`${drawn}: skip, ${x(round.multiplier)}`)
    else if (!step.won) {
      io.out(`${drawn}: ${spoken(move)} wrong, payout 0 of ${stake.amount}`)
      return
    } else io.out(`${drawn}: ${spoken(move)} correct, ${x(round.multiplier)}`)
    if (step.end === 'cap') return cashOut(io, stake, round.multiplier, 'the cap')
  }
  if (hiloCanCashOut(round)) cashOut(io, stake, round.multiplier, 'after the last guess')
  else io.out(`no correct guess: no cash-out, the stake of ${stake.amount} stays in play`)
}

function coinflip(floats: FloatCursor, values: Record<string, string | undefined>, io: StatefulIo) {
  const calls = list(values.calls, '--calls')
  if (!calls) {
    const n = count(values.flips, '--flips', 1, MAX_DRAWS)
    io.out(`flips ${Array.from({ length: n }, () => sideOf(floats.next())).join(' ')}`)
    return
  }
  if (calls.length > MAX_FLIPS || !calls.every(isSide)) {
    throw new UsageError(`--calls must be 1 to ${MAX_FLIPS} of heads, tails`)
  }
  const stake = stakeArgs(values)
  let streak = 0
  for (const [i, call] of calls.entries()) {
    const step = flip(streak, call, floats.next(), stake)
    if (step.end === 'wrong') {
      io.out(`flip ${i + 1} call ${call}: ${step.side}, wrong, payout 0 of ${stake.amount}`)
      return
    }
    streak = step.streak
    io.out(`flip ${i + 1} call ${call}: ${step.side}, ${x(step.multiplier)}`)
    if (step.end !== 'open') {
      return cashOut(
        io,
        stake,
        step.multiplier,
        step.end === 'cap' ? 'the cap' : `${MAX_FLIPS} flips`,
      )
    }
  }
  cashOut(io, stake, coinflipMultiplier(streak), 'after the last call')
}

/** Runs the command of a stateful `game` on its arguments; throws {@link UsageError} on bad input. */
export function statefulCommand(game: string, args: string[], io: StatefulIo): number {
  const { values, serverSeed, clientSeed, nonce } = gameArgs(args, OPTIONS)
  const floats = floatCursor(serverSeed, clientSeed, nonce)
  io.out(`server seed hash ${hashServerSeed(serverSeed)}`)
  if (game === 'mines' || game === 'miner') mines(floats, values, io)
  else if (game === 'hilo') hilo(floats, values, io)
  else if (game === 'coinflip') coinflip(floats, values, io)
  else throw new UsageError(`unknown game ${game}`)
  return 0
}
