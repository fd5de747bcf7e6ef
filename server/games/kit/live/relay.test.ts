import { Server } from 'socket.io'
import { describe, expect, it } from 'vitest'
import type { GameWire } from '../module'
import { command } from '../namespace'
import type { Player } from '../player'
import { relayedWire } from './relay'

const player = { userId: 1, name: 'BraveOtter1', currency: 'RUB' } as Player

/** A game's own wire over a counter: `add` adds, the snapshot tells the sum. */
function counterWire() {
  let sum = 0
  const wire: GameWire = {
    commands: {
      add: command({
        parse: (p: unknown) => (typeof p === 'number' ? p : null),
        run: (_user, n: number) => ({ type: 'ok', sum: (sum += n) }),
      }),
    },
    refusal: (code) => ({ type: 'error', code }),
    snapshot: async () => ({ type: 'snapshot', sum }),
    serverTime: () => 42,
  }
  return wire
}

describe('relayedWire in one process (no cluster adapter)', () => {
  // A socket.io server attached to nothing: its namespaces and adapter, no port to close.
  const namespace = () => new Server().of('/counter')
  const errors: unknown[] = []
  const log = { info: () => {}, error: (obj: object) => void errors.push(obj) }

  it('runs commands and snapshots here while this process leads', async () => {
    const wire = relayedWire({
      nsp: namespace(),
      game: 'counter',
      wire: counterWire(),
      leading: () => true,
      log,
    })
    expect(wire.commands.add!.parse(2)).toBe(2)
    expect(wire.commands.add!.parse('2')).toBeNull()
    expect(await wire.commands.add!.run(player, 2 as never)).toEqual({ type: 'ok', sum: 2 })
    expect(await wire.snapshot(null)).toEqual({ type: 'snapshot', sum: 2 })
    expect(wire.serverTime()).toBe(42)
  })

  it('refuses `internal` at once while nobody it can reach leads, and runs nothing', async () => {
    const game = counterWire()
    const wire = relayedWire({
      nsp: namespace(),
      game: 'counter',
      wire: game,
      leading: () => false,
      log,
    })
    expect(await wire.commands.add!.run(player, 5 as never)).toEqual({
      type: 'error',
      code: 'internal',
    })
    await expect(wire.snapshot(player)).rejects.toThrow(/no process leads/)
    expect(await game.snapshot(null)).toEqual({ type: 'snapshot', sum: 0 })
    expect(errors).toHaveLength(2)
  })
})
