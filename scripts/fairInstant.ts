/**
 * The instant and stateful games' commands of `npm run fair`: the outcome of one bet from its
 * seed pair and nonce, computed by the same code the server decides it with (the games' rules
 * and the published conversions of games/engine/fairness; docs/games.md writes them out).
 */
import { parseArgs } from 'node:util'
import {
  chanceOf,
  formatHundredths,
  multiplierFor,
  rollOf,
  type Direction,
} from '../games/dice/rules'
import {
  caseTicket,
  cardOf,
  coinOf,
  floatCursor,
  hashServerSeed,
  minesBoard,
  MINES_TILES,
  type FloatCursor,
} from '../games/engine/fairness/index'
import { KENO_RISKS, isValidPicks, settleKeno, type KenoRisk } from '../games/keno/rules'
import { MULTIPLIER_SCALE } from '../games/kit/instant/protocol'
import { colorOf, pocketOf } from '../games/roulette/rules'
import { count, seedPairArgs, UsageError } from './fairArgs'

/** The games `npm run fair` draws for from a seed pair. */
export const INSTANT_COMMANDS = [
  'dice',
  'roulette',
  'keno',
  'mines',
  'hilo',
  'coinflip',
  'cases',
] as const
/** One of {@link INSTANT_COMMANDS}. */
export type InstantCommand = (typeof INSTANT_COMMANDS)[number]

export const INSTANT_USAGE = `  npm run fair -- <game> --server-seed <seed> --client-seed <seed> --nonce <N> [options]
      Prints the outcome of the bet with that nonce, drawn from HMAC_SHA256(serverSeed,
      "clientSeed:nonce:round") as the server drew it (docs/games.md):
      dice      roll = floor(float * 10001) / 100
                [--target <0.01-99.99> [--direction under|over]]  win or loss and multiplier
      roulette  pocket = floor(float * 37)
      keno      10 of 1-40, each floor(float * remaining) of the numbers left
                [--picks <n,n,...> [--risk classic|low|medium|high]]  hits and multiplier
      mines     [--mines <1-24>] (default 3): mine tiles 0-24, drawn like keno
      hilo      [--cards <N>] (default 1): card n = deck[floor(float_n * 52)], deck 2..A,
                each rank diamonds, hearts, spades, clubs
      coinflip  [--flips <N>] (default 1): floor(float * 2), 0 heads, 1 tails
      cases     ticket = floor(float * 100000) + 1`

/** What the commands print to. */
export interface InstantIo {
  readonly out: (line: string) => void
}

const MAX_CARDS = 10_000

function times(x: number): string {
  return `${(x / MULTIPLIER_SCALE).toFixed(4)}x`
}

/** A target like `50.50` in hundredths, or a usage error. */
function hundredths(value: string, flag: string): number {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) {
    throw new UsageError(`${flag} must be a number with at most 2 decimals, got "${value}"`)
  }
  return Math.round(Number(value) * 100)
}

function dice(floats: FloatCursor, values: Record<string, string | undefined>, io: InstantIo) {
  const roll = rollOf(floats.next())
  io.out(`roll ${formatHundredths(roll)}`)
  if (values.target === undefined) return
  const direction = (values.direction ?? 'under') as Direction
  if (direction !== 'under' && direction !== 'over') {
    throw new UsageError(`--direction must be under or over, got "${values.direction}"`)
  }
  const params = { target: hundredths(values.target, '--target'), direction }
  const chance = chanceOf(params)
  if (chance < 1 || chance > 9_800)
    throw new UsageError('--target gives a chance outside 0.01-98 %')
  const win = direction === 'under' ? roll < params.target : roll > params.target
  io.out(
    `roll ${direction} ${formatHundredths(params.target)}: ${win ? 'win' : 'loss'}, ` +
      `chance ${formatHundredths(chance)} %, multiplier ${times(win ? multiplierFor(chance) : 0)}`,
  )
}

function keno(floats: FloatCursor, values: Record<string, string | undefined>, io: InstantIo) {
  const picks = values.picks?.split(',').map((n) => Number(n.trim())) ?? []
  if (values.picks !== undefined && !isValidPicks(picks)) {
    throw new UsageError(`--picks must be 1 to 10 distinct numbers of 1-40, got "${values.picks}"`)
  }
  const risk = (values.risk ?? 'classic') as KenoRisk
  if (!KENO_RISKS.includes(risk)) {
    throw new UsageError(`--risk must be one of ${KENO_RISKS.join(', ')}, got "${values.risk}"`)
  }
  const round = settleKeno(picks, risk, floats)
  io.out(`drawn ${round.drawn.join(' ')}`)
  if (values.picks !== undefined) {
    io.out(
      `hits ${round.hits.length} (${round.hits.join(' ') || 'none'}), ${risk}: ${times(round.multiplier)}`,
    )
  }
}

function mines(floats: FloatCursor, values: Record<string, string | undefined>, io: InstantIo) {
  const m = count(values.mines, '--mines', 3, MINES_TILES - 1)
  if (m < 1) throw new UsageError('--mines must be 1 to 24')
  const board = minesBoard(floats, m)
  io.out(`mines ${[...board].sort((a, b) => a - b).join(' ')}`)
  for (let row = 0; row < 5; row++) {
    const tiles = Array.from({ length: 5 }, (_, col) => (board.includes(row * 5 + col) ? '*' : '.'))
    io.out(tiles.join(' '))
  }
}

/** Runs the command of `game` on its arguments; throws {@link UsageError} on bad input. */
export function instantCommand(game: InstantCommand, args: string[], io: InstantIo): number {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      'server-seed': { type: 'string' },
      'client-seed': { type: 'string' },
      nonce: { type: 'string' },
      target: { type: 'string' },
      direction: { type: 'string' },
      picks: { type: 'string' },
      risk: { type: 'string' },
      mines: { type: 'string' },
      cards: { type: 'string' },
      flips: { type: 'string' },
    },
  })
  const { serverSeed, clientSeed, nonce } = seedPairArgs(values)
  const floats = floatCursor(serverSeed, clientSeed, nonce)
  io.out(`server seed hash ${hashServerSeed(serverSeed)}`)
  switch (game) {
    case 'dice':
      dice(floats, values, io)
      break
    case 'roulette': {
      const pocket = pocketOf(floats.next())
      io.out(`pocket ${pocket} ${colorOf(pocket)}`)
      break
    }
    case 'keno':
      keno(floats, values, io)
      break
    case 'mines':
      mines(floats, values, io)
      break
    case 'hilo': {
      const n = count(values.cards, '--cards', 1, MAX_CARDS)
      const cards = Array.from({ length: n }, () => cardOf(floats.next()))
      io.out(`cards ${cards.map((c) => c.rank + c.suit).join(' ')}`)
      break
    }
    case 'coinflip': {
      const n = count(values.flips, '--flips', 1, MAX_CARDS)
      io.out(`flips ${Array.from({ length: n }, () => coinOf(floats.next())).join(' ')}`)
      break
    }
    case 'cases':
      io.out(`ticket ${caseTicket(floats.next())}`)
      break
    default: {
      const never: never = game
      throw new UsageError(`unknown game ${String(never)}`)
    }
  }
  return 0
}
