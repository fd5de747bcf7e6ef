import { describe, expect, it } from 'vitest'
import { diceBet, type SocketsApp, type TestSocket } from '../support/sockets'

/** Closes `sockets` from the server's side, which gives their slots back at once. */
function closeOnServer(s: SocketsApp, namespace: string, sockets: readonly TestSocket[]): void {
  for (const c of sockets) s.realtime.io.of(namespace).sockets.get(c.socket.id!)?.disconnect()
}

/**
 * Socket caps and command budgets (issue #24, item 6), with the default numbers of the config,
 * run by sockets.test.ts on each driver. The per-player windows run on `budget.now`, which stands
 * still here, so a flood meets exactly one window's budget however long it takes.
 */
export function socketBudgetsSuite(ctx: { s: SocketsApp }): void {
  describe('socket caps and command budgets', () => {
    it('caps sockets per player on every namespace together, from any address', async () => {
      const { s } = ctx
      const cap = s.t.services.config.sockets.perPlayer
      expect(cap).toBe(20)
      const p = await s.player(0, 1)
      const token = p.sessions[0].token
      const open = Array.from({ length: cap }, (_, i) =>
        s.connect(i % 2 ? '/dice' : '/roulette', token, `10.6.0.${i + 1}`),
      )
      await Promise.all(open.map((c) => c.connected))
      const over = s.connect('/crash', token, '10.6.1.1')
      await expect(over.connected).rejects.toThrow('too_many_sockets')
      // A socket closed gives its slot back.
      closeOnServer(s, '/dice', [open[1]!])
      await s.connect('/crash', token, '10.6.1.2').connected
      closeOnServer(s, '/dice', open)
      closeOnServer(s, '/roulette', open)
    })

    it('caps sockets per address, guests and players together', async () => {
      const { s } = ctx
      const cap = s.t.services.config.sockets.perAddress
      expect(cap).toBe(50)
      const p = await s.player(0, 1)
      const address = '10.7.0.1'
      const open = [
        s.connect('/dice', p.sessions[0].token, address),
        ...Array.from({ length: cap - 1 }, () => s.connect('/live', null, address)),
      ]
      await Promise.all(open.map((c) => c.connected))
      await expect(s.connect('/crash', null, address).connected).rejects.toThrow('too_many_sockets')
      await s.connect('/crash', null, '10.7.0.2').connected
      closeOnServer(s, '/live', open)
      closeOnServer(s, '/dice', open)
    })

    it("budgets one player's commands as one, however many sockets send them", async () => {
      const { s } = ctx
      const budget = s.t.services.config.sockets.commandsPerSecond
      expect(budget).toBe(50)
      s.budget.now += 1000
      const p = await s.player(1_000_000, 1)
      const sockets = Array.from({ length: 20 }, (_, i) =>
        s.connect('/dice', p.sessions[0].token, `10.8.0.${i + 1}`),
      )
      await Promise.all(sockets.map((c) => c.connected))
      const answers = await Promise.all(
        sockets.flatMap((c) => Array.from({ length: 20 }, () => c.send('bet', diceBet()))),
      )
      const codes = answers.map((a) => (a as { type: string; code?: string }).code ?? 'ok')
      expect(codes.filter((c) => c === 'ok')).toHaveLength(budget)
      expect(codes.filter((c) => c === 'rate_limited')).toHaveLength(400 - budget)
      const bets = await s.t.services.db.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM instant_bets WHERE user_id = $1',
        [p.userId],
      )
      expect(bets[0]!.n).toBe(budget)
      // The next window has a budget again.
      s.budget.now += 1000
      expect(await sockets[0]!.send('time', {})).toMatchObject({ serverTime: expect.any(Number) })
      closeOnServer(s, '/dice', sockets)
    })

    it('budgets the guests of one address as one', async () => {
      const { s } = ctx
      const budget = s.t.services.config.sockets.commandsPerSecond
      s.budget.now += 1000
      const guests = Array.from({ length: 3 }, () => s.connect('/live', null, '10.9.0.1'))
      const elsewhere = s.connect('/live', null, '10.9.0.2')
      await Promise.all([...guests, elsewhere].map((c) => c.connected))
      const answers = await Promise.all(
        guests.flatMap((c) => Array.from({ length: budget }, () => c.send('time', {}))),
      )
      const served = answers.filter((a) => 'serverTime' in (a as object))
      expect(served).toHaveLength(budget)
      expect(await elsewhere.send('time', {})).toMatchObject({ serverTime: expect.any(Number) })
      closeOnServer(s, '/live', [...guests, elsewhere])
    })
  })
}
