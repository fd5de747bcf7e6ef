/**
 * `npm run fair`: verify provably-fair outcomes from the command line, with the same code the
 * server uses to decide them (games/engine/fairness).
 *
 *   npm run fair -- crash --hash H [--games N] [--salt S] [--terminating T]
 *   npm run fair -- floats --server-seed S --client-seed C --nonce N --count K
 *   npm run fair -- <game> --server-seed S --client-seed C --nonce N [game options]
 *                   (the registry's instant games: scripts/fairInstant.ts; mines or miner,
 *                   hilo and coinflip, whole rounds with --tiles, --guesses, --calls:
 *                   scripts/fairStateful.ts; docs/games.md)
 *   npm run fair -- rooms --server-seed S --nonce N --tickets <list> [--commitment H] ...
 *                   (a room's draw: scripts/fairRooms.ts)
 *
 * Where the crash chain facts come from, first found wins:
 * - salt: `--salt`, else the publication file;
 * - terminating hash: `--terminating`, else `TESSERA_TERMINATING_HASH`, else the publication file.
 * The publication file is `.data/crash-chain.json` under the current directory (or `--chain-file`),
 * written by the crash server as `{ "terminatingHash": hex, "salt": text, "length": games }`
 * (`crashChainPublicationSchema`). Exit codes: 0 done, 1 a crash chain or a room's commitment does
 * not verify, 2 bad input.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { z } from 'zod/mini'

import {
  chainPosition,
  crashChainPublicationSchema,
  CRASH_CHAIN_PUBLICATION_PATH,
  crashPoint,
  floats,
  formatCrashPoint,
  hashServerSeed,
  isHash,
  previousGameHash,
  type CrashChainPublication,
} from '../games/engine/fairness/index'
import { count, seedPairArgs, UsageError } from './fairArgs'
import { INSTANT_COMMANDS, INSTANT_USAGE, instantCommand } from './fairInstant'
import { ROOMS_COMMAND, ROOMS_USAGE, roomsCommand } from './fairRooms'
import { STATEFUL_COMMANDS, STATEFUL_USAGE, statefulCommand } from './fairStateful'

// The fairness schemas are zod/mini, which loads no error locale (classic zod did on import);
// this CLI prints their issue texts, so it installs the English one.
z.config(z.locales.en())

/** Environment variable holding a published terminating hash. */
export const TERMINATING_HASH_ENV = 'TESSERA_TERMINATING_HASH'
/** How far back `crash` searches for the terminating hash when no chain length is published. */
export const DEFAULT_MAX_WALK = 10_000_000
const MAX_LISTED_GAMES = 1_000_000
const MAX_FLOATS = 1_000_000

export const USAGE = `Usage:
  npm run fair -- crash --hash <game hash> [--games <N>] [--salt <salt>] [--terminating <hash>]
                        [--chain-file <path>] [--max-walk <steps>]
      Prints the crash point of the game with that hash and of the N games before it, and checks
      that the hash chain reaches the published terminating hash.
      --salt         the public salt (default: from the chain file); use another operator's salt
                     to verify their chain
      --terminating  the published terminating hash (default: $${TERMINATING_HASH_ENV}, then the
                     chain file)
      --chain-file   the crash server's publication (default: ${CRASH_CHAIN_PUBLICATION_PATH})
      --max-walk     how many games back to search for the terminating hash (default: the
                     published chain length, else ${DEFAULT_MAX_WALK})

  npm run fair -- floats --server-seed <seed> --client-seed <seed> --nonce <N> --count <K>
      Prints the first K floats of a bet: HMAC_SHA256(serverSeed, "clientSeed:nonce:round"),
      4 bytes a float, and the server seed's hash as shown before play.

${INSTANT_USAGE}
${STATEFUL_USAGE}

${ROOMS_USAGE}

Exit codes: 0 done, 1 a crash chain or a room's commitment does not verify, 2 bad input.`

/** What the CLI reads from and writes to, so a test can run it in-process. */
export interface FairIo {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly cwd: string
  readonly out: (line: string) => void
  readonly err: (line: string) => void
}

function hashFlag(value: string, flag: string): string {
  if (!isHash(value)) throw new UsageError(`${flag} must be 64 hex digits, got "${value}"`)
  return value.toLowerCase()
}

function readPublication(path: string, explicit: boolean): CrashChainPublication | null {
  if (!existsSync(path)) {
    if (explicit) throw new UsageError(`chain file not found: ${path}`)
    return null
  }
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new UsageError(`chain file ${path} is not JSON: ${(error as Error).message}`)
  }
  const parsed = crashChainPublicationSchema.safeParse(json)
  if (!parsed.success) {
    throw new UsageError(
      `chain file ${path} is not a crash chain publication: ${parsed.error.message}`,
    )
  }
  return parsed.data
}

function crash(args: string[], io: FairIo): number {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      hash: { type: 'string' },
      games: { type: 'string' },
      salt: { type: 'string' },
      terminating: { type: 'string' },
      'chain-file': { type: 'string' },
      'max-walk': { type: 'string' },
    },
  })
  if (values.hash === undefined) throw new UsageError('--hash is required')
  const hash = hashFlag(values.hash, '--hash')
  const before = count(values.games, '--games', 0, MAX_LISTED_GAMES)
  const chainFile = resolve(io.cwd, values['chain-file'] ?? CRASH_CHAIN_PUBLICATION_PATH)
  const publication = readPublication(chainFile, values['chain-file'] !== undefined)

  const salt = values.salt ?? publication?.salt
  if (salt === undefined || salt === '') {
    throw new UsageError(`no salt: pass --salt or publish ${CRASH_CHAIN_PUBLICATION_PATH}`)
  }
  const terminatingText =
    values.terminating ?? io.env[TERMINATING_HASH_ENV] ?? publication?.terminatingHash
  const terminating =
    terminatingText === undefined ? null : hashFlag(terminatingText, '--terminating')
  // The published length bounds the search only when it describes this same chain.
  const publishedLength =
    publication && publication.terminatingHash.toLowerCase() === terminating
      ? publication.length
      : null
  const maxWalk = count(
    values['max-walk'],
    '--max-walk',
    publishedLength ?? DEFAULT_MAX_WALK,
    Number.MAX_SAFE_INTEGER,
  )

  const position = terminating === null ? null : chainPosition(hash, terminating, maxWalk)
  io.out(`salt ${salt}`)
  // Game 0 is the terminating hash itself and is never played, so listing stops at game 1.
  const listed = position === null ? before + 1 : Math.min(before + 1, position)
  let gameHash = hash
  for (let i = 0; i < listed; i++) {
    const label = position === null ? (i === 0 ? 'game' : `game -${i}`) : `game #${position - i}`
    io.out(`${label.padEnd(12)} ${gameHash}  ${formatCrashPoint(crashPoint(gameHash, salt))}x`)
    if (i + 1 < listed) gameHash = previousGameHash(gameHash)
  }

  if (terminating === null) {
    io.err(
      `chain not checked: no terminating hash (pass --terminating, set ${TERMINATING_HASH_ENV} ` +
        `or publish ${CRASH_CHAIN_PUBLICATION_PATH})`,
    )
    return 0
  }
  if (position === null) {
    io.err(
      `NOT VERIFIED: ${maxWalk} hashes back from ${hash} never reach the terminating hash ` +
        `${terminating}`,
    )
    return 1
  }
  io.out(
    `verified: game #${position}, hashing it ${position} times reaches the terminating hash ` +
      terminating,
  )
  return 0
}

function floatsCommand(args: string[], io: FairIo): number {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      'server-seed': { type: 'string' },
      'client-seed': { type: 'string' },
      nonce: { type: 'string' },
      count: { type: 'string' },
    },
  })
  const { serverSeed, clientSeed, nonce } = seedPairArgs(values)
  const k = count(values.count, '--count', null, MAX_FLOATS)
  io.out(`server seed hash ${hashServerSeed(serverSeed)}`)
  floats(serverSeed, clientSeed, nonce, k).forEach((f, i) => io.out(`${i} ${f}`))
  return 0
}

/** Runs the CLI on `argv` (without node and the script) and returns the exit code. */
export function runFair(argv: readonly string[], io: FairIo): number {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'crash':
        return crash(rest, io)
      case 'floats':
        return floatsCommand(rest, io)
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE)
        return 0
      default:
        // A room's draw, the stateful games' rounds, then the registry's instant games.
        if (command === ROOMS_COMMAND) return roomsCommand(rest, io)
        if (command !== undefined && STATEFUL_COMMANDS.includes(command)) {
          return statefulCommand(command, rest, io)
        }
        if (command !== undefined && INSTANT_COMMANDS.includes(command)) {
          return instantCommand(command, rest, io)
        }
        throw new UsageError(command === undefined ? 'no command' : `unknown command "${command}"`)
    }
  } catch (error) {
    // parseArgs reports unknown or valueless flags with a TypeError carrying an ERR_PARSE_ARGS code.
    const code = (error as { code?: unknown }).code
    if (
      error instanceof UsageError ||
      (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
    ) {
      io.err(`fair: ${(error as Error).message}\n\n${USAGE}`)
      return 2
    }
    throw error
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runFair(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  })
}
