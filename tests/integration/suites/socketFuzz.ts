import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION } from '../../../games/crash/protocol'
import { INSTANT_PROTOCOL_VERSION } from '../../../games/kit/instant/protocol'
import { STATEFUL_PROTOCOL_VERSION } from '../../../games/kit/stateful/protocol'
import { INSTANT_GAMES, STATEFUL_GAMES } from '../../../games/registry'
import { ROOMS_PROTOCOL_VERSION } from '../../../games/rooms/protocol'
import { GAME_MODULES } from '../../../server/games'
import { diceBet, type SocketsApp, type TestSocket } from '../support/sockets'

/** Refusals that say "your request", as a 4xx does; `internal` is the one that must never come. */
const CLIENT_CODES = [
  'bad_request',
  'unauthorized',
  'rate_limited',
  'limits',
  'balance_not_enough',
  'duplicate',
  'not_found',
  'betting_closed',
  'too_late',
  'max_payout',
  // A stateful game's: a round already open, a step on a round that moved on or has ended.
  'game_in_progress',
  'stale_step',
  'round_over',
]

const key = () => `k-${crypto.randomUUID()}`

/** A valid payload of every command each game serves, by `<game id>:<command>`. */
const EXAMPLES: Record<string, () => unknown> = {
  'crash:bet': () => ({
    type: 'bet',
    v: PROTOCOL_VERSION,
    key: key(),
    amount: 100,
    currency: 'RUB',
    autoCashoutAt: 200,
  }),
  'crash:cashOut': () => ({ type: 'cashOut', v: PROTOCOL_VERSION, key: key(), betId: 'b-1' }),
  'crash:cancelBet': () => ({ type: 'cancelBet', v: PROTOCOL_VERSION, key: key(), betId: 'b-1' }),
  'crash:sync': () => ({ type: 'sync', v: PROTOCOL_VERSION }),
  'rooms:buy': () => ({
    type: 'buy',
    v: ROOMS_PROTOCOL_VERSION,
    key: key(),
    room: 'red',
    currency: 'RUB',
    count: 2,
    clientSeed: 'fuzz seed',
  }),
  'rooms:sync': () => ({ type: 'sync', v: ROOMS_PROTOCOL_VERSION }),
  'dice:bet': diceBet,
  'roulette:bet': () => ({
    type: 'bet',
    v: INSTANT_PROTOCOL_VERSION,
    key: key(),
    amount: 100,
    currency: 'RUB',
    params: { bets: [{ kind: 'straight', numbers: [7], amount: 100 }] },
  }),
  'keno:bet': () => ({
    type: 'bet',
    v: INSTANT_PROTOCOL_VERSION,
    key: key(),
    amount: 100,
    currency: 'RUB',
    params: { picks: [3, 7, 11], risk: 'classic' },
  }),
  'cases:bet': () => ({
    type: 'bet',
    v: INSTANT_PROTOCOL_VERSION,
    key: key(),
    amount: 5000,
    currency: 'RUB',
    params: { case: 'pocket', table: '0'.repeat(64), count: 1 },
  }),
  'time:': () => ({}),
  'resync:': () => ({}),
}
for (const id of [...INSTANT_GAMES.map((game) => game.id), 'live']) {
  EXAMPLES[`${id}:sync`] = () => ({ type: 'sync', v: INSTANT_PROTOCOL_VERSION })
}
/** A stateful game's opening params and a step's action, by game. */
const STATEFUL_EXAMPLES: Record<string, { params: unknown; action: unknown; auto?: unknown }> = {
  miner: { params: { mines: 3 }, action: { tiles: [4] }, auto: { mines: 3, tiles: [4, 9] } },
  hilo: { params: {}, action: { move: 'skip' } },
  coinflip: { params: {}, action: { call: 'heads' }, auto: { calls: ['heads', 'tails'] } },
}
for (const { id } of STATEFUL_GAMES) {
  const game = STATEFUL_EXAMPLES[id]
  if (!game) throw new Error(`no example payloads for the stateful game ${id}`)
  const v = STATEFUL_PROTOCOL_VERSION
  const money = { amount: 100, currency: 'RUB' }
  EXAMPLES[`${id}:open`] = () => ({ type: 'open', v, key: key(), ...money, params: game.params })
  EXAMPLES[`${id}:step`] = () => ({
    type: 'step',
    v,
    key: key(),
    roundId: 'r-1',
    step: 0,
    action: game.action,
  })
  EXAMPLES[`${id}:cashout`] = () => ({ type: 'cashout', v, key: key(), roundId: 'r-1', step: 0 })
  EXAMPLES[`${id}:sync`] = () => ({ type: 'sync', v })
  // A game without auto play refuses `bet`; its payload is any instant bet's.
  EXAMPLES[`${id}:bet`] = () => ({
    type: 'bet',
    v: INSTANT_PROTOCOL_VERSION,
    key: key(),
    ...money,
    params: game.auto ?? {},
  })
}

/** Any UTF-16 code unit: control characters, NUL and lone surrogates among them. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))
const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', '\u0001\u001f\u007f'),
  fc.string({ unit: codeUnit, maxLength: 70 }),
  fc.string({ unit: codeUnit, maxLength: 8 }).map((s) => `key-${s}-${'0'.repeat(8)}`.slice(0, 64)),
)
/** Integers at and past every bound a column or a schema has. */
const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53 - 1,
    2 ** 53,
    -(2 ** 53),
    1e21,
    Number.MAX_VALUE,
    0.5,
  ),
  fc.integer(),
  fc.double(),
)
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 4, arbitrary: hostileNumber },
  fc.constantFrom(null, true, [], {}, [hostileString], { a: '\u0000' }),
)
/** Characters no stored text may hold, and control characters that it may. */
const oddChar = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u0001', '\u001b', '\u007f'),
  codeUnit,
)

/**
 * A value to put where `original` was: mostly one of its own type that would pass but for one
 * character or its size (a key with a NUL inside reaches the game, not only the schema), else
 * anything hostile.
 */
function hostileFor(original: unknown): fc.Arbitrary<unknown> {
  if (typeof original === 'string') {
    const spliced = fc
      .tuple(fc.nat({ max: original.length }), oddChar)
      .map(([i, c]) => original.slice(0, i) + c + original.slice(i))
    return fc.oneof({ weight: 4, arbitrary: spliced }, { weight: 1, arbitrary: hostileValue })
  }
  if (typeof original === 'number') {
    return fc.oneof({ weight: 4, arbitrary: hostileNumber }, { weight: 1, arbitrary: hostileValue })
  }
  return hostileValue
}

/** Every path to a value inside `value` ([] is the whole of it). */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = [at]
  if (Array.isArray(value)) return here.concat(value.flatMap((v, i) => paths(v, [...at, i])))
  if (typeof value === 'object' && value !== null) {
    return here.concat(Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k])))
  }
  return here
}

/** The value at `path` inside `value`. */
function at(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value)
}

/** `value` with the value at `path` replaced (copied, never changed in place). */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by
  const [head, ...rest] = path as [string | number, ...(string | number)[]]
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >
  copy[head] = replaced(copy[head], rest, by)
  return copy
}

/**
 * Fuzzing every socket command of every game (issue #24, item 5), run by sockets.test.ts on each
 * driver: valid payloads with one value (or the whole) replaced by text with NUL, control
 * characters and lone surrogates, or by numbers at and past integer bounds, sent by a player with
 * money. Each is answered by a refusal of the caller's making or an ok, never `internal`.
 */
export function socketFuzzSuite(ctx: { s: SocketsApp }): void {
  describe('fuzzing every socket command', () => {
    it('serves every game of the registry', () => {
      const { s } = ctx
      expect(s.games.map((g) => g.namespace).sort()).toEqual(
        GAME_MODULES.map((g) => g.namespace).sort(),
      )
    })

    it('answers a key or id with NUL or half a surrogate pair bad_request', async () => {
      const { s } = ctx
      const p = await s.player(1_000_000, 1)
      const crash = s.connect('/crash', p.sessions[0].token, '10.10.0.1')
      const dice = s.connect('/dice', p.sessions[0].token, '10.10.0.1')
      await Promise.all([crash.connected, dice.connected])
      for (const bad of ['abc\u0000defgh', 'abc\ud800defgh', 'abc\udfffdefgh']) {
        s.budget.now += 1000
        const crashBet = EXAMPLES['crash:bet']!() as object
        expect(await crash.send('bet', { ...crashBet, key: bad })).toMatchObject({
          code: 'bad_request',
        })
        const cashOut = EXAMPLES['crash:cashOut']!() as object
        expect(await crash.send('cashOut', { ...cashOut, betId: bad })).toMatchObject({
          code: 'bad_request',
        })
        expect(await dice.send('bet', { ...diceBet(), key: bad })).toMatchObject({
          code: 'bad_request',
        })
      }
    })

    it('never answers internal to hostile strings and numbers in any command', async () => {
      const { s } = ctx
      const p = await s.player(100_000_000, 1)
      const sockets = new Map<string, TestSocket>()
      const targets: { namespace: string; command: string; example: () => unknown }[] = []
      for (const game of s.games) {
        const socket = s.connect(game.namespace, p.sessions[0].token, '10.11.0.1')
        await socket.connected
        sockets.set(game.namespace, socket)
        for (const command of [...game.protocol.commands, 'time', 'resync']) {
          const example = EXAMPLES[`${game.id}:${command}`] ?? EXAMPLES[`${command}:`] ?? undefined
          if (!example) throw new Error(`no example payload for ${game.id}:${command}`)
          targets.push({ namespace: game.namespace, command, example })
        }
      }
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...targets).chain((target) => {
            const example = target.example()
            return fc
              .constantFrom(...paths(example))
              .chain((path) =>
                fc.tuple(fc.constant(target), fc.constant(path), hostileFor(at(example, path))),
              )
          }),
          async ([target, path, value]) => {
            s.budget.now += 1000
            const payload = replaced(target.example(), path, value)
            const ack = (await sockets.get(target.namespace)!.send(target.command, payload)) as {
              type?: string
              code?: string
            }
            const what = `${target.namespace} ${target.command} ${JSON.stringify(payload)}`
            expect(ack.code, what).not.toBe('internal')
            if (ack.type === 'error') expect(CLIENT_CODES, what).toContain(ack.code)
            // One crash bet stands per round: withdraw it, so later bets reach the database too.
            if (target.namespace === '/crash' && target.command === 'bet' && ack.type === 'ok') {
              const { betId } = ack as { betId: string }
              const cancel = { type: 'cancelBet', v: PROTOCOL_VERSION, key: key(), betId }
              expect(await sockets.get('/crash')!.send('cancelBet', cancel)).toMatchObject({
                type: 'ok',
              })
            }
          },
        ),
        { numRuns: 600, seed: 242424 },
      )
      // Still serving.
      expect(await sockets.get('/dice')!.send('bet', diceBet())).toMatchObject({
        type: 'ok',
      })
    }, 120_000)
  })
}
