/**
 * The instant games' commands of `npm run fair`: the outcome of one bet from its seed pair and
 * nonce, computed by the same code the server decides it with (the games' rules and the published
 * conversions of games/engine/fairness; docs/games.md writes them out). The stateful games'
 * commands are scripts/fairStateful.ts.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { floatCursor, hashServerSeed, type FloatCursor } from '../games/engine/fairness/index'
import type { Minor } from '../games/engine/money'
import type { AnyInstantLogic } from '../games/kit/instant/define'
import { INSTANT_GAMES } from '../games/registry'
import { gameArgs, UsageError } from './fairArgs'

/**
 * The registry's instant games with their logic, loaded once (a top-level await, so the CLI and
 * its tests stay synchronous): each is verified by its own rules.
 */
const REGISTERED: readonly { id: string; logic: AnyInstantLogic }[] = await Promise.all(
  INSTANT_GAMES.map(async (game) => ({ id: game.id, logic: await game.logic() })),
)
const registered = (id: string) => REGISTERED.find((game) => game.id === id)

/** The games `npm run fair` draws for from a seed pair. */
export const INSTANT_COMMANDS: readonly string[] = REGISTERED.map((g) => g.id)

const usageLine = (id: string, usage: string) => `      ${id.padEnd(10)}${usage}`

export const INSTANT_USAGE = [
  `  npm run fair -- <game> --server-seed <seed> --client-seed <seed> --nonce <N> [options]
      Prints the outcome of the bet with that nonce, drawn from HMAC_SHA256(serverSeed,
      "clientSeed:nonce:round") as the server drew it (docs/games.md):`,
  ...REGISTERED.map(({ id, logic }) => usageLine(id, logic.fair.usage)),
].join('\n')

/** What the commands print to, and where a file option's relative path starts. */
export interface InstantIo {
  readonly out: (line: string) => void
  readonly cwd: string
}

/** The stake of a bet the verifier settles: the multiplier does not depend on it. */
const VERIFIED_STAKE = 100 as Minor

/** A registered game's bet: its outcome, and its verdict when the options name its params. */
function registeredGame(
  { logic }: { logic: AnyInstantLogic },
  floats: () => FloatCursor,
  values: Record<string, string | undefined>,
  io: InstantIo,
) {
  const params: unknown = logic.fair.params?.(withFiles(logic, values, io.cwd)) ?? null
  if (params !== null && typeof params === 'object' && 'error' in params) {
    throw new UsageError(String(params.error))
  }
  const settle = (p: unknown) => logic.rules.settle(p, VERIFIED_STAKE, floats())
  io.out(logic.describe(settle(params ?? logic.example).outcome))
  if (params !== null && logic.fair.verdict) {
    const verdict = logic.fair.verdict(params, settle(params))
    for (const line of typeof verdict === 'string' ? [verdict] : verdict) io.out(line)
  }
}

/** The options with each file option's path replaced by the file's text. */
function withFiles(
  logic: AnyInstantLogic,
  values: Record<string, string | undefined>,
  cwd: string,
): Record<string, string | undefined> {
  const read = { ...values }
  for (const option of logic.fair.files ?? []) {
    const path = values[option]
    if (path === undefined) continue
    try {
      read[option] = readFileSync(resolve(cwd, path), 'utf8')
    } catch {
      throw new UsageError(`--${option}: cannot read "${path}"`)
    }
  }
  return read
}

/** The options of the games' commands, besides the seed pair's: each game's own. */
const OPTIONS = [...REGISTERED.flatMap(({ logic }) => logic.fair.options ?? [])]

/** Runs the command of `game` on its arguments; throws {@link UsageError} on bad input. */
export function instantCommand(game: string, args: string[], io: InstantIo): number {
  const { values, serverSeed, clientSeed, nonce } = gameArgs(args, OPTIONS)
  io.out(`server seed hash ${hashServerSeed(serverSeed)}`)
  const known = registered(game)
  if (!known) throw new UsageError(`unknown game ${game}`)
  // Each settlement reads the bet's float stream from its start, as the server's did.
  registeredGame(known, () => floatCursor(serverSeed, clientSeed, nonce), values, io)
  return 0
}
